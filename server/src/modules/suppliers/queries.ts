import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import {
  pageOffset,
  paginationMeta,
  supplierImportProfileSchema,
  type AdminSupplierDetail,
  type AdminSupplierRow,
  type ImportListFilters,
  type MassRemovalCounts,
  type Paginated,
  type SupplierImport,
  type SupplierImportProfile,
  type SupplierListFilters,
} from '@detal/contract';
import type { DbExecutor } from '../../db/index.ts';
import { staff, supplierImports, suppliers } from '../../db/schema/index.ts';
import { auditObjectsOf, type AuditObjectReader } from '../audit/audit-objects.ts';
import { supplierDeliveryFigures } from '../delivery-stats/rollup.ts';

/** The suppliers module's tables: suppliers (shared with the import and search, which read it) and their imports. */

export type ImportRow = typeof supplierImports.$inferSelect;

const importColumns = {
  row: supplierImports,
  staffName: staff.name,
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toSupplierImport(row: ImportRow, staffName: string | null, now = new Date()): SupplierImport {
  const end = row.finishedAt ?? now;
  const seconds = row.startedAt ? Math.max(0.001, (end.getTime() - row.startedAt.getTime()) / 1000) : 0;
  return {
    id: row.id,
    supplier_id: row.supplierId,
    kind: row.kind as SupplierImport['kind'],
    source: row.source as SupplierImport['source'],
    status: row.status as SupplierImport['status'],
    file_name: row.fileName,
    file_bytes: row.fileBytes,
    bytes_read: row.bytesRead,
    rows_read: row.rowsRead,
    rows_loaded: row.rowsLoaded,
    rows_refused: row.rowsRefused,
    rows_per_second: seconds > 0 ? Math.round(row.rowsRead / seconds) : 0,
    queued_at: row.queuedAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    cancel_requested: row.cancelRequestedAt !== null,
    error: row.error,
    has_report: row.reportPath !== null && row.rowsRefused > 0,
    staff_name: staffName,
    removal: (row.removal as MassRemovalCounts | null) ?? null,
  };
}

export async function findImport(db: DbExecutor, id: number): Promise<SupplierImport | null> {
  const [found] = await db
    .select(importColumns)
    .from(supplierImports)
    .leftJoin(staff, eq(staff.id, supplierImports.staffId))
    .where(eq(supplierImports.id, id));
  return found ? toSupplierImport(found.row, found.staffName) : null;
}

export async function findImportRow(db: DbExecutor, id: number): Promise<ImportRow | null> {
  const [row] = await db.select().from(supplierImports).where(eq(supplierImports.id, id));
  return row ?? null;
}

export async function listImports(
  db: DbExecutor,
  filters: ImportListFilters,
  page: number,
): Promise<Paginated<SupplierImport>> {
  const where = and(
    eq(supplierImports.kind, filters.kind),
    filters.supplier_id != null ? eq(supplierImports.supplierId, filters.supplier_id) : undefined,
  );
  const [total] = await db.select({ total: count() }).from(supplierImports).where(where);
  const rows = await db
    .select(importColumns)
    .from(supplierImports)
    .leftJoin(staff, eq(staff.id, supplierImports.staffId))
    .where(where)
    .orderBy(desc(supplierImports.id))
    .limit(filters.per_page)
    .offset(pageOffset(page, filters.per_page));
  return {
    data: rows.map((row) => toSupplierImport(row.row, row.staffName)),
    ...paginationMeta(total?.total ?? 0, page, filters.per_page),
  };
}

export type NewImport = typeof supplierImports.$inferInsert;

export async function insertImport(db: DbExecutor, values: NewImport): Promise<ImportRow> {
  const [row] = await db.insert(supplierImports).values(values).returning();
  if (!row) throw new Error('The import could not be recorded');
  return row;
}

export async function updateImport(
  db: DbExecutor,
  id: number,
  values: Partial<NewImport>,
  onlyWhen?: SQL,
): Promise<ImportRow | null> {
  const [row] = await db
    .update(supplierImports)
    .set(values)
    .where(and(eq(supplierImports.id, id), onlyWhen))
    .returning();
  return row ?? null;
}

/** The default profile: the first row is a header of usual names, encoding and delimiter detected. */
export const DEFAULT_PROFILE: SupplierImportProfile = supplierImportProfileSchema.parse({});

/** A stored profile, read leniently: a profile saved by an older version falls back to the defaults. */
export function profileOf(stored: unknown): SupplierImportProfile {
  const parsed = supplierImportProfileSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : DEFAULT_PROFILE;
}

// Qualified by hand: drizzle leaves a column unqualified in a one-table select, which inside these subqueries
// would name the subquery's own column.
const supplierId = sql.raw('"suppliers"."id"');
const maxAgeDays = sql.raw('"suppliers"."max_age_days"');

/** The last successful price list of each supplier, and its last import of any outcome. */
const lastImportId = sql<number | null>`(select max(i.id) from ${supplierImports} i
  where i.supplier_id = ${supplierId} and i.kind = 'price_list')`;
const lastSuccessAt = sql<string | null>`(select max(i.finished_at)::text from ${supplierImports} i
  where i.supplier_id = ${supplierId} and i.kind = 'price_list' and i.status = 'done')`;
const offersCount = sql<number>`(select count(*)::int from offers o where o.supplier_id = ${supplierId})`;
/**
 * Stale: its last successful list is older than its allowed age (never stale without one). A supplier with no list
 * yet is not stale: it has no offers to be old, and one created a second ago must not be flagged (issue 26).
 */
const staleSql = sql<boolean>`(${maxAgeDays} is not null and coalesce(
  (select max(i.finished_at) from ${supplierImports} i
    where i.supplier_id = ${supplierId} and i.kind = 'price_list' and i.status = 'done')
    < now() - make_interval(days => ${maxAgeDays}), false))`;

const supplierColumns = {
  id: suppliers.id,
  name: suppliers.name,
  displayName: suppliers.displayName,
  active: suppliers.active,
  maxAgeDays: suppliers.maxAgeDays,
  defaultDeliveryDays: suppliers.defaultDeliveryDays,
  deliveryProbability: suppliers.deliveryProbability,
  learnedDeliveryDays: suppliers.learnedDeliveryDays,
  learnedDeliveryProbability: suppliers.learnedDeliveryProbability,
  importProfile: suppliers.importProfile,
  offersCount,
  stale: staleSql,
  lastImportId,
  lastSuccessAt,
};

type SupplierSelection = {
  id: number;
  name: string;
  displayName: string | null;
  active: boolean;
  maxAgeDays: number | null;
  defaultDeliveryDays: number;
  deliveryProbability: number | null;
  learnedDeliveryDays: boolean;
  learnedDeliveryProbability: boolean;
  importProfile: unknown;
  offersCount: number;
  stale: boolean;
  lastImportId: number | null;
  lastSuccessAt: string | null;
};

async function lastImportsOf(db: DbExecutor, ids: number[]): Promise<Map<number, SupplierImport>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(importColumns)
    .from(supplierImports)
    .leftJoin(staff, eq(staff.id, supplierImports.staffId))
    .where(inArray(supplierImports.id, ids));
  return new Map(rows.map((row) => [row.row.id, toSupplierImport(row.row, row.staffName)]));
}

