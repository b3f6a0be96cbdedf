import { DATE_RANGE_MESSAGE, ORDER_STATUSES } from '@detal/contract/browser';
import type { OrderStatus } from '@detal/contract';

/** The /orders filters as they sit in the address: ?date_from=yyyy-mm-dd&date_to=…&status=…&id=… */
export interface OrderFilterValues {
  date_from: string | null;
  date_to: string | null;
  status: OrderStatus | null;
  id: number | null;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
// An order number the database can hold (int4).
const ORDER_NUMBER = /^[1-9]\d{0,9}$/;
const MAX_ORDER_ID = 2_147_483_647;

const dateParam = (params: URLSearchParams, name: string): string | null => {
  const value = params.get(name);
  return value && CALENDAR_DATE.test(value) ? value : null;
};

const isOrderStatus = (value: string | null): value is OrderStatus =>
  value !== null && (ORDER_STATUSES as readonly string[]).includes(value);

/** The filters of an address; a malformed value is no filter (the form shows it empty). */
export function readOrderFilters(params: URLSearchParams): OrderFilterValues {
  const status = params.get('status');
  const id = params.get('id')?.trim().replace(/^№\s*/, '') ?? '';
  return {
    date_from: dateParam(params, 'date_from'),
    date_to: dateParam(params, 'date_to'),
    status: isOrderStatus(status) ? status : null,
    id: ORDER_NUMBER.test(id) && Number(id) <= MAX_ORDER_ID ? Number(id) : null,
  };
}

/** The contract's message when the range is reversed, else null. */
export function orderFilterError(filters: OrderFilterValues): string | null {
  return filters.date_from && filters.date_to && filters.date_from > filters.date_to ? DATE_RANGE_MESSAGE : null;
}

export const hasOrderFilters = (filters: OrderFilterValues): boolean =>
  filters.date_from !== null || filters.date_to !== null || filters.status !== null || filters.id !== null;
