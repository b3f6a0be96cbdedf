import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kopecksToDecimal } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { pairKey, sellingPrice, type PriceBand, type PricingProfile, type RoundingRule } from './policy.ts';
import { sellingPriceKopecksSql, sellingPriceSql } from './policy-sql.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const ids = fc.integer({ min: 1, max: 6 });
// Round markups (0 %, 100 %) and prices ending in parts of a rouble make the rounding edges likely.
const markup = fc.oneof(fc.constant(0), fc.constant(10_000), fc.integer({ min: 0, max: 20_000 }));

/** Bands that never overlap: sorted cut points, each band from one cut to the next, the last one open. */
const bands = fc.uniqueArray(fc.integer({ min: 1, max: 2_000_000 }), { maxLength: 6 }).chain((cuts) => {
  const edges = [0, ...cuts.sort((a, b) => a - b)];
  return fc.tuple(...edges.map(() => markup)).map((markups) =>
    edges.map((from, index): PriceBand => ({
      fromKopecks: from,
      toKopecks: edges[index + 1] ?? null,
      markup: markups[index]!,
    })),
  );
});

const profiles: fc.Arbitrary<PricingProfile> = fc.record({
  baseMarkup: markup,
  bands,
  supplierMarkups: fc.array(fc.tuple(ids, markup), { maxLength: 3 }).map((entries) => new Map(entries)),
  brandMarkups: fc.array(fc.tuple(ids, markup), { maxLength: 3 }).map((entries) => new Map(entries)),
  supplierBrandMarkups: fc
    .array(fc.tuple(ids, ids, markup), { maxLength: 3 })
    .map((entries) => new Map(entries.map(([supplier, brand, value]) => [pairKey(supplier, brand), value]))),
  rounding: fc.constantFrom<RoundingRule>('kopeck', 'rouble', 'up_to_10_roubles'),
  minMarginKopecks: fc.integer({ min: 0, max: 50_000 }),
});

const offers = fc.record({
  purchaseKopecks: fc.oneof(
    fc.integer({ min: 0, max: 9_999_999_999 }),
    fc.integer({ min: 0, max: 9_999_999 }).map((roubles) => roubles * 100 + 50),
    // Doubled by a 100 % markup, these end in half a rouble: the case that tells rounding to nearest from down.
    fc.integer({ min: 0, max: 9_999_999 }).map((roubles) => roubles * 100 + 25),
    fc.integer({ min: 0, max: 999_999 }).map((tens) => tens * 1000 + 500),
  ),
  supplierId: ids,
  brandId: ids,
});

/** The SQL expression evaluated on the test database for one offer, as the search would read it. */
async function priceInDatabase(
  profile: PricingProfile,
  offer: { purchaseKopecks: number; supplierId: number; brandId: number },
  discount: number,
) {
  const columns = {
    purchase: sql`o.price`,
    supplierId: sql`o.supplier_id`,
    brandId: sql`o.brand_id`,
    personalDiscount: sql`${discount}::int`,
  };
  const result = await database.db.execute<{ kopecks: string; roubles: string }>(sql`
    select ${sellingPriceKopecksSql(profile, columns)}::text as kopecks, ${sellingPriceSql(profile, columns)}::text as roubles
    from (select ${kopecksToDecimal(offer.purchaseKopecks)}::numeric(12, 2) as price,
                 ${offer.supplierId}::int as supplier_id, ${offer.brandId}::int as brand_id) as o`);
  return result.rows[0]!;
}

describe('the SQL expression gives the price the policy function gives', () => {
  it('on random profiles, offers and discounts', async () => {
    await fc.assert(
      fc.asyncProperty(
        profiles,
        offers,
        fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
        async (profile, offer, discount) => {
          const expected = sellingPrice(profile, offer, discount).kopecks;
          const { kopecks, roubles } = await priceInDatabase(profile, offer, discount);
          expect(Number(kopecks)).toBe(expected);
          expect(roubles).toBe(kopecksToDecimal(expected));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('at the band edges and with every rule present', async () => {
    const profile: PricingProfile = {
      baseMarkup: 3000,
      bands: [
        { fromKopecks: 0, toKopecks: 30_000, markup: 6000 },
        { fromKopecks: 30_000, toKopecks: null, markup: 1500 },
      ],
      supplierMarkups: new Map([[2, 1000]]),
      brandMarkups: new Map([[3, 2000]]),
      supplierBrandMarkups: new Map([[pairKey(2, 3), 500]]),
      rounding: 'up_to_10_roubles',
      minMarginKopecks: 1_000,
    };
    for (const purchaseKopecks of [0, 1, 29_999, 30_000, 30_001]) {
      for (const [supplierId, brandId] of [
        [2, 3],
        [1, 3],
        [2, 1],
        [1, 1],
      ] as const) {
        const offer = { purchaseKopecks, supplierId, brandId };
        const { kopecks } = await priceInDatabase(profile, offer, 0);
        expect(Number(kopecks), JSON.stringify(offer)).toBe(sellingPrice(profile, offer).kopecks);
      }
    }
  });

  it('refuses a profile number that is not an integer rather than write it into SQL', () => {
    const profile = { ...(fc.sample(profiles, 1)[0] as PricingProfile), baseMarkup: 1.5 };
    expect(() => sellingPriceSql(profile, { purchase: sql`1`, supplierId: sql`1`, brandId: sql`1` })).toThrow(
      /integers only/,
    );
  });
});
