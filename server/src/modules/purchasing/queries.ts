import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_STATUS_NAMES,
  SUPPLIER_ORDER_STATE_NAMES,
  kopecksToDecimal,
  normalizeArticle,
  roublesFromDecimal,
  supplierOrderNumber,
  type OpenSupplierOrderLine,
  type OrderStatus,
  type SupplierOrder,
  type SupplierOrderChannel,
  type SupplierOrderLine,
  type SupplierOrderListFilters,
  type SupplierOrderState,
  type SupplierOrderSummary,
} from '@detal/contract';
import { withinDays } from '../../db/calendar-days.ts';
import type { DbExecutor, Tx } from '../../db/index.ts';
import { orderItems, orders, staff, supplierOrderLines, supplierOrders, suppliers } from '../../db/schema/index.ts';
import { fitsIntegerId } from '../../shared/integer-id.ts';
import { clientName } from '../orders/admin-queries.ts';
import { outstandingOf, PROGRESS_STATES } from './supplier-order-state.ts';

/* Supplier orders and their lines: writes and reads (decision 0049). */

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
const money = (decimal: string): number => roublesFromDecimal(decimal);
const moneyOrNull = (decimal: string | null): number | null => (decimal === null ? null : money(decimal));

export interface LockedSupplierOrder {
  id: number;
  number: string;
  supplierId: number;
  state: SupplierOrderState;
  channel: SupplierOrderChannel;
  supplierNumber: string | null;
}

const orderLockColumns = {
  id: supplierOrders.id,
  number: supplierOrders.number,
  supplierId: supplierOrders.supplierId,
  state: supplierOrders.state,
  channel: supplierOrders.channel,
  supplierNumber: supplierOrders.supplierNumber,
};

/** Locks supplier orders in id order and reads them. */
export async function lockSupplierOrders(tx: Tx, ids: readonly number[]): Promise<LockedSupplierOrder[]> {
  const valid = [...new Set(ids)].filter(fitsIntegerId).sort((a, b) => a - b);
  if (valid.length === 0) return [];
  return (await tx
    .select(orderLockColumns)
    .from(supplierOrders)
    .where(inArray(supplierOrders.id, valid))
    .orderBy(asc(supplierOrders.id))
    .for('update')) as LockedSupplierOrder[];
}

/** The open drafts of these suppliers, locked in id order. */
export async function lockDrafts(tx: Tx, supplierIds: readonly number[]): Promise<LockedSupplierOrder[]> {
  if (supplierIds.length === 0) return [];
  return (await tx
    .select(orderLockColumns)
    .from(supplierOrders)
    .where(and(eq(supplierOrders.state, 'draft'), inArray(supplierOrders.supplierId, [...supplierIds])))
    .orderBy(asc(supplierOrders.id))
    .for('update')) as LockedSupplierOrder[];
}

export interface LockedOrderLine {
  id: number;
  supplierOrderId: number;
  orderItemId: number;
  articleNormalized: string;
  brandNormalized: string;
  quantity: number;
  confirmedQuantity: number;
  refusedQuantity: number;
  refusedReason: string | null;
  receivedQuantity: number;
  confirmedPrice: string | null;
  supplierLineRef: string | null;
  releasedAt: Date | null;
}

const lineLockColumns = {
  id: supplierOrderLines.id,
  supplierOrderId: supplierOrderLines.supplierOrderId,
  orderItemId: supplierOrderLines.orderItemId,
  articleNormalized: supplierOrderLines.articleNormalized,
  brandNormalized: supplierOrderLines.brandNormalized,
  quantity: supplierOrderLines.quantity,
  confirmedQuantity: supplierOrderLines.confirmedQuantity,
  refusedQuantity: supplierOrderLines.refusedQuantity,
  refusedReason: supplierOrderLines.refusedReason,
  receivedQuantity: supplierOrderLines.receivedQuantity,
  confirmedPrice: supplierOrderLines.confirmedPrice,
  supplierLineRef: supplierOrderLines.supplierLineRef,
  releasedAt: supplierOrderLines.releasedAt,
};

