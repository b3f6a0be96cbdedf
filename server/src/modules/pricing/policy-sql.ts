import { sql, type SQL } from 'drizzle-orm';
import { RULE_PRECEDENCE, type PricingProfile, type RoundingRule } from './policy.ts';

/**
 * The pricing policy as one SQL expression, for statements that sort, filter or aggregate by selling price
 * (search, brand chips): the same rules in the same order as `sellingPrice` in policy.ts, on bigint kopecks.
 * The profile's numbers are written into the statement as integer literals (each checked to be a safe integer
 * first, so nothing else can reach the SQL text): a changed profile is a new statement text, planned afresh,
 * and no offer row is rewritten. policy-sql.test.ts holds the two definitions together on random input.
 */

export interface PricedColumns {
  /** The purchase price in roubles, as `offers.price` (numeric(12,2)). */
  purchase: SQL;
  supplierId: SQL;
  brandId: SQL;
  /** The client's personal discount in basis points (a parameter or a literal); 0 when none. */
  personalDiscount?: SQL;
}

function literal(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new TypeError(`A pricing profile holds integers only, not ${value}`);
  return sql.raw(String(value));
}

/** The markup in basis points: the first rule of RULE_PRECEDENCE that names the offer. */
function markupSql(profile: PricingProfile, columns: PricedColumns, purchaseKopecks: SQL): SQL {
  const whens: Record<(typeof RULE_PRECEDENCE)[number], SQL[]> = {
    supplier_brand: [...profile.supplierBrandMarkups].map(([key, markup]) => {
      const [supplierId, brandId] = key.split(':').map(Number) as [number, number];
      return sql`when ${columns.supplierId} = ${literal(supplierId)} and ${columns.brandId} = ${literal(brandId)} then ${literal(markup)}`;
    }),
    brand: [...profile.brandMarkups].map(
      ([brandId, markup]) => sql`when ${columns.brandId} = ${literal(brandId)} then ${literal(markup)}`,
    ),
    supplier: [...profile.supplierMarkups].map(
      ([supplierId, markup]) => sql`when ${columns.supplierId} = ${literal(supplierId)} then ${literal(markup)}`,
    ),
    band: profile.bands.map((band) =>
      band.toKopecks === null
        ? sql`when ${purchaseKopecks} >= ${literal(band.fromKopecks)} then ${literal(band.markup)}`
        : sql`when ${purchaseKopecks} >= ${literal(band.fromKopecks)} and ${purchaseKopecks} < ${literal(band.toKopecks)} then ${literal(band.markup)}`,
    ),
    base: [],
  };
  const clauses = RULE_PRECEDENCE.flatMap((rule) => whens[rule]);
  if (clauses.length === 0) return literal(profile.baseMarkup);
  return sql`(case ${sql.join(clauses, sql` `)} else ${literal(profile.baseMarkup)} end)`;
}

/** amount × (10000 + bp) / 10000 to the nearest kopeck, half up: non-negative bigints, so `/` floors. */
const scaled = (kopecks: SQL, factor: SQL) => sql`((${kopecks} * ${factor} + 5000) / 10000)`;

function roundedSql(kopecks: SQL, rule: RoundingRule, direction: 'nearest' | 'up'): SQL {
  switch (rule) {
    case 'kopeck':
      return kopecks;
    case 'rouble':
      return direction === 'nearest' ? sql`((${kopecks} + 50) / 100 * 100)` : sql`((${kopecks} + 99) / 100 * 100)`;
    case 'up_to_10_roubles':
      return sql`((${kopecks} + 999) / 1000 * 1000)`;
  }
}

/** The selling price in kopecks (bigint) of the offer in `columns` under `profile`. */
export function sellingPriceKopecksSql(profile: PricingProfile, columns: PricedColumns): SQL {
  const purchase = sql`((${columns.purchase}) * 100)::bigint`;
  const marked = scaled(purchase, sql`(10000 + ${markupSql(profile, columns, purchase)})`);
  const discounted = columns.personalDiscount ? scaled(marked, sql`(10000 - ${columns.personalDiscount})`) : marked;
  const floor = roundedSql(sql`(${purchase} + ${literal(profile.minMarginKopecks)})`, profile.rounding, 'up');
  return sql`greatest(${roundedSql(discounted, profile.rounding, 'nearest')}, ${floor})`;
}

/** The same price in roubles as numeric(14,2), the type money leaves the database in. */
export function sellingPriceSql(profile: PricingProfile, columns: PricedColumns): SQL {
  return sql`(${sellingPriceKopecksSql(profile, columns)}::numeric / 100)::numeric(14, 2)`;
}
