import { DATE_RANGE_MESSAGE } from '@detal/contract/browser';

/** The /bills filters as they sit in the address: ?date_from=yyyy-mm-dd&date_to=…&paid=true|false. */
export interface BillFilterValues {
  date_from: string | null;
  date_to: string | null;
  paid: boolean | null;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

const dateParam = (params: URLSearchParams, name: string): string | null => {
  const value = params.get(name);
  return value && CALENDAR_DATE.test(value) ? value : null;
};

/** The filters of an address; a malformed value is no filter (the form shows it empty). */
export function readBillFilters(params: URLSearchParams): BillFilterValues {
  const paid = params.get('paid');
  return {
    date_from: dateParam(params, 'date_from'),
    date_to: dateParam(params, 'date_to'),
    paid: paid === 'true' ? true : paid === 'false' ? false : null,
  };
}

/** The contract's message when the range is reversed, else null. */
export function billFilterError(filters: BillFilterValues): string | null {
  return filters.date_from && filters.date_to && filters.date_from > filters.date_to ? DATE_RANGE_MESSAGE : null;
}

export const hasBillFilters = (filters: BillFilterValues): boolean =>
  filters.date_from !== null || filters.date_to !== null || filters.paid !== null;
