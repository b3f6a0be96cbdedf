import { and, eq } from 'drizzle-orm';
import type { SupplierDeliveryFigures } from '@detal/contract';
import type { DbExecutor, Tx } from '../../db/index.ts';
import { ALL_BRANDS, supplierDeliveryStats } from '../../db/schema/index.ts';

/*
 * The rollup `supplier_delivery_stats` (decision 0068): written whole by the refresh job (modules
 * delivery-learning computes, this module owns the table), read per supplier by the back office.
 */

export type DeliveryStatsRow = typeof supplierDeliveryStats.$inferInsert;

/** Replaces every row with `rows`, in the caller's transaction: readers see the old figures or the new, never half. */
export async function replaceDeliveryStats(tx: Tx, rows: readonly DeliveryStatsRow[]): Promise<void> {
  await tx.delete(supplierDeliveryStats);
  // A few thousand rows at most (suppliers × brands ordered within the window); chunks keep each statement small.
  for (let start = 0; start < rows.length; start += 1000) {
    await tx.insert(supplierDeliveryStats).values(rows.slice(start, start + 1000));
  }
}

/** A supplier's figures over all its brands, as the last refresh left them; null when it has no row. */
export async function supplierDeliveryFigures(
  db: DbExecutor,
  supplierId: number,
): Promise<SupplierDeliveryFigures | null> {
  const [row] = await db
    .select()
    .from(supplierDeliveryStats)
    .where(and(eq(supplierDeliveryStats.supplierId, supplierId), eq(supplierDeliveryStats.brandId, ALL_BRANDS)));
  if (!row) return null;
  return {
    enough: row.enough,
    delivered_lines: row.deliveredLines,
    late_open_lines: row.lateOpenLines,
    refused_lines: row.refusedLines,
    median_days: row.medianDays,
    p80_days: row.p80Days,
    p90_days: row.p90Days,
    on_time_percent: row.onTimePercent,
    refusal_percent: row.refusalPercent,
    computed_at: row.computedAt.toISOString(),
  };
}