/** Locks the lines of supplier orders (after the orders themselves), in id order. */
export function lockLinesOfOrders(tx: Tx, supplierOrderIds: readonly number[]): Promise<LockedOrderLine[]> {
  return tx
    .select(lineLockColumns)
    .from(supplierOrderLines)
    .where(inArray(supplierOrderLines.supplierOrderId, [...supplierOrderIds]))
    .orderBy(asc(supplierOrderLines.id))
    .for('update');
}

/** Lines by id, unlocked (what a receipt's lines name). */
export function findOrderLines(db: DbExecutor, ids: readonly number[]) {
  const valid = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
  if (valid.length === 0) return Promise.resolve([] as (LockedOrderLine & { supplierId: number; state: string })[]);
  return db
    .select({ ...lineLockColumns, supplierId: supplierOrders.supplierId, state: supplierOrders.state })
    .from(supplierOrderLines)
    .innerJoin(supplierOrders, eq(supplierOrders.id, supplierOrderLines.supplierOrderId))
    .where(inArray(supplierOrderLines.id, valid)) as Promise<
    (LockedOrderLine & { supplierId: number; state: string })[]
  >;
}

/** Which of these client lines a supplier order line holds now (not released). */
export async function heldItems(db: DbExecutor, itemIds: readonly number[]): Promise<Set<number>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .select({ id: supplierOrderLines.orderItemId })
    .from(supplierOrderLines)
    .where(and(inArray(supplierOrderLines.orderItemId, [...itemIds]), isNull(supplierOrderLines.releasedAt)));
  return new Set(rows.map((row) => row.id));
}

/** What a supplier order line copies of its client line. */
export function findItemsToOrder(db: DbExecutor, itemIds: readonly number[]) {
  return db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      supplierId: orderItems.supplierId,
      offerId: orderItems.offerId,
      article: orderItems.article,
      articleNormalized: orderItems.articleNormalized,
      brandName: orderItems.brandName,
      description: orderItems.description,
      quantity: orderItems.quantity,
      purchasePrice: orderItems.purchasePrice,
      status: orderItems.status,
    })
    .from(orderItems)
    .where(inArray(orderItems.id, [...itemIds]))
    .orderBy(asc(orderItems.id));
}

