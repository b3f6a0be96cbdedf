import { describe, expect, it } from 'vitest';
import { normalizeArticle } from '@detal/contract';
import {
  articleKey,
  isHeaderRow,
  layoutFromColumnList,
  layoutFromHeader,
  NUL_REFUSAL,
  DEFAULT_READING_RULES,
  parseDelivery,
  parsePrice,
  parsePriceRow,
  parseStock,
  Refusal,
  type ColumnLayout,
  type ReadingRules,
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
      '': 'нет цены',
      '-5': 'цена отрицательная: «-5»',
      '-0,01': 'цена отрицательная: «-0,01»',
      '12.345': 'в цене больше двух знаков после запятой: «12.345»',
      abc: 'цена не число: «abc»',
      '12,34,56': 'цена не число: «12,34,56»',
      '1.2.3': 'цена не число: «1.2.3»',
      'по запросу': 'цена не число: «по запросу»',
      '10000000000': 'цена слишком большая: «10000000000»',
      NaN: 'цена не число: «NaN»',
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

  it('gives the first problem of a refused row, in Russian', () => {
    const reasons = [
      [['', 'MAHLE', '', '1'], 'нет артикула'],
      [['--/', 'MAHLE', '', '1'], 'в артикуле нет ни букв, ни цифр: «--/»'],
      [['X'.repeat(65), 'MAHLE', '', '1'], 'артикул длиннее 64 символов'],
      [['OC90', ' ', '', '1'], 'нет бренда'],
      [['OC90', 'MAHLE', '', 'дёшево'], 'цена не число: «дёшево»'],
      [['OC90', 'MAHLE', '', '1', '-2'], 'остаток отрицательный: «-2»'],
      [['OC90', 'MAHLE', '', '1', '2,5'], 'остаток не распознан: «2,5»'],
      [['OC90', 'MAHLE', '', '1', 'уточняйте'], 'остаток не распознан: «уточняйте»'],
      [
        ['OC90', 'MAHLE', '', '1', '2', 'по звонку'],
        'срок не распознан (нужно число дней, например «5» или «3-5 дн.»): «по звонку»',
      ],
      [['OC90', 'MAHLE', '', '1', '2', '-3'], 'срок отрицательный: «-3»'],
      [['OC90', 'MAHLE', '', '1', '2', '1', '-1'], 'вес отрицательный: «-1»'],
      [
        ['OC90', 'MAHLE', '', '1', '2', '1', '0,1234'],
        'вес не распознан (нужны килограммы, не больше трёх знаков после запятой): «0,1234»',
      ],
    ] as const;
    for (const [fields, reason] of reasons) {
      expect({ fields, result: parsePriceRow(fields, layout) }).toEqual({ fields, result: new Refusal(reason) });
    }
  });
});

describe('stock and delivery as suppliers write them (issue 26 point 5)', () => {
  const read = (quantity: string, delivery: string, rules?: ReadingRules) => {
    const row = parsePriceRow(['OC90', 'MAHLE', '', '1', quantity, delivery], layout, rules);
    return row instanceof Refusal ? row.reason : { quantity: row.quantity, delivery: row.deliveryDays };
  };

  it('reads ranges, units and words with the default rules: what can be promised for sure', () => {
    const cases: [string, string, { quantity: number; delivery: number | null }][] = [
      ['есть', '3-5', { quantity: 1, delivery: 5 }],
      ['Есть', '3–5 дн.', { quantity: 1, delivery: 5 }],
      ['в наличии', '5 дн.', { quantity: 1, delivery: 5 }],
      ['нет', '5 days', { quantity: 0, delivery: 5 }],
      ['много', '5 дней', { quantity: 10, delivery: 5 }],
      ['<5', 'от 3 до 5', { quantity: 1, delivery: 5 }],
      ['< 5', '3...5', { quantity: 1, delivery: 5 }],
      ['>10', '2 раб. дн.', { quantity: 10, delivery: 2 }],
      ['10+', '1 д.', { quantity: 10, delivery: 1 }],
      ['более 20', 'до 7', { quantity: 20, delivery: 7 }],
      ['12 шт.', 'сегодня', { quantity: 12, delivery: 0 }],
      ['1 200', 'завтра', { quantity: 1200, delivery: 1 }],
      ['5-10', '7 — 10', { quantity: 5, delivery: 10 }],
      ['+', '', { quantity: 1, delivery: null }],
      ['-', '4', { quantity: 0, delivery: 4 }],
      ['12.0', '3,0', { quantity: 12, delivery: 3 }],
      ['<1', '5-3', { quantity: 0, delivery: 5 }],
    ];
    for (const [quantity, delivery, expected] of cases) {
      expect({ quantity, delivery, read: read(quantity, delivery) }).toEqual({ quantity, delivery, read: expected });
    }
  });

  it("reads them by the supplier's own rules", () => {
    const rules: ReadingRules = {
      stockMorePlusOne: true,
      stockLess: 'most',
      stockPresent: 5,
      stockPlenty: 50,
      deliveryRange: 'min',
    };
    expect(read('есть', '3-5', rules)).toEqual({ quantity: 5, delivery: 3 });
    expect(read('много', '3–5 дн.', rules)).toEqual({ quantity: 50, delivery: 3 });
    expect(read('<5', '', rules)).toEqual({ quantity: 4, delivery: null });
    expect(read('до 5', '', rules)).toEqual({ quantity: 5, delivery: null });
    expect(read('>10', '', rules)).toEqual({ quantity: 11, delivery: null });
    expect(read('10+', '', rules)).toEqual({ quantity: 11, delivery: null });
    expect(read('от 10', '', rules)).toEqual({ quantity: 10, delivery: null });
    expect(parseStock('много')).toBe(DEFAULT_READING_RULES.stockPlenty);
    expect(parseDelivery('3-5')).toBe(5);
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
