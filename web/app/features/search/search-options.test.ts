import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SEARCH_OPTIONS,
  brandResultPath,
  hasFilters,
  readSearchOptions,
  searchOptionsQuery,
  searchRequestBody,
} from './search-options.ts';
import { paths } from '../../paths.ts';

const read = (query: string) => readSearchOptions(new URLSearchParams(query));

describe('search options in the URL query', () => {
  it('reads the defaults from an empty query', () => {
    expect(read('')).toEqual(DEFAULT_SEARCH_OPTIONS);
    expect(DEFAULT_SEARCH_OPTIONS).toEqual({ sort: 'price', inStock: false, maxDelivery: null });
  });

  it('reads sort, in stock and the delivery limit', () => {
    expect(read('sort=delivery&in_stock=1&max_delivery=3')).toEqual({
      sort: 'delivery',
      inStock: true,
      maxDelivery: 3,
    });
    expect(read('in_stock=true&max_delivery=0')).toEqual({ sort: 'price', inStock: true, maxDelivery: 0 });
  });

  it('falls back to the default for values that make no sense', () => {
    expect(read('sort=name&in_stock=yes&max_delivery=-1')).toEqual(DEFAULT_SEARCH_OPTIONS);
    expect(read('max_delivery=2.5')).toEqual(DEFAULT_SEARCH_OPTIONS);
    expect(read('max_delivery=366')).toEqual(DEFAULT_SEARCH_OPTIONS);
    expect(read('max_delivery=')).toEqual(DEFAULT_SEARCH_OPTIONS);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(searchOptionsQuery(DEFAULT_SEARCH_OPTIONS)).toBe('');
    const options = { sort: 'delivery', inStock: true, maxDelivery: 0 } as const;
    const query = searchOptionsQuery(options);
    expect(query).toBe('?sort=delivery&in_stock=1&max_delivery=0');
    expect(read(query.slice(1))).toEqual(options);
  });

  it('tells when a filter narrows the result', () => {
    expect(hasFilters(DEFAULT_SEARCH_OPTIONS)).toBe(false);
    expect(hasFilters({ ...DEFAULT_SEARCH_OPTIONS, sort: 'delivery' })).toBe(false);
    expect(hasFilters({ ...DEFAULT_SEARCH_OPTIONS, inStock: true })).toBe(true);
    expect(hasFilters({ ...DEFAULT_SEARCH_OPTIONS, maxDelivery: 0 })).toBe(true);
  });
});

describe('search addresses and requests', () => {
  it('encodes the article and the brand, slashes and spaces included', () => {
    expect(paths.searchArticle('W 712/75')).toBe('/search/W%20712%2F75');
    expect(brandResultPath('HYUNDAI/KIA', '2630035505')).toBe('/search/HYUNDAI%2FKIA/2630035505');
    expect(brandResultPath('KNECHT', 'OC90', { sort: 'delivery', inStock: false, maxDelivery: 5 })).toBe(
      '/search/KNECHT/OC90?sort=delivery&max_delivery=5',
    );
  });

  it('builds the products-search body with only the filters asked for', () => {
    expect(searchRequestBody('oc 90', null, DEFAULT_SEARCH_OPTIONS)).toEqual({
      article: 'oc 90',
      analogs: true,
      sort: 'price',
    });
    expect(searchRequestBody('OC90', 'KNECHT', { sort: 'delivery', inStock: true, maxDelivery: 2 })).toEqual({
      article: 'OC90',
      brand_name: 'KNECHT',
      analogs: true,
      sort: 'delivery',
      in_stock: true,
      max_delivery: 2,
    });
  });
});
