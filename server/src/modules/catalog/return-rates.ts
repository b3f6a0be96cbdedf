import { sql, type SQL } from 'drizzle-orm';
import {
  RETURN_RATE_DEFAULT_MAX_PERCENT,
  RETURN_RATE_DEFAULT_MIN_PURCHASES,
  normalizeBrand,
  type ReturnRateKind,
  type ReturnRateRow,
  type ReturnRateSort,
  type ReturnRateThreshold,
} from '@detal/contract';
import type { DbExecutor, Tx } from '../../db/index.ts';
import { readShopSetting } from '../../db/shop-settings.ts';
import { auditObjectsOf, type AuditObjectReader } from '../audit/audit-objects.ts';

/*
 * Returns teach the catalogue (issue 32, point 6; decision 0065). The counters of db/schema/return-rates.ts, kept
 * in the transaction that changes them: checkout counts each line ordered (its brand, its supplier, and its analog
 * pair when it was added as an analog), the return's «принят» step counts a «не подошла» return against the pair
 * and a «брак» return against the brand and the supplier. Search reads a pair's row by its unique index.
 */

/** A part: its brand and normalized article. */
export interface CatalogPart {
  brandId: number;
  articleNormalized: string;
}

/** One order line as the counters see it. */
export interface OrderedLine {
  /** The part the client searched when adding the line as an analog; null otherwise. */
  analogOf: CatalogPart | null;
  part: CatalogPart;
  brandName: string;
  supplierId: number | null;
}

const partOrder = (left: CatalogPart, right: CatalogPart): number =>
  left.brandId - right.brandId ||
  (left.articleNormalized < right.articleNormalized ? -1 : left.articleNormalized > right.articleNormalized ? 1 : 0);

/** The two parts in the stored order (side a first): searching either part finds the one row. */
export function pairSides(searched: CatalogPart, bought: CatalogPart): [CatalogPart, CatalogPart] {
  return partOrder(searched, bought) <= 0 ? [searched, bought] : [bought, searched];
}

const pairKey = ([a, b]: [CatalogPart, CatalogPart]) =>
  JSON.stringify([a.brandId, a.articleNormalized, b.brandId, b.articleNormalized]);

const textArray = (values: readonly (string | number)[]) => sql`${sql.param(values.map(String))}::text[]`;

/** Counts of equal keys, the keys sorted: rows are upserted (and locked) in one order by every checkout. */
function tally<K>(keys: readonly K[], keyOf: (key: K) => string): Array<{ key: K; count: number }> {
  const counted = new Map<string, { key: K; count: number }>();
  for (const key of keys) {
    const text = keyOf(key);
    const entry = counted.get(text);
    if (entry) entry.count += 1;
    else counted.set(text, { key, count: 1 });
  }
  return [...counted].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry);
}

/**
 * Counts the lines of an order being placed for their analog pairs: one purchase per line added as an analog of
 * another part (the pair's row made on its first purchase). Answers each line's pair id (null when not bought as an
 * analog), in the order of `lines`, for the lines to keep.
 */
export async function countAnalogPurchasesTx(
  tx: Tx,
  lines: readonly Pick<OrderedLine, 'analogOf' | 'part'>[],
): Promise<Array<number | null>> {
  const sides = lines.map((line) =>
    line.analogOf === null || partOrder(line.analogOf, line.part) === 0 ? null : pairSides(line.analogOf, line.part),
  );
  const pairs = tally(
    sides.filter((side) => side !== null),
    pairKey,
  );
  const pairIds = new Map<string, number>();
  if (pairs.length > 0) {
    const found = await tx.execute<{ id: number; brand_id_a: number; a: string; brand_id_b: number; b: string }>(sql`
      insert into analog_pairs (brand_id_a, article_normalized_a, brand_id_b, article_normalized_b, purchases)
      select w.brand_id_a::int, w.a, w.brand_id_b::int, w.b, w.purchases::int
        from unnest(${textArray(pairs.map((pair) => pair.key[0].brandId))},
                    ${textArray(pairs.map((pair) => pair.key[0].articleNormalized))},
                    ${textArray(pairs.map((pair) => pair.key[1].brandId))},
                    ${textArray(pairs.map((pair) => pair.key[1].articleNormalized))},
                    ${textArray(pairs.map((pair) => pair.count))})
             with ordinality as w(brand_id_a, a, brand_id_b, b, purchases, n)
       order by w.n
      on conflict (article_normalized_a, brand_id_a, article_normalized_b, brand_id_b)
      do update set purchases = analog_pairs.purchases + excluded.purchases
      returning id, brand_id_a, article_normalized_a as a, brand_id_b, article_normalized_b as b`);
    for (const row of found.rows) {
      const key = pairKey([
        { brandId: row.brand_id_a, articleNormalized: row.a },
        { brandId: row.brand_id_b, articleNormalized: row.b },
      ]);
      pairIds.set(key, row.id);
    }
  }
  return sides.map((side) => (side === null ? null : (pairIds.get(pairKey(side)) ?? null)));
}

