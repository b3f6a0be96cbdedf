import { describe, expect, it } from 'vitest';
import type { SearchItem, SearchResult } from '@detal/contract';
import {
  chipsPageText,
  deliveryTermText,
  displayArticle,
  formatStock,
  formatWeight,
  fullResultText,
  notFoundText,
  offersText,
  splitGroups,
} from './search-text.ts';

const NBSP = '\u00A0';

const item = (id: number, group: SearchItem['group'], fields: Partial<SearchItem> = {}): SearchItem => ({
  id,
  article: 'OC 90',
  brand_name: 'KNECHT',
  description: 'Фильтр масляный',
  delivery: 2,
  supplier_name: 'Склад',
  delivery_probability: null,
  delivery_stats: null,
  price: 500,
  quantity: 3,
  weight: 0.305,
  group,
  ...fields,
});

const chips: SearchResult['brands'] = [
  {
    brand_name: 'KNECHT',
    article: 'OC 90',
    description: 'Фильтр масляный',
    offers_count: 3,
    min_price: 486.67,
    min_delivery: 4,
  },
  {
    brand_name: 'MAHLE',
    article: 'OC-90',
    description: 'Фильтр масляный',
    offers_count: 4,
    min_price: 482,
    min_delivery: 2,
  },
];

describe('search texts', () => {
  it('counts offers in Russian', () => {
    expect(offersText(1)).toBe(`1${NBSP}предложение`);
    expect(offersText(3)).toBe(`3${NBSP}предложения`);
    expect(offersText(12)).toBe(`12${NBSP}предложений`);
    expect(offersText(21)).toBe(`21${NBSP}предложение`);
  });

  it('shows weight in kilograms and stock in pieces', () => {
    expect(formatWeight(0.305)).toBe(`0,305${NBSP}кг`);
    expect(formatWeight(1.5)).toBe(`1,5${NBSP}кг`);
    expect(formatWeight(12)).toBe(`12${NBSP}кг`);
    expect(formatWeight(null)).toBe('-');
    expect(formatStock(161)).toBe(`161${NBSP}шт.`);
    expect(formatStock(0)).toBe('нет');
  });

  it('splits requested offers from analogs, keeping their order', () => {
    const items = [item(3, 'requested'), item(1, 'requested'), item(7, 'analog'), item(2, 'analog')];
    const { requested, analogs } = splitGroups(items);
    expect(requested.map((offer) => offer.id)).toEqual([3, 1]);
    expect(analogs.map((offer) => offer.id)).toEqual([7, 2]);
  });

  it('writes the article as the brand writes it, else as the first brand with offers does, else as typed', () => {
    const base: SearchResult = {
      article: 'oc-90',
      normalized_article: 'OC90',
      brand_name: null,
      brands: chips,
      items: [],
    };
    expect(displayArticle(base)).toBe('OC 90');
    expect(displayArticle({ ...base, brand_name: 'MAHLE' })).toBe('OC-90');
    expect(displayArticle({ ...base, brands: [] })).toBe('oc-90');
  });

  it('titles the chips page with the article, the brands and the offers', () => {
    const text = chipsPageText({
      article: 'oc-90',
      normalized_article: 'OC90',
      brand_name: null,
      brands: chips,
      items: [],
    });
    expect(text.title).toBe(`OC 90 — KNECHT, MAHLE: 7${NBSP}предложений`);
    expect(text.description).toBe(
      `Артикул OC 90 — 2${NBSP}бренда (KNECHT, MAHLE): 7${NBSP}предложений, от 482,00${NBSP}₽, срок от 2 дн. ` +
        'Выберите бренд, чтобы сравнить цены, сроки и аналоги.',
    );
  });

  it("says 'срок сегодня' for offers ready today, never 'от 0 дн.'", () => {
    expect(deliveryTermText(0)).toBe('срок сегодня');
    expect(deliveryTermText(2)).toBe('срок от 2 дн.');
    expect(deliveryTermText(null)).toBeNull();
    const today = chipsPageText({
      article: 'OC90',
      normalized_article: 'OC90',
      brand_name: null,
      brands: chips.map((chip) => ({ ...chip, min_delivery: 0 })),
      items: [],
    });
    expect(today.description).toContain('срок сегодня.');
    expect(today.description).not.toContain('0 дн.');
  });

  it('titles a full result with the article, the brand and the number of offers', () => {
    const result: SearchResult = {
      article: 'OC90',
      normalized_article: 'OC90',
      brand_name: 'KNECHT',
      brands: chips,
      items: [
        item(1, 'requested', { price: 486.67, delivery: 4 }),
        item(2, 'requested', { price: 499, delivery: 5 }),
        item(3, 'analog', { brand_name: 'MAHLE', price: 482 }),
        item(4, 'analog', { brand_name: 'VAG', price: 748 }),
        item(5, 'analog', { brand_name: 'MAHLE', price: 562 }),
      ],
    };
    const text = fullResultText(result);
    expect(text.title).toBe(`OC 90 KNECHT — цены и аналоги, 5${NBSP}предложений`);
    expect(text.description).toBe(
      `KNECHT OC 90, Фильтр масляный: 2${NBSP}предложения, от 486,67${NBSP}₽, срок от 4 дн.; 3${NBSP}аналога (MAHLE, VAG).`,
    );
    const withoutAnalogs = fullResultText({
      ...result,
      items: result.items.filter((offer) => offer.group === 'requested'),
    });
    expect(withoutAnalogs.title).toBe(`OC 90 KNECHT — цены и аналоги, 2${NBSP}предложения`);
    expect(withoutAnalogs.description).toBe(
      `KNECHT OC 90, Фильтр масляный: 2${NBSP}предложения, от 486,67${NBSP}₽, срок от 4 дн.`,
    );
  });

  it('says what was not found', () => {
    expect(notFoundText('ZZ-404')).toEqual({
      title: 'ZZ-404 — ничего не найдено',
      description: 'По артикулу ZZ-404 предложений нет. Проверьте артикул или поищите по номеру аналога.',
    });
  });
});
