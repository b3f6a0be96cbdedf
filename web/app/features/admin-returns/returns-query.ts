import {
  RETURN_RATE_KINDS,
  RETURN_RATE_SORTS,
  RETURN_REASONS,
  RETURN_STATES,
  SUPPLIER_RETURN_STATES,
  type ReturnListFilters,
  type ReturnRateKind,
  type ReturnRateSort,
  type ReturnReason,
  type ReturnState,
  type SupplierReturnState,
} from '@detal/contract';
import { positiveInt } from '../admin-purchasing/purchasing-filters.ts';

/**
 * The returns queue's filters as its URL keeps them (issue 32): `?state=requested&client_id=5&supplier_id=3&
 * reason=defect&date_from=2026-11-01&date_to=2026-11-27&page=2`. Anything malformed is left out rather than refused.
 */

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string | null): T | null =>
    value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

const day = (value: string | null): string | null => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

export const returnStateOf = oneOf<ReturnState>(RETURN_STATES);
export const returnReasonOf = oneOf<ReturnReason>(RETURN_REASONS);
export const supplierReturnStateOf = oneOf<SupplierReturnState>(SUPPLIER_RETURN_STATES);

export interface ReturnsQuery {
  filters: ReturnListFilters;
  page: number;
}

export function returnsQueryOf(url: URL): ReturnsQuery {
  const params = url.searchParams;
  let from = day(params.get('date_from'));
  let to = day(params.get('date_to'));
  if (from && to && to < from) [from, to] = [to, from];
  return {
    filters: {
      state: returnStateOf(params.get('state')),
      client_id: positiveInt(params.get('client_id')),
      supplier_id: positiveInt(params.get('supplier_id')),
      reason: returnReasonOf(params.get('reason')),
      date_from: from,
      date_to: to,
    },
    page: positiveInt(params.get('page')) ?? 1,
  };
}

export const returnRateKindOf = oneOf<ReturnRateKind>(RETURN_RATE_KINDS);
export const returnRateSortOf = oneOf<ReturnRateSort>(RETURN_RATE_SORTS);

/** The return rates' view as its URL keeps it (decision 0065): `?kind=brand&sort=returns&page=2`; pairs by rate by default. */
export interface ReturnRatesQuery {
  kind: ReturnRateKind;
  sort: ReturnRateSort;
  page: number;
}

export function returnRatesQueryOf(url: URL): ReturnRatesQuery {
  const params = url.searchParams;
  return {
    kind: returnRateKindOf(params.get('kind')) ?? 'pair',
    sort: returnRateSortOf(params.get('sort')) ?? 'rate',
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** The rates' address for a view: the defaults left out, so the plain address is the pairs by rate. */
export function returnRatesSearch(query: Omit<ReturnRatesQuery, 'page'> & { page?: number }): string {
  const params = new URLSearchParams();
  if (query.kind !== 'pair') params.set('kind', query.kind);
  if (query.sort !== 'rate') params.set('sort', query.sort);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  return params.toString();
}
