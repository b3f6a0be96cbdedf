import { ORDER_STATUSES } from '@detal/contract/browser';
import type { AdminOrderLineFilters, OrderStatus } from '@detal/contract';

/**
 * The work queue's filters as the URL keeps them: `?q=oc+90&status=new&status=in_work&late=1&supplier_id=3&
 * client=Петров&client_id=7&order_id=42&date_from=2026-11-01&date_to=2026-11-24&page=2`. Anything malformed is left
 * out rather than refused.
 */
export interface QueueQuery {
  filters: AdminOrderLineFilters;
  page: number;
}

export const QUEUE_PER_PAGE = 50;

const positiveInt = (value: string | null): number | null => {
  const number = Number(value);
  return value && /^\d+$/.test(value) && Number.isSafeInteger(number) && number > 0 && number <= 2_147_483_647
    ? number
    : null;
};
const day = (value: string | null): string | null => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);
const isStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

export function queueQueryOf(url: URL): QueueQuery {
  const params = url.searchParams;
  const statuses = [...new Set(params.getAll('status').flatMap((value) => value.split(',')))].filter(isStatus);
  let dateFrom = day(params.get('date_from'));
  let dateTo = day(params.get('date_to'));
  if (dateFrom && dateTo && dateTo < dateFrom) [dateFrom, dateTo] = [dateTo, dateFrom];
  return {
    filters: {
      q: params.get('q')?.trim().slice(0, 200) || null,
      status: statuses.length > 0 ? statuses : null,
      late: params.get('late') === '1' ? true : null,
      client_id: positiveInt(params.get('client_id')),
      supplier_id: positiveInt(params.get('supplier_id')),
      client: params.get('client')?.trim().slice(0, 200) || null,
      order_id: positiveInt(params.get('order_id')),
      date_from: dateFrom,
      date_to: dateTo,
      per_page: QUEUE_PER_PAGE,
    },
    page: positiveInt(params.get('page')) ?? 1,
  };
}