function toRow(row: SupplierSelection, imports: Map<number, SupplierImport>): AdminSupplierRow {
  return {
    id: row.id,
    name: row.name,
    display_name: row.displayName,
    active: row.active,
    offers_count: Number(row.offersCount),
    max_age_days: row.maxAgeDays,
    stale: Boolean(row.stale),
    last_import: row.lastImportId === null ? null : (imports.get(Number(row.lastImportId)) ?? null),
  };
}

export async function listSupplierRows(
  db: DbExecutor,
  filters: SupplierListFilters,
  page: number,
): Promise<Paginated<AdminSupplierRow>> {
  const where = and(
    filters.q ? ilike(suppliers.name, `%${filters.q.replace(/[%_\\]/g, (char) => `\\${char}`)}%`) : undefined,
    filters.active != null ? eq(suppliers.active, filters.active) : undefined,
    filters.stale != null ? (filters.stale ? staleSql : sql`not ${staleSql}`) : undefined,
  );
  const [total] = await db.select({ total: count() }).from(suppliers).where(where);
  const rows = await db
    .select(supplierColumns)
    .from(suppliers)
    .where(where)
    .orderBy(suppliers.name)
    .limit(filters.per_page)
    .offset(pageOffset(page, filters.per_page));
  const imports = await lastImportsOf(
    db,
    rows.flatMap((row) => (row.lastImportId === null ? [] : [Number(row.lastImportId)])),
  );
  return {
    data: rows.map((row) => toRow(row, imports)),
    ...paginationMeta(total?.total ?? 0, page, filters.per_page),
  };
}

export async function findSupplierDetail(db: DbExecutor, id: number): Promise<AdminSupplierDetail | null> {
  const [row] = await db.select(supplierColumns).from(suppliers).where(eq(suppliers.id, id));
  if (!row) return null;
  const imports = await lastImportsOf(db, row.lastImportId === null ? [] : [Number(row.lastImportId)]);
  return {
    ...toRow(row, imports),
    default_delivery_days: row.defaultDeliveryDays,
    delivery_probability: row.deliveryProbability,
    learned_delivery_days: row.learnedDeliveryDays,
    learned_delivery_probability: row.learnedDeliveryProbability,
    delivery_learned: await supplierDeliveryFigures(db, id),
    import_profile: profileOf(row.importProfile),
    last_success_at: row.lastSuccessAt === null ? null : new Date(row.lastSuccessAt).toISOString(),
  };
}

export async function findSupplierByName(
  db: DbExecutor,
  name: string,
): Promise<{ id: number; importProfile: unknown } | null> {
  const [row] = await db
    .select({ id: suppliers.id, importProfile: suppliers.importProfile })
    .from(suppliers)
    .where(eq(suppliers.name, name));
  return row ?? null;
}

/** Suppliers by their real name (the back office's, never the clients' display name). */
export const supplierAuditObjects: AuditObjectReader = async (db, ids) =>
  auditObjectsOf(
    await db
      .select({ id: suppliers.id, label: suppliers.name })
      .from(suppliers)
      .where(inArray(suppliers.id, [...ids])),
  );

/** Imports: «№ 5, Автоальянс» (cross-reference files have no supplier). */
export const supplierImportAuditObjects: AuditObjectReader = async (db, ids) =>
  auditObjectsOf(
    await db
      .select({
        id: supplierImports.id,
        label: sql<string>`'№ ' || ${supplierImports.id} || coalesce(', ' || ${suppliers.name}, '')`,
      })
      .from(supplierImports)
      .leftJoin(suppliers, eq(suppliers.id, supplierImports.supplierId))
      .where(inArray(supplierImports.id, [...ids])),
  );
