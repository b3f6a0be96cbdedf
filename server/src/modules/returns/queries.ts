import { and, count, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { ReturnListFilters, ReturnState, SupplierReturnState } from '@detal/contract';
import type { DbExecutor, Tx } from '../../db/index.ts';
import {
  brands,
  cancelRequests,
  clients,
  offers,
  orderItems,
  returnPhotos,
  returnPolicies,
  returnRefunds,
  returns,
  supplierReturns,
  suppliers,
} from '../../db/schema/index.ts';
import { fitsIntegerId } from '../../shared/integer-id.ts';
import { withinDays } from '../../db/calendar-days.ts';
import { clientName } from '../orders/admin-queries.ts';

/** The SQL of cancels and returns (decision 0055): their own tables, and the order line names they show. */

export type ReturnRow = typeof returns.$inferSelect & {
  article: string;
  brandName: string;
  description: string;
  orderId: number;
  /** The analog pair the line was bought through (issue 32, point 6), or null. */
  analogPairId: number | null;
};

const returnColumns = {
  row: returns,
  article: orderItems.article,
  brandName: orderItems.brandName,
  description: orderItems.description,
  orderId: orderItems.orderId,
  analogPairId: orderItems.analogPairId,
};

const flatten = (
  rows: Array<{ row: typeof returns.$inferSelect } & Omit<ReturnRow, keyof typeof returns.$inferSelect>>,
) => rows.map(({ row, ...names }) => ({ ...row, ...names }) as ReturnRow);

export async function findReturns(
  db: DbExecutor,
  ids: readonly number[],
  options: { clientId?: number | null; lock?: boolean } = {},
): Promise<ReturnRow[]> {
  const valid = ids.filter(fitsIntegerId);
  if (valid.length === 0) return [];
  const where = and(
    inArray(returns.id, valid),
    options.clientId == null ? undefined : eq(returns.clientId, options.clientId),
  );
  if (options.lock) {
    // Locked in id order (two bulk decisions over the same returns queue instead of deadlocking).
    await db.select({ id: returns.id }).from(returns).where(where).orderBy(returns.id).for('update');
  }
  const rows = await db
    .select(returnColumns)
    .from(returns)
    .innerJoin(orderItems, eq(orderItems.id, returns.orderItemId))
    .where(where)
    .orderBy(returns.id);
  return flatten(rows);
}

/** A list's filters: the request's, the client a client's own list is limited to, the zone its days are in. */
export type ReturnFilter = ReturnListFilters & { clientId?: number | null; timeZone: string };

function returnFilter(filters: ReturnFilter): SQL | undefined {
  return and(
    filters.state ? eq(returns.state, filters.state) : undefined,
    filters.clientId ? eq(returns.clientId, filters.clientId) : undefined,
    filters.client_id ? eq(returns.clientId, filters.client_id) : undefined,
    filters.supplier_id ? eq(returns.supplierId, filters.supplier_id) : undefined,
    filters.reason ? eq(returns.reason, filters.reason) : undefined,
    filters.order_id ? eq(orderItems.orderId, filters.order_id) : undefined,
    ...withinDays(returns.createdAt, filters.date_from, filters.date_to, filters.timeZone),
  );
}

export async function countReturns(db: DbExecutor, filters: ReturnFilter) {
  const [row] = await db
    .select({ total: count() })
    .from(returns)
    .innerJoin(orderItems, eq(orderItems.id, returns.orderItemId))
    .where(returnFilter(filters));
  return Number(row?.total ?? 0);
}

/** The client's name parts, joined into a list's row (one join, not a read per row). */
const clientNameColumns = {
  lastName: clients.lastName,
  firstName: clients.firstName,
  middleName: clients.middleName,
  companyName: clients.companyName,
};

/** A row of a list staff read: the client named. */
export type Named<T> = T & { clientName: string };

export async function listReturns(
  db: DbExecutor,
  filters: ReturnFilter,
  limit: number,
  offset: number,
): Promise<Array<Named<ReturnRow>>> {
  const rows = await db
    .select({ ...returnColumns, client: clientNameColumns })
    .from(returns)
    .innerJoin(orderItems, eq(orderItems.id, returns.orderItemId))
    .innerJoin(clients, eq(clients.id, returns.clientId))
    .where(returnFilter(filters))
    .orderBy(desc(returns.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ row, client, ...names }) => ({ ...row, ...names, clientName: clientName(client) }));
}

