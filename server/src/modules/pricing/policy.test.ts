import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markupOf, pairKey, profileProblems, sellingPrice } from './policy.ts';
import type { PricingProfile, RoundingRule } from './policy.ts';

const SUPPLIER = 3;
const OTHER_SUPPLIER = 4;
const BRAND = 10;
const OTHER_BRAND = 11;

/** The example of issue 13: 0-300 ₽ +60 %, 300-1000 ₽ +40 %, 1000-5000 ₽ +25 %, above +15 %. */
const retail = (changes: Partial<PricingProfile> = {}): PricingProfile => ({
  baseMarkup: 3000,
  bands: [
    { fromKopecks: 0, toKopecks: 30_000, markup: 6000 },
    { fromKopecks: 30_000, toKopecks: 100_000, markup: 4000 },
    { fromKopecks: 100_000, toKopecks: 500_000, markup: 2500 },
    { fromKopecks: 500_000, toKopecks: null, markup: 1500 },
  ],
  supplierMarkups: new Map(),
  brandMarkups: new Map(),
  supplierBrandMarkups: new Map(),
  rounding: 'kopeck',
  minMarginKopecks: 0,
  ...changes,
});

const offer = (purchaseKopecks: number, supplierId = SUPPLIER, brandId = BRAND) => ({
  purchaseKopecks,
  supplierId,
  brandId,
});

describe('precedence: supplier-and-brand, then brand, then supplier, then band, then base', () => {
  const everyRule = retail({
    supplierMarkups: new Map([[SUPPLIER, 1000]]),
    brandMarkups: new Map([[BRAND, 2000]]),
    supplierBrandMarkups: new Map([[pairKey(SUPPLIER, BRAND), 500]]),
  });
  it.each([
    ['the pair beats every other rule', everyRule, offer(10_000), 'supplier_brand', 500],
    ['the brand beats the supplier and the band', everyRule, offer(10_000, OTHER_SUPPLIER), 'brand', 2000],
    ['the supplier beats the band', everyRule, offer(10_000, SUPPLIER, OTHER_BRAND), 'supplier', 1000],
    ['the band beats the base', everyRule, offer(10_000, OTHER_SUPPLIER, OTHER_BRAND), 'band', 6000],
    ['the base when no band covers the price', retail({ bands: [] }), offer(10_000), 'base', 3000],
    [
      'a pair of another supplier does not apply',
      retail({ supplierBrandMarkups: new Map([[pairKey(OTHER_SUPPLIER, BRAND), 500]]) }),
      offer(10_000),
      'band',
      6000,
    ],
  ] as const)('%s', (_name, profile, priced, rule, markup) => {
    expect(markupOf(profile, priced)).toEqual({ rule, markup });
  });
});

describe('bands: the lower edge belongs to the band, the upper edge to the next', () => {
  it.each([
    [0, 6000],
    [29_999, 6000],
    [30_000, 4000],
    [99_999, 4000],
    [100_000, 2500],
    [499_999, 2500],
    [500_000, 1500],
    [99_999_999, 1500],
  ])('purchase %i kopecks -> markup %i bp', (purchase, markup) => {
    expect(markupOf(retail(), offer(purchase))).toEqual({ rule: 'band', markup });
  });
});

