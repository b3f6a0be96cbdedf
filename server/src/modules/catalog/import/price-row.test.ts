import { describe, expect, it } from 'vitest';
import { normalizeArticle } from '@detal/contract';
import {
  articleKey,
  isHeaderRow,
  layoutFromColumnList,
  layoutFromHeader,
  NUL_REFUSAL,
  parsePrice,
  parsePriceRow,
  Refusal,
  type ColumnLayout,
} from './price-row.ts';

describe('parsePrice', () => {
  it('reads every usual spelling as exact text with two decimals', () => {
    const cases: Record<string, string> = {
      '1 234,50': '1234.50',
      '1234.5': '1234.50',
      '1234,5': '1234.50',
      '1\u00A0234,05': '1234.05',
      '12 345 678,9': '12345678.90',
      '1 000': '1000.00',
      '1\u202F234.56': '1234.56',
      '0,1': '0.10',
      '0.01': '0.01',
      '007': '7.00',
      '  99.99 ': '99.99',
      '0': '0.00',
      '9999999999.99': '9999999999.99',
      '1.5e2': '150.00',
      '+12,30': '12.30',
      '12.300': '12.30',
    };
    for (const [text, expected] of Object.entries(cases))
      expect({ text, parsed: parsePrice(text) }).toEqual({ text, parsed: expected });
  });

  it('refuses negative amounts, more than two decimals, non-numbers and amounts numeric(12,2) cannot hold', () => {
    const cases: Record<string, string> = {
      '': 'price is missing',
      '-5': 'price is negative: "-5"',
      '-0,01': 'price is negative: "-0,01"',
      '12.345': 'price has more than two decimals: "12.345"',
      abc: 'price is not a number: "abc"',
      '12,34,56': 'price is not a number: "12,34,56"',
      '1.2.3': 'price is not a number: "1.2.3"',
      'по запросу': 'price is not a number: "по запросу"',
      '10000000000': 'price is too large: "10000000000"',
      NaN: 'price is not a number: "NaN"',
    };
    for (const [text, reason] of Object.entries(cases)) {
      const parsed = parsePrice(text);
      expect(parsed).toBeInstanceOf(Refusal);
      expect({ text, parsed }).toEqual({ text, parsed: new Refusal(reason) });
    }
  });
});

const layout: ColumnLayout = layoutFromColumnList('article,brand,description,price,quantity,delivery,weight');

describe('parsePriceRow', () => {
  it('refuses a row with a NUL character in any cell, which the database could not store', () => {
    for (const cells of [
      ['OC\u000090', 'MAHLE', '', '1'],
      ['OC90', 'MAHLE', 'Фильтр\u0000', '1'],
      ['OC90', 'MAHLE', '', '1', '2', '', '', '\u0000'],
    ]) {
      expect(parsePriceRow(cells, layout)).toEqual(new Refusal(NUL_REFUSAL));
    }
  });

  it('normalizes the article and reads counts and weight', () => {
    expect(parsePriceRow([' oc-90 ', 'MAHLE', ' Фильтр ', '812,5', '>10', '', '0,25'], layout)).toEqual({
      article: 'oc-90',
      articleNormalized: 'OC90',
      brand: 'MAHLE',
      description: 'Фильтр',
      deliveryDays: null,
      price: '812.50',
      quantity: 10,
      weight: '0.250',
    });
    const row = parsePriceRow(['ОС90', 'MAHLE', '', '1', '12+', ' 3 ', '1.5'], layout);
    expect(row).toMatchObject({ articleNormalized: 'OC90', quantity: 12, deliveryDays: 3, weight: '1.500' });
    // Missing trailing cells are empty.
    expect(parsePriceRow(['A1', 'B', '', '5'], layout)).toMatchObject({
      quantity: 0,
      deliveryDays: null,
      weight: null,
    });
  });

  it('gives the first problem of a refused row', () => {
    const reasons = [
      [['', 'MAHLE', '', '1'], 'article is missing'],
      [['--/', 'MAHLE', '', '1'], 'article has no letters or digits: "--/"'],
      [['X'.repeat(65), 'MAHLE', '', '1'], 'article is longer than 64 characters'],
      [['OC90', ' ', '', '1'], 'brand is missing'],
      [['OC90', 'MAHLE', '', 'дёшево'], 'price is not a number: "дёшево"'],
      [['OC90', 'MAHLE', '', '1', '-2'], 'quantity is negative: "-2"'],
      [['OC90', 'MAHLE', '', '1', '2,5'], 'quantity is not a whole number: "2,5"'],
      [['OC90', 'MAHLE', '', '1', '2', 'завтра'], 'delivery is not a whole number: "завтра"'],
      [['OC90', 'MAHLE', '', '1', '2', '1', '-1'], 'weight is negative: "-1"'],
      [['OC90', 'MAHLE', '', '1', '2', '1', '0,1234'], 'weight is not a number with at most three decimals: "0,1234"'],
    ] as const;
    for (const [fields, reason] of reasons) {
      expect({ fields, result: parsePriceRow(fields, layout) }).toEqual({ fields, result: new Refusal(reason) });
    }
  });
});

describe('column layouts', () => {
  it('reads a header row in Russian or English, ignoring unknown columns', () => {
    expect(
      layoutFromHeader([
        'Артикул',
        'Производитель',
        'Наименование',
        'Цена, руб.',
        'Остаток',
        'Срок поставки',
        'Вес, кг',
        'Склад',
      ]),
    ).toEqual({
      article: 0,
      brand: 1,
      description: 2,
      price: 3,
      quantity: 4,
      delivery: 5,
      weight: 6,
    });
    expect(layoutFromHeader(['Brand', 'Part number', 'Price', 'Qty'])).toEqual({
      brand: 0,
      article: 1,
      price: 2,
      quantity: 3,
    });
  });

  it('refuses a header or a column list without the required columns, and unknown or repeated names', () => {
    expect(() => layoutFromHeader(['Артикул', 'Цена'])).toThrow('The header row lacks the column brand');
    expect(() => layoutFromHeader(['OC90', 'MAHLE', '812'])).toThrow('lacks the columns article, brand, price');
    expect(() => layoutFromColumnList('article,brand,cost')).toThrow('Unknown column "cost"');
    expect(() => layoutFromColumnList('article,brand,price,price')).toThrow('Column "price" is given twice');
    expect(layoutFromColumnList('brand,,article,-,price')).toEqual({ brand: 0, article: 2, price: 4 });
  });

  it('tells a header row from a data row', () => {
    expect(isHeaderRow(['article', 'brand', 'price'])).toBe(true);
    expect(isHeaderRow(['Артикул', 'Бренд', '', 'Цена'])).toBe(true);
    expect(isHeaderRow(['OC90', 'MAHLE', '812'])).toBe(false);
    expect(isHeaderRow(['Описание', 'Вес'])).toBe(false);
    expect(isHeaderRow(['', ''])).toBe(false);
  });
});

describe('articleKey', () => {
  it('gives what normalizeArticle gives, on plain, ASCII and other spellings', () => {
    const spellings = [
      'OC90',
      'oc 90',
      'OC-90',
      'w 712/75',
      '0 986 452 041',
      'a.b_c~d!e',
      ' x ',
      'ос90',
      'ЖД-12',
      'ＯＣ９０',
      'Mañana-1',
      '---',
    ];
    for (const spelling of spellings)
      expect({ spelling, key: articleKey(spelling) }).toEqual({ spelling, key: normalizeArticle(spelling) });
    expect(articleKey('w 712/75')).toBe('W71275');
  });
});
