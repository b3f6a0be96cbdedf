import { sql } from 'drizzle-orm';
import type { Database } from '../../server/src/db/index.ts';
import { ALL_BRANDS, suppliers } from '../../server/src/db/schema/index.ts';
import { replaceDeliveryStats, type DeliveryStatsRow } from '../../server/src/modules/delivery-stats/rollup.ts';

/*
 * The learned delivery of `bench:search -- --delivery-stats` (issue 33, decision 0068), written through the rollup's
 * own writer (modules/delivery-stats, what the refresh job calls) rather than computed from a history the bench
 * catalogue does not have:
 *
 * - "learned": every supplier has figures over all brands, and half its brands (by id) figures of their own, all
 *   above the minimum; every supplier is set to learned days and learned probability, so that every offer found
 *   reads its row (the brand's or the supplier's) and takes the longest path through the CASE expressions;
 * - "none": the rollup empty and the suppliers on their typed figures: a shop before its first refresh. The
 *   statement is the same text either way (one index probe that finds nothing), so the difference is what the
 *   figures cost a search.
 */

export async function installLearnedDelivery(database: Database): Promise<string> {
  const { rows } = await database.db.execute<{ supplier_id: number; brand_id: number }>(
    sql`select distinct supplier_id, brand_id from offers`,
  );
  const computedAt = new Date();
  const figures = (supplierId: number, brandId: number, seed: number): DeliveryStatsRow => ({
    supplierId,
    brandId,
    deliveredLines: 40 + (seed % 60),
    lateOpenLines: seed % 3,
    refusedLines: seed % 5,
    onTimeLines: 35 + (seed % 50),
    promisedLines: 40 + (seed % 60),
    medianDays: 2 + (seed % 5),
    p80Days: 4 + (seed % 6),
    p90Days: 6 + (seed % 7),
    onTimePercent: 70 + (seed % 30),
    refusalPercent: seed % 10,
    enough: true,
    computedAt,
  });
  const supplierIds = [...new Set(rows.map((row) => row.supplier_id))];
  const stats = [
    ...supplierIds.map((id) => figures(id, ALL_BRANDS, id)),
    ...rows.filter((row) => row.brand_id % 2 === 0).map((row) => figures(row.supplier_id, row.brand_id, row.brand_id)),
  ];
  await database.db.transaction((tx) => replaceDeliveryStats(tx, stats));
  await database.db.update(suppliers).set({ learnedDeliveryDays: true, learnedDeliveryProbability: true });
  await database.db.execute(sql`analyze supplier_delivery_stats`);
  return `${supplierIds.length} suppliers over all brands and ${stats.length - supplierIds.length} supplier-and-brand rows; every supplier on learned days and probability`;
}

export async function removeLearnedDelivery(database: Database): Promise<void> {
  await database.db.transaction((tx) => replaceDeliveryStats(tx, []));
  await database.db.update(suppliers).set({ learnedDeliveryDays: false, learnedDeliveryProbability: false });
  await database.db.execute(sql`analyze supplier_delivery_stats`);
}