describe('selling price: markup, discount, rounding, minimum margin', () => {
  it.each<[string, Partial<PricingProfile>, number, number, number]>([
    ['60 % on 100.00 ₽', {}, 10_000, 0, 16_000],
    ['40 % on 300.00 ₽', {}, 30_000, 0, 42_000],
    ['half a kopeck rounds up: 0.01 ₽ + 60 % = 0.016 -> 0.02', {}, 1, 0, 2],
    ['25 % on 1 234.57 ₽ = 1 543.2125 -> 1 543.21', {}, 123_457, 0, 154_321],
    ['a 10 % discount after the markup: 160.00 -> 144.00', {}, 10_000, 1000, 14_400],
    ['whole roubles, nearest: 1 543.21 -> 1 543', { rounding: 'rouble' }, 123_457, 0, 154_300],
    ['whole roubles, half up: 160.50 -> 161', { rounding: 'rouble' }, 10_031, 0, 16_100],
    ['up to the next 10 ₽: 1 543.21 -> 1 550', { rounding: 'up_to_10_roubles' }, 123_457, 0, 155_000],
    ['up to the next 10 ₽ keeps an exact ten: 160.00', { rounding: 'up_to_10_roubles' }, 10_000, 0, 16_000],
    ['minimum margin lifts a small markup: 1.00 ₽ + 60 % < 1.00 + 50.00', { minMarginKopecks: 5_000 }, 100, 0, 5_100],
    ['a discount never crosses the minimum margin', { minMarginKopecks: 2_000 }, 10_000, 9000, 12_000],
    [
      'the floor is rounded up, not down: 1.00 + 50.00 -> 60 with tens',
      { minMarginKopecks: 5_000, rounding: 'up_to_10_roubles' },
      100,
      0,
      6_000,
    ],
    ['a zero purchase price with no margin stays free', { bands: [], baseMarkup: 0 }, 0, 0, 0],
  ])('%s', (_name, changes, purchase, discount, expected) => {
    expect(sellingPrice(retail(changes), offer(purchase), discount).kopecks).toBe(expected);
  });

  it('says when the minimum margin set the price, and which rule gave the markup', () => {
    expect(sellingPrice(retail({ minMarginKopecks: 2_000 }), offer(10_000), 9000)).toEqual({
      kopecks: 12_000,
      rule: 'band',
      markup: 6000,
      atMinimumMargin: true,
    });
    expect(sellingPrice(retail(), offer(10_000)).atMinimumMargin).toBe(false);
  });

  it('is exact far past float precision: 90 trillion kopecks + 15 %', () => {
    const purchase = 9_000_000_000_000_00;
    expect(sellingPrice(retail(), offer(purchase)).kopecks).toBe(10_350_000_000_000_00);
  });

  it('never sells below purchase plus minimum margin, and is a whole kopeck count, for any input', () => {
    const rounding = fc.constantFrom<RoundingRule>('kopeck', 'rouble', 'up_to_10_roubles');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        rounding,
        (purchase, markup, discount, minMargin, rule) => {
          const profile = retail({ bands: [], baseMarkup: markup, minMarginKopecks: minMargin, rounding: rule });
          const price = sellingPrice(profile, offer(purchase), discount).kopecks;
          return Number.isSafeInteger(price) && price >= purchase + minMargin;
        },
      ),
    );
  });

  it('is monotonic in the purchase price within one markup', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000 }), (a, delta) => {
        const profile = retail({ bands: [], rounding: 'up_to_10_roubles' });
        return sellingPrice(profile, offer(a)).kopecks <= sellingPrice(profile, offer(a + delta)).kopecks;
      }),
    );
  });
});

describe('profile problems, in Russian, keyed by the field', () => {
  it('finds nothing wrong with a sound profile', () => {
    expect(profileProblems(retail())).toEqual({});
  });

  it('refuses overlapping bands, naming both', () => {
    const problems = profileProblems(
      retail({
        bands: [
          { fromKopecks: 0, toKopecks: 30_000, markup: 6000 },
          { fromKopecks: 20_000, toKopecks: 100_000, markup: 4000 },
        ],
      }),
    );
    expect(problems).toEqual({ 'bands.1': 'Диапазон пересекается с диапазоном № 1' });
  });

  it('refuses a band after an open-ended one', () => {
    const problems = profileProblems(
      retail({
        bands: [
          { fromKopecks: 0, toKopecks: null, markup: 6000 },
          { fromKopecks: 100_000, toKopecks: null, markup: 4000 },
        ],
      }),
    );
    expect(Object.keys(problems)).toEqual(['bands.1']);
  });

  it('refuses an empty or upside-down band', () => {
    const problems = profileProblems(retail({ bands: [{ fromKopecks: 500, toKopecks: 500, markup: 100 }] }));
    expect(problems['bands.0']).toMatch(/больше границы «от»/);
  });

  it('refuses a negative markup anywhere (it sells below cost) and a negative minimum margin', () => {
    const problems = profileProblems(
      retail({
        baseMarkup: -100,
        brandMarkups: new Map([[BRAND, -1]]),
        supplierMarkups: new Map([[SUPPLIER, 100_001]]),
        supplierBrandMarkups: new Map([[pairKey(SUPPLIER, BRAND), 1.5]]),
        minMarginKopecks: -1,
      }),
    );
    expect(Object.keys(problems).sort()).toEqual([
      'base_markup',
      `brands.${BRAND}`,
      'min_margin',
      `supplier_brands.${pairKey(SUPPLIER, BRAND)}`,
      `suppliers.${SUPPLIER}`,
    ]);
    expect(problems.base_markup).toMatch(/ниже закупочной/);
  });
});
