import { BILL_STATES, type AdminBillListFilters, type BillState, type PaymentListFilters } from '@detal/contract';

/**
 * The payments page's state as the URL keeps it: the tab (`?tab=bills`), its filters and its page, so a filtered
 * list can be reloaded, shared and paged.
 */

export const PAYMENTS_PER_PAGE = 50;

export interface PaymentsQuery {
  tab: 'payments' | 'bills';
  payments: Omit<PaymentListFilters, 'per_page'> & { per_page: number };
  bills: Omit<AdminBillListFilters, 'per_page'> & { per_page: number };
  page: number;
}

export const positiveInt = (value: string | null): number | null => {
  const number = Number(value);
  return value && /^\d+$/.test(value) && Number.isSafeInteger(number) && number > 0 && number <= 2_147_483_647
    ? number
    : null;
};
export const day = (value: string | null): string | null => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

/** Reads the page's state; anything malformed is left out rather than refused. */
export function paymentsQueryOf(url: URL): PaymentsQuery {
  const params = url.searchParams;
  const state = params.get('state');
  const common = {
    date_from: day(params.get('date_from')),
    date_to: day(params.get('date_to')),
    bill_id: positiveInt(params.get('bill_id')),
    client_id: positiveInt(params.get('client_id')),
    per_page: PAYMENTS_PER_PAGE,
  };
  return {
    tab: params.get('tab') === 'bills' ? 'bills' : 'payments',
    payments: common,
    bills: { ...common, state: BILL_STATES.includes(state as BillState) ? (state as BillState) : null },
    page: positiveInt(params.get('page')) ?? 1,
  };
}