/**
 * Counts the lines of an order being placed for their brands and suppliers: one purchase each. Called last in the
 * checkout's transaction, as these rows are shared by every checkout of a brand or supplier (decision 0065).
 */
export async function countBrandAndSupplierPurchasesTx(
  tx: Tx,
  lines: readonly Pick<OrderedLine, 'brandName' | 'supplierId'>[],
): Promise<void> {
  const brands = tally(
    lines.map((line) => ({ normalized: normalizeBrand(line.brandName), name: line.brandName })),
    (brand) => brand.normalized,
  );
  await tx.execute(sql`
    insert into brand_return_rates (brand_normalized, brand_name, purchases)
    select w.normalized, w.name, w.purchases::int
      from unnest(${textArray(brands.map((brand) => brand.key.normalized))},
                  ${textArray(brands.map((brand) => brand.key.name))},
                  ${textArray(brands.map((brand) => brand.count))}) with ordinality as w(normalized, name, purchases, n)
     order by w.n
    on conflict (brand_normalized)
    do update set purchases = brand_return_rates.purchases + excluded.purchases, brand_name = excluded.brand_name`);

  const suppliers = tally(
    lines.flatMap((line) => (line.supplierId === null ? [] : [line.supplierId])),
    (id) => String(id).padStart(10, '0'),
  );
  if (suppliers.length > 0) {
    await tx.execute(sql`
      insert into supplier_return_rates (supplier_id, purchases)
      select w.supplier_id::int, w.purchases::int
        from unnest(${textArray(suppliers.map((supplier) => supplier.key))},
                    ${textArray(suppliers.map((supplier) => supplier.count))}) with ordinality as w(supplier_id, purchases, n)
       order by w.n
      on conflict (supplier_id) do update set purchases = supplier_return_rates.purchases + excluded.purchases`);
  }
}

/** A «не подошла» return received of a line bought through this pair. */
export async function countUnfitReturnTx(tx: Tx, pairId: number): Promise<void> {
  await tx.execute(sql`update analog_pairs set returns = returns + 1 where id = ${pairId}`);
}

/** A «брак» return received: against the line's brand and its supplier (rows made when none was counted yet). */
export async function countDefectTx(tx: Tx, line: { brandName: string; supplierId: number | null }): Promise<void> {
  await tx.execute(sql`
    insert into brand_return_rates (brand_normalized, brand_name, defects)
    values (${normalizeBrand(line.brandName)}, ${line.brandName}, 1)
    on conflict (brand_normalized) do update set defects = brand_return_rates.defects + 1`);
  if (line.supplierId !== null) {
    await tx.execute(sql`
      insert into supplier_return_rates (supplier_id, defects) values (${line.supplierId}, 1)
      on conflict (supplier_id) do update set defects = supplier_return_rates.defects + 1`);
  }
}

/* The threshold. */

export async function readReturnRateThreshold(db: DbExecutor): Promise<ReturnRateThreshold> {
  const stored = await readShopSetting(db, 'return_rates');
  return {
    max_percent: stored?.max_percent ?? RETURN_RATE_DEFAULT_MAX_PERCENT,
    min_purchases: stored?.min_purchases ?? RETURN_RATE_DEFAULT_MIN_PURCHASES,
  };
}

/**
 * The threshold as one row (`max_percent`, `min_purchases`), read in SQL from the setting with the same defaults:
 * the search statement is prepared once, so the setting cannot be written into its text.
 */
export const returnRateThresholdSql = sql`
  select coalesce((s.value->>'max_percent')::numeric, ${sql.raw(String(RETURN_RATE_DEFAULT_MAX_PERCENT))}) as max_percent,
         coalesce((s.value->>'min_purchases')::int, ${sql.raw(String(RETURN_RATE_DEFAULT_MIN_PURCHASES))}) as min_purchases
    from (select 1) one left join shop_settings s on s.key = 'return_rates'`;

/**
 * Whether a pair's analog is listed below the others: withdrawn by staff, or over the threshold (`th`: a row of
 * returnRateThresholdSql) with enough purchases. False when `pair` is null (never bought as an analog).
 */
export const pairDemotedSql = (pair: string, threshold: string): SQL =>
  sql.raw(
    `coalesce(${pair}.withdrawn_at is not null or (${pair}.purchases >= ${threshold}.min_purchases and ${pair}.returns * 100 > ${threshold}.max_percent * ${pair}.purchases), false)`,
  );

/* The back office's list. */