/** Earlier returns of a shipment line (the caller holds the shipment's lock). */
export function findReturnsOfLine(db: DbExecutor, shipmentLineId: number) {
  return db
    .select({
      state: returns.state,
      quantity: returns.quantity,
      goodQuantity: returns.goodQuantity,
      defectiveQuantity: returns.defectiveQuantity,
    })
    .from(returns)
    .where(eq(returns.shipmentLineId, shipmentLineId));
}

export async function insertReturn(tx: Tx, row: typeof returns.$inferInsert): Promise<number> {
  const [created] = await tx.insert(returns).values(row).returning({ id: returns.id });
  return created!.id;
}

export async function updateReturns(
  tx: Tx,
  ids: readonly number[],
  values: Partial<typeof returns.$inferInsert> & { state?: ReturnState },
) {
  if (ids.length === 0) return;
  await tx
    .update(returns)
    .set(values)
    .where(inArray(returns.id, [...ids]));
}

/* Photos. */

const PHOTO_LOCK_CLASS = 0x52_50_48; // 'RPH': the advisory lock's class; the client id is the key

/** Serialises a client's uploads, so that the count of its unattached photos holds until the new row is in. */
export async function lockClientPhotos(tx: Tx, clientId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${PHOTO_LOCK_CLASS}::int, ${clientId}::int)`);
}

/** How many photos the client has uploaded and not yet attached to a request. */
export async function countUnattachedPhotos(db: DbExecutor, clientId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(returnPhotos)
    .where(and(eq(returnPhotos.clientId, clientId), isNull(returnPhotos.returnId)));
  return row!.n;
}

export async function insertPhoto(db: DbExecutor, row: typeof returnPhotos.$inferInsert) {
  const [created] = await db.insert(returnPhotos).values(row).returning();
  return created!;
}

/** The client's photos of `ids` not yet attached to a return, locked. */
export function lockFreePhotos(tx: Tx, clientId: number, ids: readonly number[]) {
  const valid = ids.filter(fitsIntegerId);
  if (valid.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(returnPhotos)
    .where(and(inArray(returnPhotos.id, valid), eq(returnPhotos.clientId, clientId), isNull(returnPhotos.returnId)))
    .for('update');
}

export async function attachPhotos(tx: Tx, returnId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await tx
    .update(returnPhotos)
    .set({ returnId })
    .where(inArray(returnPhotos.id, [...ids]));
}

/** One attached photo's stored file (an upload no return names yet is the client's alone). */
/** A photo a return names; with `clientId`, only one that client uploaded (another's reads as missing). */
export async function findAttachedPhoto(db: DbExecutor, id: number, clientId?: number) {
  if (!fitsIntegerId(id)) return null;
  const [row] = await db
    .select()
    .from(returnPhotos)
    .where(
      and(
        eq(returnPhotos.id, id),
        sql`${returnPhotos.returnId} is not null`,
        clientId === undefined ? undefined : eq(returnPhotos.clientId, clientId),
      ),
    );
  return row ?? null;
}

/**
 * Deletes the photos uploaded before `before` and never attached to a return; answers their file names. A request
 * attaching one at this moment holds its row lock (lockFreePhotos): the delete waits, reads it attached, keeps it.
 */
export async function deleteUnattachedPhotos(db: DbExecutor, before: Date): Promise<string[]> {
  const deleted = await db
    .delete(returnPhotos)
    .where(and(isNull(returnPhotos.returnId), lt(returnPhotos.createdAt, before)))
    .returning({ fileName: returnPhotos.fileName });
  return deleted.map((row) => row.fileName);
}

export function findPhotosOf(db: DbExecutor, returnIds: readonly number[]) {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(returnPhotos)
    .where(inArray(returnPhotos.returnId, [...returnIds]))
    .orderBy(returnPhotos.id);
}

/* Refunds. */

export async function insertRefund(tx: Tx, row: typeof returnRefunds.$inferInsert) {
  await tx.insert(returnRefunds).values(row);
}

/** Refunded sums per return, roubles as text. */
export async function refundedSums(db: DbExecutor, returnIds: readonly number[]): Promise<Map<number, string>> {
  if (returnIds.length === 0) return new Map();
  const rows = await db
    .select({ returnId: returnRefunds.returnId, total: sql<string>`sum(${returnRefunds.amount})::text` })
    .from(returnRefunds)
    .where(inArray(returnRefunds.returnId, [...returnIds]))
    .groupBy(returnRefunds.returnId);
  return new Map(rows.map((row) => [row.returnId, row.total]));
}

/* Policies. */

export function findPolicies(db: DbExecutor) {
  return db.select().from(returnPolicies).orderBy(returnPolicies.id);
}

/** The rules that apply to a line: its supplier's row and its brand's row, each when there is one. */
export async function findPoliciesFor(db: DbExecutor, supplierId: number | null, brandNormalized: string) {
  const rows = await db
    .select()
    .from(returnPolicies)
    .where(
      supplierId === null
        ? eq(returnPolicies.brandNormalized, brandNormalized)
        : sql`${returnPolicies.supplierId} = ${supplierId} or ${returnPolicies.brandNormalized} = ${brandNormalized}`,
    );
  return {
    supplier: rows.find((row) => row.supplierId !== null) ?? null,
    brand: rows.find((row) => row.brandNormalized !== null) ?? null,
  };
}

export async function upsertSupplierPolicy(tx: Tx, supplierId: number, noReturn: boolean, windowDays: number | null) {
  const [row] = await tx
    .insert(returnPolicies)
    .values({ supplierId, noReturn, windowDays })
    .onConflictDoUpdate({
      target: returnPolicies.supplierId,
      targetWhere: sql`${returnPolicies.supplierId} is not null`,
      set: { noReturn, windowDays },
    })
    .returning();
  return row!;
}

export async function upsertBrandPolicy(tx: Tx, brandName: string, brandNormalized: string, noReturn: boolean) {
  const [row] = await tx
    .insert(returnPolicies)
    .values({ brandName, brandNormalized, noReturn })
    .onConflictDoUpdate({
      target: returnPolicies.brandNormalized,
      targetWhere: sql`${returnPolicies.brandNormalized} is not null`,
      set: { noReturn, brandName },
    })
    .returning();
  return row!;
}

export async function supplierExists(db: DbExecutor, supplierId: number): Promise<boolean> {
  const [row] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, supplierId));
  return row !== undefined;
}

/* Cancel requests. */

export type CancelRequestRow = typeof cancelRequests.$inferSelect & {
  article: string;
  brandName: string;
  quantity: number;
  orderId: number;
};

const cancelColumns = {
  row: cancelRequests,
  article: orderItems.article,
  brandName: orderItems.brandName,
  quantity: orderItems.quantity,
  orderId: orderItems.orderId,
};

export async function findCancelRequest(
  db: DbExecutor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<CancelRequestRow | null> {
  if (!fitsIntegerId(id)) return null;
  if (options.lock)
    await db.select({ id: cancelRequests.id }).from(cancelRequests).where(eq(cancelRequests.id, id)).for('update');
  const [found] = await db
    .select(cancelColumns)
    .from(cancelRequests)
    .innerJoin(orderItems, eq(orderItems.id, cancelRequests.orderItemId))
    .where(eq(cancelRequests.id, id));
  return found
    ? ({
        ...found.row,
        article: found.article,
        brandName: found.brandName,
        quantity: found.quantity,
        orderId: found.orderId,
      } as CancelRequestRow)
    : null;
}

export async function insertCancelRequest(tx: Tx, row: typeof cancelRequests.$inferInsert): Promise<number | null> {
  const [created] = await tx
    .insert(cancelRequests)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: cancelRequests.id });
  return created?.id ?? null;
}

export async function updateCancelRequest(tx: Tx, id: number, values: Partial<typeof cancelRequests.$inferInsert>) {
  await tx.update(cancelRequests).set(values).where(eq(cancelRequests.id, id));
}

const cancelFilter = (state: string | null | undefined, clientId: number | null) =>
  and(
    state ? eq(cancelRequests.state, state) : undefined,
    clientId ? eq(cancelRequests.clientId, clientId) : undefined,
  );

export async function countCancelRequests(db: DbExecutor, state: string | null | undefined, clientId: number | null) {
  const [row] = await db.select({ total: count() }).from(cancelRequests).where(cancelFilter(state, clientId));
  return Number(row?.total ?? 0);
}

export async function listCancelRequests(
  db: DbExecutor,
  state: string | null | undefined,
  clientId: number | null,
  limit: number,
  offset: number,
): Promise<Array<Named<CancelRequestRow>>> {
  const rows = await db
    .select({ ...cancelColumns, client: clientNameColumns })
    .from(cancelRequests)
    .innerJoin(orderItems, eq(orderItems.id, cancelRequests.orderItemId))
    .innerJoin(clients, eq(clients.id, cancelRequests.clientId))
    .where(cancelFilter(state, clientId))
    .orderBy(desc(cancelRequests.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ row, client, ...names }) => ({ ...row, ...names, clientName: clientName(client) }));
}

/**
 * Of these offers, the ones sold «без возврата»: a policy of their supplier or of their brand (by its normalized
 * name) says so. Search, the basket and checkout mark their offers by it (shared/no-return.ts).
 */
export async function findNoReturnOffers(db: DbExecutor, offerIds: readonly number[]): Promise<Set<number>> {
  const ids = [...new Set(offerIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .innerJoin(brands, eq(brands.id, offers.brandId))
    .where(
      and(
        inArray(offers.id, ids),
        sql`exists (select 1 from ${returnPolicies} where ${returnPolicies.noReturn} and (${returnPolicies.supplierId} = ${offers.supplierId} or ${returnPolicies.brandNormalized} = ${brands.nameNormalized}))`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/* Supplier returns. */

export type SupplierReturnRow = typeof supplierReturns.$inferSelect & { supplierName: string };

export async function findSupplierReturns(
  db: DbExecutor,
  filter: { ids?: readonly number[]; state?: SupplierReturnState | null; supplierId?: number | null },
  page: { limit: number; offset: number } | null = null,
  options: { lock?: boolean } = {},
): Promise<SupplierReturnRow[]> {
  const where = and(
    filter.ids ? inArray(supplierReturns.id, filter.ids.filter(fitsIntegerId).concat([-1])) : undefined,
    filter.state ? eq(supplierReturns.state, filter.state) : undefined,
    filter.supplierId ? eq(supplierReturns.supplierId, filter.supplierId) : undefined,
  );
  if (options.lock) await db.select({ id: supplierReturns.id }).from(supplierReturns).where(where).for('update');
  const query = db
    .select({ row: supplierReturns, supplierName: suppliers.name })
    .from(supplierReturns)
    .innerJoin(suppliers, eq(suppliers.id, supplierReturns.supplierId))
    .where(where)
    .orderBy(desc(supplierReturns.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map(({ row, supplierName }) => ({ ...row, supplierName }));
}

export async function countSupplierReturns(
  db: DbExecutor,
  filter: { state?: SupplierReturnState | null; supplierId?: number | null },
) {
  const [row] = await db
    .select({ total: count() })
    .from(supplierReturns)
    .where(
      and(
        filter.state ? eq(supplierReturns.state, filter.state) : undefined,
        filter.supplierId ? eq(supplierReturns.supplierId, filter.supplierId) : undefined,
      ),
    );
  return Number(row?.total ?? 0);
}

/** Approved or later returns with a supplier, in no supplier return yet, locked (two collects queue). */
export async function lockReturnsToSendBack(tx: Tx, supplierId: number | null) {
  return tx
    .select({ id: returns.id, supplierId: returns.supplierId })
    .from(returns)
    .where(
      and(
        isNull(returns.supplierReturnId),
        sql`${returns.supplierId} is not null`,
        inArray(returns.state, ['approved', 'received', 'credited', 'closed']),
        supplierId === null ? undefined : eq(returns.supplierId, supplierId),
      ),
    )
    .orderBy(returns.id)
    .for('update', { of: returns });
}

export async function insertSupplierReturn(tx: Tx, row: typeof supplierReturns.$inferInsert): Promise<number> {
  const [created] = await tx.insert(supplierReturns).values(row).returning({ id: supplierReturns.id });
  return created!.id;
}

export async function updateSupplierReturn(tx: Tx, id: number, values: Partial<typeof supplierReturns.$inferInsert>) {
  await tx.update(supplierReturns).set(values).where(eq(supplierReturns.id, id));
}

/** The returns in supplier returns, with the order line's names. */
export async function findReturnsOfSupplierReturns(db: DbExecutor, supplierReturnIds: readonly number[]) {
  if (supplierReturnIds.length === 0) return [];
  const rows = await db
    .select(returnColumns)
    .from(returns)
    .innerJoin(orderItems, eq(orderItems.id, returns.orderItemId))
    .where(inArray(returns.supplierReturnId, [...supplierReturnIds]))
    .orderBy(returns.id);
  return flatten(rows);
}
