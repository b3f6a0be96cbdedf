import { describe, expect, it } from 'vitest';
import type { ListSearchLine, SearchItem } from '@detal/contract';
import { bestOffer, chosenOffer, initialChoice, itemsToAdd, shortLines, withBrand } from './list-choices.ts';

const offer = (id: number, brand: string, price: number): SearchItem => ({
  id,
  article: 'OC 90',
  brand_name: brand,
  description: 'Фильтр масляный',
  delivery: 2,
  supplier_name: 'Склад',
  delivery_probability: null,
  delivery_stats: null,
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

  it('takes as best the first offer whose stock covers the quantity, not a cheaper one with too few (issue 26)', () => {
    const one = { ...offer(1, 'KNECHT', 500), quantity: 1 };
    const four = { ...offer(2, 'KNECHT', 600), quantity: 4 };
    expect(bestOffer([one, four], 4)?.id).toBe(2);
    expect(bestOffer([one, four], 1)?.id).toBe(1);
    // None covers: the first, the shortfall named when added.
    expect(bestOffer([one], 4)?.id).toBe(1);
    const asked = line({
      quantity: 4,
      chosen_brand: 'KNECHT',
      brands: [{ brand_name: 'KNECHT', article: 'OC 90', description: '', offers_count: 2, offers: [one, four] }],
    });
    expect(initialChoice(asked)).toMatchObject({ offerId: 2, quantity: 4 });
  });

  it('names each line that got fewer pieces than asked', () => {
    const lines = [line({ chosen_brand: 'KNECHT' }), line({ line: 2 }), line({ line: 3, chosen_brand: 'MAHLE' })];
    const choices = lines.map(initialChoice);
    // Line 2 has no brand chosen and is not sent: the answer's items are lines 1 and 3, in that order.
    expect(
      shortLines(lines, choices, [
        { id: 1, requested: 2, added: 2 },
        { id: 3, requested: 2, added: 1 },
      ]),
    ).toEqual([{ line: 3, article: 'OC 90', requested: 2, added: 1 }]);
  });
});
