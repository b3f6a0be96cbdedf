import { SEARCH_SORTS } from '@detal/contract/browser';
import type { EndpointBodyInput, SearchSort, shopEndpoints } from '@detal/contract';
import { paths } from '../../paths.ts';

type SearchRequestInput = EndpointBodyInput<(typeof shopEndpoints)['products-search']>;

/**
 * The sort and filters of a search page, kept in the URL query (`?sort=delivery&in_stock=1&max_delivery=3`) so
 * that a result can be shared and is rendered on the server as it was seen. Defaults are left out of the URL.
 */
export interface SearchOptions {
  sort: SearchSort;
  inStock: boolean;
  maxDelivery: number | null;
}

export const DEFAULT_SEARCH_OPTIONS: SearchOptions = { sort: 'price', inStock: false, maxDelivery: null };

/** The longest delivery a visitor may ask for; anything longer means no limit. */
export const MAX_DELIVERY_LIMIT = 365;

export const SEARCH_QUERY_KEYS = { sort: 'sort', inStock: 'in_stock', maxDelivery: 'max_delivery' } as const;

const isSort = (value: string | null): value is SearchSort =>
  (SEARCH_SORTS as readonly (string | null)[]).includes(value);

/** The options of a URL query; a value that makes no sense (hand-edited URL) falls back to the default. */
export function readSearchOptions(query: URLSearchParams): SearchOptions {
  const sort = query.get(SEARCH_QUERY_KEYS.sort);
  const inStock = query.get(SEARCH_QUERY_KEYS.inStock);
  const maxDeliveryText = query.get(SEARCH_QUERY_KEYS.maxDelivery)?.trim() ?? '';
  const maxDelivery = /^\d{1,3}$/.test(maxDeliveryText) ? Number(maxDeliveryText) : null;
  return {
    sort: isSort(sort) ? sort : DEFAULT_SEARCH_OPTIONS.sort,
    inStock: inStock === '1' || inStock === 'true' || inStock === 'on',
    maxDelivery: maxDelivery !== null && maxDelivery <= MAX_DELIVERY_LIMIT ? maxDelivery : null,
  };
}

/** '?sort=delivery&in_stock=1', or '' when every option is the default. */
export function searchOptionsQuery(options: SearchOptions): string {
  const query = new URLSearchParams();
  if (options.sort !== DEFAULT_SEARCH_OPTIONS.sort) query.set(SEARCH_QUERY_KEYS.sort, options.sort);
  if (options.inStock) query.set(SEARCH_QUERY_KEYS.inStock, '1');
  if (options.maxDelivery !== null) query.set(SEARCH_QUERY_KEYS.maxDelivery, String(options.maxDelivery));
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

export const hasFilters = (options: SearchOptions): boolean => options.inStock || options.maxDelivery !== null;

/** The body of `products-search` for an article (and a brand) with these options. */
export function searchRequestBody(
  article: string,
  brandName: string | null,
  options: SearchOptions,
): SearchRequestInput {
  return {
    article,
    ...(brandName === null ? {} : { brand_name: brandName }),
    analogs: true,
    sort: options.sort,
    ...(options.inStock ? { in_stock: true } : {}),
    ...(options.maxDelivery === null ? {} : { max_delivery: options.maxDelivery }),
  };
}

/** `/search/KNECHT/OC90?sort=delivery`: a brand's full result, keeping the visitor's options. */
export const brandResultPath = (
  brandName: string,
  article: string,
  options: SearchOptions = DEFAULT_SEARCH_OPTIONS,
): string => paths.searchBrand(brandName, article, searchOptionsQuery(options));
