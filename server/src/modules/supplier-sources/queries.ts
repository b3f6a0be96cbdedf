import { desc, eq, sql } from 'drizzle-orm';
import type { DbExecutor, Tx } from '../../db/index.ts';
import { supplierFetches, supplierSources, suppliers } from '../../db/schema/index.ts';

/** SQL of the supplier-sources module: its two tables, and the supplier's name it needs. */

export type SourceRow = typeof supplierSources.$inferSelect;
export type SourceValues = typeof supplierSources.$inferInsert;
export type FetchRow = typeof supplierFetches.$inferSelect;

export async function findSupplier(db: DbExecutor, id: number): Promise<{ id: number; name: string } | null> {
  const [row] = await db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(eq(suppliers.id, id));
  return row ?? null;
}

export async function findSource(db: DbExecutor, supplierId: number): Promise<SourceRow | null> {
  const [row] = await db.select().from(supplierSources).where(eq(supplierSources.supplierId, supplierId));
  return row ?? null;
}

/** The source row locked for the rest of the transaction (a save and a finishing fetch queue up). */
export async function lockSource(tx: Tx, supplierId: number): Promise<SourceRow | null> {
  const [row] = await tx.select().from(supplierSources).where(eq(supplierSources.supplierId, supplierId)).for('update');
  return row ?? null;
}

export async function insertSource(tx: Tx, values: SourceValues): Promise<SourceRow> {
  const [row] = await tx.insert(supplierSources).values(values).returning();
  if (!row) throw new Error('No source row returned by the insert');
  return row;
}

export async function updateSource(db: DbExecutor, supplierId: number, set: Partial<SourceValues>): Promise<void> {
  await db.update(supplierSources).set(set).where(eq(supplierSources.supplierId, supplierId));
}

export async function deleteSourceRow(tx: Tx, supplierId: number): Promise<void> {
  await tx.delete(supplierSources).where(eq(supplierSources.supplierId, supplierId));
}

/**
 * Takes up to `limit` sources for fetching: due ones (or the one named, due or not, with `supplierId`), not being
 * fetched by anyone, by setting their lease. Rows another transaction is taking right now are skipped (FOR UPDATE
 * SKIP LOCKED) and the outer condition is checked again on the locked row, so two instances (or two ticks, or a
 * tick and «Загрузить сейчас») never take one source twice.
 */
export async function claimSources(
  db: DbExecutor,
  options: { now: Date; leaseUntil: Date; limit: number; supplierId?: number },
): Promise<number[]> {
  const now = options.now.toISOString();
  const free = sql`(fetching_until is null or fetching_until < ${now}::timestamptz)`;
  const which =
    options.supplierId === undefined
      ? sql`next_fetch_at <= ${now}::timestamptz`
      : sql`supplier_id = ${options.supplierId}::int`;
  const result = await db.execute<{ supplier_id: number }>(sql`
    update supplier_sources set fetching_until = ${options.leaseUntil.toISOString()}::timestamptz
     where supplier_id in (
             select supplier_id from supplier_sources
              where ${which} and ${free}
              order by next_fetch_at
              limit ${options.limit}::int
                for update skip locked)
       and ${free}
    returning supplier_id`);
  return result.rows.map((row) => row.supplier_id);
}

export async function insertFetch(db: DbExecutor, values: typeof supplierFetches.$inferInsert): Promise<FetchRow> {
  const [row] = await db.insert(supplierFetches).values(values).returning();
  if (!row) throw new Error('No fetch row returned by the insert');
  return row;
}

export async function listFetchRows(db: DbExecutor, supplierId: number, limit: number): Promise<FetchRow[]> {
  return db
    .select()
    .from(supplierFetches)
    .where(eq(supplierFetches.supplierId, supplierId))
    .orderBy(desc(supplierFetches.startedAt), desc(supplierFetches.id))
    .limit(limit);
}

/** When a source's list was last imported: by its own fetches, or (no fetch yet) since the source was set. */
const listTime = sql`coalesce(last_successful_import_at, created_at)`;
const tooOld = (now: string) => sql`${listTime} < ${now}::timestamptz - make_interval(days => max_age_days)`;

export interface NewlyStale {
  supplierId: number;
  supplierName: string;
  url: string;
  maxAgeDays: number;
  lastSuccessfulImportAt: Date | null;
  stalePolicy: 'hide' | 'warn';
}

/**
 * Marks the sources whose list has outgrown its allowed age (`stale_since`), answering those that became stale
 * now (each exactly once: a row already marked is not taken again, and a concurrent tick waits for the row and
 * then sees it marked); and unmarks the ones that are fresh again (an import, a longer age, no age at all).
 */
export async function markStaleness(tx: Tx, at: Date): Promise<{ stale: NewlyStale[]; fresh: number }> {
  const now = at.toISOString();
  const stale = await tx.execute<{
    supplier_id: number;
    name: string;
    url: string;
    max_age_days: number;
    last_successful_import_at: string | Date | null;
    stale_policy: 'hide' | 'warn';
  }>(sql`
    with marked as (
      update supplier_sources set stale_since = ${now}::timestamptz
       where stale_since is null and max_age_days is not null and ${tooOld(now)}
      returning supplier_id, url, max_age_days, last_successful_import_at, stale_policy)
    select m.*, s.name from marked m join suppliers s on s.id = m.supplier_id order by m.supplier_id`);
  const fresh = await tx.execute<{ supplier_id: number }>(sql`
    update supplier_sources set stale_since = null
     where stale_since is not null and (max_age_days is null or not ${tooOld(now)})
    returning supplier_id`);
  return {
    stale: stale.rows.map((row) => ({
      supplierId: row.supplier_id,
      supplierName: row.name,
      url: row.url,
      maxAgeDays: row.max_age_days,
      lastSuccessfulImportAt: row.last_successful_import_at === null ? null : new Date(row.last_successful_import_at),
      stalePolicy: row.stale_policy,
    })),
    fresh: fresh.rows.length,
  };
}