export async function insertSupplierOrder(
  tx: Tx,
  values: { supplierId: number; comment: string | null; createdBy: number | null; at: Date },
): Promise<number> {
  const [row] = await tx
    .insert(supplierOrders)
    .values({
      // The number is the id's: written in the same transaction, once the id is known.
      number: sql`'new-' || gen_random_uuid()::text`,
      supplierId: values.supplierId,
      comment: values.comment,
      createdBy: values.createdBy,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning({ id: supplierOrders.id });
  const id = row!.id;
  await tx
    .update(supplierOrders)
    .set({ number: supplierOrderNumber(id) })
    .where(eq(supplierOrders.id, id));
  return id;
}

export type NewSupplierOrderLine = typeof supplierOrderLines.$inferInsert;

export async function insertSupplierOrderLines(tx: Tx, lines: readonly NewSupplierOrderLine[]): Promise<void> {
  if (lines.length > 0) await tx.insert(supplierOrderLines).values([...lines]);
}

export async function deleteDraftLines(tx: Tx, supplierOrderId: number, lineIds: readonly number[]) {
  return tx
    .delete(supplierOrderLines)
    .where(and(eq(supplierOrderLines.supplierOrderId, supplierOrderId), inArray(supplierOrderLines.id, [...lineIds])))
    .returning({ id: supplierOrderLines.id, orderItemId: supplierOrderLines.orderItemId });
}

export async function setSupplierOrder(
  tx: Tx,
  id: number,
  values: Partial<
    Pick<typeof supplierOrders.$inferInsert, 'state' | 'channel' | 'supplierNumber' | 'sentAt' | 'comment'>
  > & {
    updatedAt: Date;
  },
): Promise<void> {
  await tx.update(supplierOrders).set(values).where(eq(supplierOrders.id, id));
}

/** The quantities (and what goes with them) of many lines, in one statement. */
export async function saveLineQuantities(tx: Tx, lines: readonly LockedOrderLine[]): Promise<void> {
  if (lines.length === 0) return;
  const column = <T>(pick: (line: LockedOrderLine) => T) => sql.param(lines.map((line) => pick(line)));
  const text = (value: string | number | null) => (value === null ? null : String(value));
  await tx.execute(sql`
    update supplier_order_lines as l set
      confirmed_quantity = v.confirmed, refused_quantity = v.refused, refused_reason = v.reason,
      received_quantity = v.received, confirmed_price = v.price::numeric, supplier_line_ref = v.ref,
      released_at = v.released
    from unnest(${column((line) => String(line.id))}::text[]::bigint[],
                ${column((line) => String(line.confirmedQuantity))}::text[]::integer[],
                ${column((line) => String(line.refusedQuantity))}::text[]::integer[],
                ${column((line) => line.refusedReason)}::text[],
                ${column((line) => String(line.receivedQuantity))}::text[]::integer[],
                ${column((line) => text(line.confirmedPrice))}::text[],
                ${column((line) => line.supplierLineRef)}::text[],
                ${column((line) => (line.releasedAt ? line.releasedAt.toISOString() : null))}::text[]::timestamptz[])
      as v(id, confirmed, refused, reason, received, price, ref, released)
    where l.id = v.id`);
}

/* Reads. */

const totalsSql = {
  linesCount: sql<number>`count(${supplierOrderLines.id})::int`,
  quantity: sql<number>`coalesce(sum(${supplierOrderLines.quantity}), 0)::int`,
  confirmedQuantity: sql<number>`coalesce(sum(${supplierOrderLines.confirmedQuantity}), 0)::int`,
  refusedQuantity: sql<number>`coalesce(sum(${supplierOrderLines.refusedQuantity}), 0)::int`,
  receivedQuantity: sql<number>`coalesce(sum(${supplierOrderLines.receivedQuantity}), 0)::int`,
  total: sql<string>`coalesce(sum(coalesce(${supplierOrderLines.confirmedPrice}, ${supplierOrderLines.purchasePrice}, 0) * (${supplierOrderLines.quantity} - ${supplierOrderLines.refusedQuantity})), 0)::numeric(14,2)::text`,
};

const summaryColumns = {
  id: supplierOrders.id,
  number: supplierOrders.number,
  supplierId: supplierOrders.supplierId,
  supplierName: suppliers.name,
  channel: supplierOrders.channel,
  supplierNumber: supplierOrders.supplierNumber,
  state: supplierOrders.state,
  comment: supplierOrders.comment,
  createdBy: supplierOrders.createdBy,
  createdByName: staff.name,
  createdAt: supplierOrders.createdAt,
  updatedAt: supplierOrders.updatedAt,
  sentAt: supplierOrders.sentAt,
  sendKey: supplierOrders.sendKey,
  ...totalsSql,
};

type SummaryRow = {
  id: number;
  number: string;
  supplierId: number;
  supplierName: string;
  channel: string;
  supplierNumber: string | null;
  state: string;
  comment: string | null;
  createdBy: number | null;
  createdByName: string | null;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
  sendKey: string;
  linesCount: number;
  quantity: number;
  confirmedQuantity: number;
  refusedQuantity: number;
  receivedQuantity: number;
  total: string;
};

const summaryOf = (row: SummaryRow): SupplierOrderSummary => ({
  id: row.id,
  number: row.number,
  supplier_id: row.supplierId,
  supplier_name: row.supplierName,
  channel: row.channel as SupplierOrderChannel,
  supplier_number: row.supplierNumber,
  state: row.state as SupplierOrderState,
  state_name: SUPPLIER_ORDER_STATE_NAMES[row.state as SupplierOrderState],
  comment: row.comment,
  created_by: row.createdBy,
  created_by_name: row.createdByName,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  sent_at: row.sentAt?.toISOString() ?? null,
  lines_count: row.linesCount,
  quantity: row.quantity,
  confirmed_quantity: row.confirmedQuantity,
  refused_quantity: row.refusedQuantity,
  received_quantity: row.receivedQuantity,
  total: money(row.total),
});

const summaries = (db: DbExecutor) =>
  db
    .select(summaryColumns)
    .from(supplierOrders)
    .innerJoin(suppliers, eq(suppliers.id, supplierOrders.supplierId))
    .leftJoin(staff, eq(staff.id, supplierOrders.createdBy))
    .leftJoin(supplierOrderLines, eq(supplierOrderLines.supplierOrderId, supplierOrders.id))
    .groupBy(supplierOrders.id, suppliers.name, staff.name);

export async function findSupplierOrderSummaries(
  db: DbExecutor,
  ids: readonly number[],
): Promise<SupplierOrderSummary[]> {
  if (ids.length === 0) return [];
  const rows = (await summaries(db)
    .where(inArray(supplierOrders.id, [...ids]))
    .orderBy(asc(supplierOrders.id))) as SummaryRow[];
  return rows.map(summaryOf);
}

function listConditions(filters: SupplierOrderListFilters, timeZone: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    ...withinDays(supplierOrders.createdAt, filters.date_from, filters.date_to, timeZone),
  ];
  if (filters.supplier_id != null) conditions.push(eq(supplierOrders.supplierId, filters.supplier_id));
  if (filters.state && filters.state.length > 0) conditions.push(inArray(supplierOrders.state, filters.state));
  const q = filters.q?.trim();
  if (q) {
    const ours = /^(?:ЗП-?|№\s*)?(\d{1,9})$/i.exec(q)?.[1];
    const article = normalizeArticle(q);
    const found: SQL[] = [sql`${supplierOrders.supplierNumber} ilike ${likePattern(q)}`];
    if (ours !== undefined) found.push(eq(supplierOrders.id, Number(ours)));
    found.push(sql`exists (select 1 from ${supplierOrderLines} l where l.supplier_order_id = ${supplierOrders.id}
      and (l.brand_name ilike ${likePattern(q)}${article ? sql` or l.article_normalized like ${likePattern(article)}` : sql``}))`);
    conditions.push(or(...found));
  }
  return and(...conditions);
}

export async function countSupplierOrders(db: DbExecutor, filters: SupplierOrderListFilters, timeZone: string) {
  const [row] = await db.select({ total: count() }).from(supplierOrders).where(listConditions(filters, timeZone));
  return row?.total ?? 0;
}

export async function listSupplierOrders(
  db: DbExecutor,
  filters: SupplierOrderListFilters,
  timeZone: string,
  limit: number,
  offset: number,
): Promise<SupplierOrderSummary[]> {
  const rows = (await summaries(db)
    .where(listConditions(filters, timeZone))
    .orderBy(desc(supplierOrders.createdAt), desc(supplierOrders.id))
    .limit(limit)
    .offset(offset)) as SummaryRow[];
  return rows.map(summaryOf);
}

const lineViewColumns = {
  id: supplierOrderLines.id,
  supplierOrderId: supplierOrderLines.supplierOrderId,
  orderItemId: supplierOrderLines.orderItemId,
  orderId: orderItems.orderId,
  lastName: orders.lastName,
  firstName: orders.firstName,
  middleName: orders.middleName,
  companyName: orders.companyName,
  itemStatus: orderItems.status,
  clientPrice: orderItems.price,
  article: supplierOrderLines.article,
  brandName: supplierOrderLines.brandName,
  description: supplierOrderLines.description,
  quantity: supplierOrderLines.quantity,
  confirmedQuantity: supplierOrderLines.confirmedQuantity,
  refusedQuantity: supplierOrderLines.refusedQuantity,
  refusedReason: supplierOrderLines.refusedReason,
  receivedQuantity: supplierOrderLines.receivedQuantity,
  purchasePrice: supplierOrderLines.purchasePrice,
  confirmedPrice: supplierOrderLines.confirmedPrice,
  supplierLineRef: supplierOrderLines.supplierLineRef,
};

const linesView = (db: DbExecutor) =>
  db
    .select(lineViewColumns)
    .from(supplierOrderLines)
    .innerJoin(orderItems, eq(orderItems.id, supplierOrderLines.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId));

type LineViewRow = Awaited<ReturnType<typeof linesView>>[number];

const lineViewOf = (row: LineViewRow): SupplierOrderLine => ({
  id: row.id,
  order_item_id: row.orderItemId,
  order_id: row.orderId,
  client_name: clientName(row),
  item_status: row.itemStatus as OrderStatus,
  item_status_name: ORDER_STATUS_NAMES[row.itemStatus as OrderStatus],
  article: row.article,
  brand_name: row.brandName,
  description: row.description,
  quantity: row.quantity,
  confirmed_quantity: row.confirmedQuantity,
  refused_quantity: row.refusedQuantity,
  refused_reason: row.refusedReason,
  received_quantity: row.receivedQuantity,
  outstanding_quantity: outstandingOf(row),
  purchase_price: moneyOrNull(row.purchasePrice),
  confirmed_price: moneyOrNull(row.confirmedPrice),
  client_price: money(row.clientPrice),
  supplier_line_ref: row.supplierLineRef,
});

/** A supplier order with its lines; null when there is none. */
export async function findSupplierOrder(db: DbExecutor, id: number): Promise<SupplierOrder | null> {
  if (!fitsIntegerId(id)) return null;
  const [row] = (await summaries(db).where(eq(supplierOrders.id, id))) as SummaryRow[];
  if (!row) return null;
  const lines = (await linesView(db)
    .where(eq(supplierOrderLines.supplierOrderId, id))
    .orderBy(asc(supplierOrderLines.id))) as LineViewRow[];
  return { ...summaryOf(row), send_key: row.sendKey, lines: lines.map(lineViewOf) };
}

/** A supplier's lines still expecting goods, oldest first, optionally narrowed by article or brand. */
export async function listOpenLines(
  db: DbExecutor,
  supplierId: number,
  q: string | null | undefined,
): Promise<OpenSupplierOrderLine[]> {
  const text = q?.trim();
  const article = text ? normalizeArticle(text) : '';
  const rows = await db
    .select({
      ...lineViewColumns,
      supplierOrderNumber: supplierOrders.number,
      supplierNumber: supplierOrders.supplierNumber,
    })
    .from(supplierOrderLines)
    .innerJoin(supplierOrders, eq(supplierOrders.id, supplierOrderLines.supplierOrderId))
    .innerJoin(orderItems, eq(orderItems.id, supplierOrderLines.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(supplierOrders.supplierId, supplierId),
        inArray(supplierOrders.state, [...PROGRESS_STATES]),
        sql`${supplierOrderLines.quantity} - ${supplierOrderLines.refusedQuantity} - ${supplierOrderLines.receivedQuantity} > 0`,
        text
          ? or(
              sql`${supplierOrderLines.brandName} ilike ${likePattern(text)}`,
              article ? sql`${supplierOrderLines.articleNormalized} like ${likePattern(article)}` : undefined,
            )
          : undefined,
      ),
    )
    .orderBy(asc(supplierOrderLines.id))
    .limit(500);
  return rows.map((row) => ({
    ...lineViewOf(row),
    supplier_order_id: row.supplierOrderId,
    supplier_order_number: row.supplierOrderNumber,
    supplier_number: row.supplierNumber,
  }));
}

/** Roubles of kopecks, as the money columns store them. */
export const decimalOfKopecks = (kopecks: number): string => kopecksToDecimal(kopecks);