const SORT_COLUMNS: Record<ReturnRateSort, string> = {
  rate: 'rate desc nulls last, returns desc, purchases desc',
  returns: 'returns desc, rate desc nulls last, purchases desc',
  purchases: 'purchases desc, rate desc nulls last, returns desc',
};

/** Each kind's rows as `id, name, purchases, returns, withdrawn, demoted`, one statement each. */
function rowsOf(kind: ReturnRateKind): SQL {
  switch (kind) {
    case 'pair':
      return sql`
        select p.id, ba.name || ' ' || p.article_normalized_a || ' ↔ ' || bb.name || ' ' || p.article_normalized_b as name,
               p.purchases, p.returns, p.withdrawn_at is not null as withdrawn, ${pairDemotedSql('p', 'th')} as demoted
          from analog_pairs p
          join brands ba on ba.id = p.brand_id_a
          join brands bb on bb.id = p.brand_id_b
          cross join (${returnRateThresholdSql}) th`;
    case 'brand':
      return sql`
        select null::int as id, r.brand_name as name, r.purchases, r.defects as returns, false as withdrawn,
               false as demoted
          from brand_return_rates r`;
    case 'supplier':
      return sql`
        select r.supplier_id as id, s.name, r.purchases, r.defects as returns, false as withdrawn, false as demoted
          from supplier_return_rates r join suppliers s on s.id = r.supplier_id`;
  }
}

type RateRow = {
  id: number | null;
  name: string;
  purchases: number;
  returns: number;
  withdrawn: boolean;
  demoted: boolean;
};

const toRateRow = (kind: ReturnRateKind, row: RateRow): ReturnRateRow => ({
  kind,
  id: row.id,
  name: row.name,
  purchases: row.purchases,
  returns: row.returns,
  return_percent: row.purchases > 0 ? Math.round((row.returns * 1000) / row.purchases) / 10 : null,
  withdrawn: row.withdrawn,
  demoted: row.demoted,
});

export async function countReturnRates(db: DbExecutor, kind: ReturnRateKind): Promise<number> {
  const [row] = (await db.execute<{ total: number }>(sql`select count(*)::int as total from (${rowsOf(kind)}) r`)).rows;
  return row?.total ?? 0;
}

/** A page of one kind's rows, highest first by `sort`; ties by name. */
export async function listReturnRates(
  db: DbExecutor,
  kind: ReturnRateKind,
  sort: ReturnRateSort,
  limit: number,
  offset: number,
): Promise<ReturnRateRow[]> {
  const found = await db.execute<RateRow>(sql`
    select r.* from (
      select k.*, case when k.purchases > 0 then k.returns::numeric / k.purchases end as rate from (${rowsOf(kind)}) k
    ) r
    order by ${sql.raw(SORT_COLUMNS[sort])}, r.name, r.id
    limit ${limit} offset ${offset}`);
  return found.rows.map((row) => toRateRow(kind, row));
}

/** One pair's row as the list shows it; null when there is none. */
export async function findPairRate(db: DbExecutor, pairId: number): Promise<ReturnRateRow | null> {
  const found = await db.execute<RateRow>(sql`select k.* from (${rowsOf('pair')}) k where k.id = ${pairId}`);
  const row = found.rows[0];
  return row ? toRateRow('pair', row) : null;
}

/** Withdraws or restores a pair, its row locked; answers whether it was withdrawn before, or null when none. */
export async function setPairWithdrawnTx(
  tx: Tx,
  pairId: number,
  withdrawn: boolean,
  by: { staffId: number | null; at: Date },
): Promise<{ wasWithdrawn: boolean } | null> {
  const [locked] = (
    await tx.execute<{ withdrawn: boolean }>(
      sql`select withdrawn_at is not null as withdrawn from analog_pairs where id = ${pairId} for update`,
    )
  ).rows;
  if (!locked) return null;
  await tx.execute(sql`
    update analog_pairs
       set withdrawn_at = ${withdrawn ? by.at.toISOString() : null}::timestamptz,
           withdrawn_by = ${withdrawn ? by.staffId : null}::int
     where id = ${pairId}`);
  return { wasWithdrawn: locked.withdrawn };
}

/** Pairs as the audit log names them. */
export const analogPairAuditObjects: AuditObjectReader = async (db, ids) =>
  auditObjectsOf(
    (
      await db.execute<{ id: number; label: string }>(sql`
        select p.id, ba.name || ' ' || p.article_normalized_a || ' ↔ ' || bb.name || ' ' || p.article_normalized_b as label
          from analog_pairs p join brands ba on ba.id = p.brand_id_a join brands bb on bb.id = p.brand_id_b
         where p.id = any(${sql.param([...ids])}::int[])`)
    ).rows,
  );
