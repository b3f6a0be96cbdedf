import { describe, expect, it } from 'vitest';
import type { ListSearchLine, SearchItem } from '@detal/contract';
import { chosenOffer, initialChoice, itemsToAdd, withBrand } from './list-choices.ts';

const offer = (id: number, brand: string, price: number): SearchItem => ({
  id,
  article: 'OC 90',
  brand_name: brand,
  description: 'Фильтр масляный',
  delivery: 2,
  supplier_name: 'Склад',
  delivery_probability: null,
  price,
  quantity: 5,
  weight: null,
  group: 'requested',
});

const line = (overrides: Partial<ListSearchLine>): ListSearchLine => ({
  line: 1,
  text: 'OC 90',
  article: 'OC 90',
  brand_name: null,
  quantity: 2,
  status: 'found',
  message: null,
  chosen_brand: null,
  brands: [
    {
      brand_name: 'KNECHT',
      article: 'OC 90',
      description: '',
      offers_count: 2,
      offers: [offer(1, 'KNECHT', 500), offer(2, 'KNECHT', 600)],
    },
    { brand_name: 'MAHLE', article: 'OC 90', description: '', offers_count: 1, offers: [offer(3, 'MAHLE', 480)] },
  ],
  ...overrides,
});

describe('list search choices', () => {
  it('starts a line with its brand chosen in advance and that brand’s best offer, or with nothing to add', () => {
    expect(initialChoice(line({ chosen_brand: 'KNECHT' }))).toEqual({
      brand: 'KNECHT',
      offerId: 1,
      quantity: 2,
      include: true,
    });
    expect(initialChoice(line({}))).toEqual({ brand: null, offerId: null, quantity: 2, include: false });
  });

  it('picking a brand takes its best offer and includes the line', () => {
    const several = line({});
    const picked = withBrand(several, initialChoice(several), 'MAHLE');
    expect(picked).toEqual({ brand: 'MAHLE', offerId: 3, quantity: 2, include: true });
    expect(chosenOffer(several, picked)?.price).toBe(480);
  });

  it('adds only the included lines with an offer chosen, an alternative offer as chosen', () => {
    const lines = [line({ chosen_brand: 'KNECHT' }), line({ line: 2 }), line({ line: 3, chosen_brand: 'MAHLE' })];
    const choices = lines.map(initialChoice);
    choices[0] = { ...choices[0]!, offerId: 2 };
    choices[2] = { ...choices[2]!, include: false };
    expect(itemsToAdd(lines, choices)).toEqual([{ id: 2, quantity: 2 }]);
  });
});
