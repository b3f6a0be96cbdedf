import { describe, expect, it } from 'vitest';
import type { SearchItem } from '@detal/contract';
import { groupByPart } from './offer-groups.ts';

const item = (id: number, brandName: string, article: string): SearchItem => ({
  id,
  brand_name: brandName,
  article,
  description: 'Фильтр масляный',
  delivery: 1,
  supplier_name: 'Склад 1',
  delivery_probability: null,
  delivery_stats: null,
  price: 100 + id,
  quantity: 1,
  weight: null,
  group: 'analog',
});

describe('groupByPart', () => {
  it('keeps the sorted order: each part where its best offer was, its offers in their order', () => {
    const groups = groupByPart([
      item(1, 'MAHLE', 'OC 90'),
      item(2, 'MANN-FILTER', 'W 712/75'),
      item(3, 'MAHLE', 'OC-90'),
      item(4, 'KNECHT', 'OC 90'),
      item(5, 'MANN-FILTER', 'W712/75'),
    ]);
    expect(groups.map((group) => [group.key, group.article, group.items.map((offer) => offer.id)])).toEqual([
      ['MAHLE OC90', 'OC 90', [1, 3]],
      ['MANN-FILTER W71275', 'W 712/75', [2, 5]],
      ['KNECHT OC90', 'OC 90', [4]],
    ]);
  });

  it('tells brands apart for one article, and answers nothing for no offers', () => {
    expect(groupByPart([item(1, 'MAHLE', 'OC 90'), item(2, 'KNECHT', 'OC 90')])).toHaveLength(2);
    expect(groupByPart([])).toEqual([]);
  });
});
