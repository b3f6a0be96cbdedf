import { and, eq, sql, type SQL } from 'drizzle-orm';
import { fromKopecks, type PurchaseQueueFilters, type PurchaseQueueGroup } from '@detal/contract';
import type { DbExecutor } from '../../db/index.ts';
import { purchaseQueueTallies, suppliers } from '../../db/schema/index.ts';

/**
 * «К заказу» in figures (decision 0059): the waiting lines' count and their totals per supplier, read from
 * `purchase_queue_tallies` (rows of change the migration's triggers write), a few hundred rows whatever the queue's
 * length. Only the filters the tallies know: a supplier and «refused only»; a search or days read the lines.
 */

/** Whether these filters can be answered from the tallies. */
export const talliesAnswer = (filters: PurchaseQueueFilters): boolean =>
  !filters.q?.trim() && !filters.date_from && !filters.date_to;

function tallyConditions(filters: PurchaseQueueFilters): SQL | undefined {
  return and(
    filters.supplier_id != null ? eq(purchaseQueueTallies.supplierId, filters.supplier_id) : undefined,
    filters.refused ? eq(purchaseQueueTallies.status, 'supplier_refused') : undefined,
  );
}

/** How many lines wait, for a supplier or «refused only» (talliesAnswer). */
export async function tallyCount(db: DbExecutor, filters: PurchaseQueueFilters): Promise<number> {
  const [row] = await db
    .select({ lines: sql<string | null>`sum(${purchaseQueueTallies.lines})` })
    .from(purchaseQueueTallies)
    .where(tallyConditions(filters));
  return Number(row?.lines ?? 0);
}

/** The queue by supplier (talliesAnswer): lines, pieces and purchase total of every waiting line, by name. */
export async function tallyGroups(db: DbExecutor, filters: PurchaseQueueFilters): Promise<PurchaseQueueGroup[]> {
  const rows = await db
    .select({
      supplierId: purchaseQueueTallies.supplierId,
      supplierName: suppliers.name,
      lines: sql<string>`sum(${purchaseQueueTallies.lines})`,
      quantity: sql<string>`sum(${purchaseQueueTallies.quantity})`,
      kopecks: sql<string>`sum(${purchaseQueueTallies.purchaseKopecks})`,
    })
    .from(purchaseQueueTallies)
    .leftJoin(suppliers, eq(suppliers.id, purchaseQueueTallies.supplierId))
    .where(tallyConditions(filters))
    .groupBy(purchaseQueueTallies.supplierId, suppliers.name)
    .having(sql`sum(${purchaseQueueTallies.lines}) > 0`)
    .orderBy(sql`${suppliers.name} asc nulls last`, purchaseQueueTallies.supplierId);
  return rows.map((row) => ({
    supplier_id: row.supplierId,
    supplier_name: row.supplierName,
    lines: Number(row.lines),
    quantity: Number(row.quantity),
    purchase_total: fromKopecks(Number(row.kopecks)),
  }));
}

/**
 * Folds the tallies into one row per supplier and status (a scheduled job). One statement: readers see the rows
 * before or after, never both; rows of transactions still open are not visible to it and stay.
 */
export async function compactQueueTallies(db: DbExecutor): Promise<{ folded: number }> {
  const result = await db.execute<{ folded: string }>(sql`
    with gone as (
      delete from ${purchaseQueueTallies}
      returning supplier_id, status, lines, quantity, purchase_kopecks
    ), folded as (
      insert into ${purchaseQueueTallies} (supplier_id, status, lines, quantity, purchase_kopecks)
      select supplier_id, status, sum(lines), sum(quantity), sum(purchase_kopecks) from gone
       group by supplier_id, status
      having sum(lines) <> 0 or sum(quantity) <> 0 or sum(purchase_kopecks) <> 0
      returning 1
    )
    select (select count(*) from gone) as folded`);
  return { folded: Number(result.rows[0]?.folded ?? 0) };
}
