import {
  SUPPLIER_ORDER_STATES,
  type GoodsReceiptListFilters,
  type PurchaseQueueFilters,
  type SupplierOrderListFilters,
  type SupplierOrderState,
} from '@detal/contract';

/**
 * The purchasing lists' filters as their URLs keep them (issue 29): «К заказу» `?supplier_id=3&q=oc+90&refused=1&
 * date_from=2026-11-01&date_to=2026-11-24&page=2`, the supplier orders `?supplier_id=3&state=sent&state=confirmed&q=ЗП-12`,
 * the receipts `?supplier_id=3&posted=0&q=УПД-17`. Anything malformed is left out rather than refused.
 */

export const PURCHASING_PER_PAGE = 100;

export const positiveInt = (value: string | null): number | null => {
  const number = Number(value);
  return value && /^\d+$/.test(value) && Number.isSafeInteger(number) && number > 0 && number <= 2_147_483_647
    ? number
    : null;
};
const day = (value: string | null): string | null => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);
const text = (value: string | null): string | null => value?.trim().slice(0, 200) || null;

function dayRange(params: URLSearchParams): { date_from: string | null; date_to: string | null } {
  let from = day(params.get('date_from'));
  let to = day(params.get('date_to'));
  if (from && to && to < from) [from, to] = [to, from];
  return { date_from: from, date_to: to };
}

export interface ListQuery<F> {
  filters: F;
  page: number;
}

export function queueQueryOf(url: URL): ListQuery<PurchaseQueueFilters> {
  const params = url.searchParams;
  return {
    filters: {
      supplier_id: positiveInt(params.get('supplier_id')),
      q: text(params.get('q')),
      refused: params.get('refused') === '1' ? true : null,
      ...dayRange(params),
      per_page: PURCHASING_PER_PAGE,
    },
    page: positiveInt(params.get('page')) ?? 1,
  };
}

const isState = (value: string): value is SupplierOrderState =>
  (SUPPLIER_ORDER_STATES as readonly string[]).includes(value);

export function supplierOrdersQueryOf(url: URL): ListQuery<SupplierOrderListFilters> {
  const params = url.searchParams;
  const states = [...new Set(params.getAll('state').flatMap((value) => value.split(',')))].filter(isState);
  return {
    filters: {
      supplier_id: positiveInt(params.get('supplier_id')),
      state: states.length > 0 ? states : null,
      q: text(params.get('q')),
      ...dayRange(params),
      per_page: 50,
    },
    page: positiveInt(params.get('page')) ?? 1,
  };
}

export function receiptsQueryOf(url: URL): ListQuery<GoodsReceiptListFilters> {
  const params = url.searchParams;
  const posted = params.get('posted');
  return {
    filters: {
      supplier_id: positiveInt(params.get('supplier_id')),
      posted: posted === '1' ? true : posted === '0' ? false : null,
      q: text(params.get('q')),
      ...dayRange(params),
      per_page: 50,
    },
    page: positiveInt(params.get('page')) ?? 1,
  };
}
