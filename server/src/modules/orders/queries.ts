import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_TIME_ZONE,
  expectedReadyDay,
  normalizeArticle,
  roublesFromDecimal,
  ORDER_STATUS_NAMES,
  orderStatusOfState,
  type Order,
  type OrderLine,
  type OrderState,
  type OrderStatus,
  type WorkingCalendar,
} from '@detal/contract';
import { withinDays } from '../../db/calendar-days.ts';
import type { DbExecutor, Tx } from '../../db/index.ts';
import { readWorkingCalendar } from '../../db/shop-settings.ts';
import { bills, orderItems, orderLineStatusHistory, orders } from '../../db/schema/index.ts';
import { fitsIntegerId } from '../../shared/integer-id.ts';
import { orderStateSql, statesOfStatus } from '../order-state/order-state.ts';

/* Writing orders. */

/** The order a client's submission already created, if any. */
export async function findOrderBySubmission(
  db: DbExecutor,
  clientId: number,
  submissionKey: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.clientId, clientId), eq(orders.submissionKey, submissionKey)));
  return row?.id ?? null;
}

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = Omit<typeof orderItems.$inferInsert, 'orderId' | 'articleNormalized'>;

/**
 * Writes the order row; null when the client's submission key is taken (a concurrent twin won). Checkout holds
 * the submission's lock, so this is the last line of defence, not the mechanism.
 */
export async function insertOrder(tx: Tx, order: NewOrder): Promise<number | null> {
  const [row] = await tx.insert(orders).values(order).onConflictDoNothing().returning({ id: orders.id });
  return row?.id ?? null;
}

export async function insertOrderLines(tx: Tx, orderId: number, lines: readonly NewOrderLine[]): Promise<void> {
  await tx
    .insert(orderItems)
    .values(lines.map((line) => ({ ...line, orderId, articleNormalized: normalizeArticle(line.article) })));
}

/* Reading orders. */

/** Who an order's e-mails go to: the e-mail given at step 2 (it may differ from the account's), and its client. */
export interface OrderContact {
  clientId: number;
  email: string;
  firstName: string;
  lastName: string;
  middleName: string | null;
  companyName: string | null;
  phoneNumber: string;
}

export async function findOrderContact(db: DbExecutor, orderId: number): Promise<OrderContact | null> {
  if (!fitsIntegerId(orderId)) return null;
  const [row] = await db
    .select({
      clientId: orders.clientId,
      email: orders.email,
      firstName: orders.firstName,
      lastName: orders.lastName,
      middleName: orders.middleName,
      companyName: orders.companyName,
      phoneNumber: orders.phoneNumber,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** The order as the client sees it, whoever the client (the shop's e-mails about it); null when there is none. */
export async function findOrderOfAnyClient(db: DbExecutor, orderId: number): Promise<Order | null> {
  const contact = await findOrderContact(db, orderId);
  return contact ? findOrder(db, contact.clientId, orderId) : null;
}

/** What a client's order list may be narrowed to; days are calendar days in the shop's time zone. */
export interface OrderListFilter {
  clientId: number;
  dateFrom?: string | null;
  dateTo?: string | null;
  status?: OrderStatus | null;
  id?: number | null;
}

function listConditions(filter: OrderListFilter, timeZone: string): SQL {
  const conditions: SQL[] = [
    eq(orders.clientId, filter.clientId),
    ...withinDays(orders.createdAt, filter.dateFrom, filter.dateTo, timeZone),
  ];
  if (filter.status) conditions.push(inArray(orderStateSql(), statesOfStatus(filter.status)));
  if (filter.id !== null && filter.id !== undefined) {
    // An id no order can have matches nothing (rather than failing the int4 comparison).
    conditions.push(fitsIntegerId(filter.id) ? eq(orders.id, filter.id) : sql`false`);
  }
  return and(...conditions)!;
}

export async function countOrders(db: DbExecutor, filter: OrderListFilter, timeZone: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(orders).where(listConditions(filter, timeZone));
  return row?.total ?? 0;
}

const orderColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  state: orderStateSql(),
  deliveryMethodId: orders.deliveryMethodId,
  deliveryMethodName: orders.deliveryMethodName,
  deliveryMethodDescription: orders.deliveryMethodDescription,
  deliveryPrice: orders.deliveryPrice,
  deliveryAddress: orders.deliveryAddress,
  desiredDate: orders.desiredDate,
  desiredTime: orders.desiredTime,
  comment: orders.comment,
  totalPrice: orders.totalPrice,
  countPosition: orders.countPosition,
  payer: orders.payer,
  billId: bills.id,
};

type OrderRow = Pick<typeof orders.$inferSelect, Exclude<keyof typeof orderColumns, 'billId' | 'state'>> & {
  billId: number | null;
  state: OrderState;
};

const lineColumns = {
  id: orderItems.id,
  orderId: orderItems.orderId,
  article: orderItems.article,
  brandName: orderItems.brandName,
  description: orderItems.description,
  supplierName: orderItems.supplierName,
  deliveryDays: orderItems.deliveryDays,
  price: orderItems.price,
  quantity: orderItems.quantity,
  status: orderItems.status,
};

type LineRow = Pick<typeof orderItems.$inferSelect, keyof typeof lineColumns>;

const money = (decimal: string): number => roublesFromDecimal(decimal);

// The status column is checked against the contract's list by the database.
const statusOf = (status: string): { status: OrderStatus; status_name: string } => ({
  status: status as OrderStatus,
  status_name: ORDER_STATUS_NAMES[status as OrderStatus],
});

/** Where a line's expected day is counted: its order's moment, the shop's calendar and time zone. */
interface ExpectedDayClock {
  orderedAt: Date;
  calendar: WorkingCalendar;
  timeZone: string;
}

const toOrderLine = (row: LineRow, clock: ExpectedDayClock): OrderLine => ({
  id: row.id,
  article: row.article,
  brand_name: row.brandName,
  description: row.description,
  supplier_name: row.supplierName,
  delivery: row.deliveryDays,
  price: money(row.price),
  quantity: row.quantity,
  ...statusOf(row.status),
  expected_day:
    row.deliveryDays === null
      ? null
      : expectedReadyDay({
          now: clock.orderedAt,
          timeZone: clock.timeZone,
          deliveryDays: row.deliveryDays,
          calendar: clock.calendar,
        }),
});

const toOrder = (row: OrderRow, lines: OrderLine[]): Order => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  ...orderStatusOfState(row.state),
  delivery_method: {
    id: row.deliveryMethodId,
    name: row.deliveryMethodName,
    price: money(row.deliveryPrice),
    description: row.deliveryMethodDescription,
  },
  delivery_address: row.deliveryAddress,
  desired_date: row.desiredDate,
  desired_time: row.desiredTime,
  comment: row.comment,
  total_price: money(row.totalPrice),
  count_position: row.countPosition,
  items: lines,
  bill_id: row.billId,
  payer: row.payer ?? null,
});

/** The orders of these rows with their lines (one query for all lines), in the rows' order. */
async function withLines(db: DbExecutor, rows: OrderRow[], timeZone: string): Promise<Order[]> {
  if (rows.length === 0) return [];
  const calendar = await readWorkingCalendar(db);
  const orderedAt = new Map(rows.map((row) => [row.id, row.createdAt]));
  const lines = await db
    .select(lineColumns)
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  const byOrder = new Map<number, OrderLine[]>();
  for (const line of lines) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push(toOrderLine(line, { orderedAt: orderedAt.get(line.orderId)!, calendar, timeZone }));
    byOrder.set(line.orderId, list);
  }
  return rows.map((row) => toOrder(row, byOrder.get(row.id) ?? []));
}

/** A page of the client's orders, newest first (then by id, matching the orders_client_created_idx index). */
export async function listOrders(
  db: DbExecutor,
  filter: OrderListFilter,
  timeZone: string,
  limit: number,
  offset: number,
): Promise<Order[]> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .leftJoin(bills, eq(bills.orderId, orders.id))
    .where(listConditions(filter, timeZone))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  return withLines(db, rows, timeZone);
}

/** The client's order `orderId`; null when there is none or it is another client's. */
export async function findOrder(
  db: DbExecutor,
  clientId: number,
  orderId: number,
  timeZone: string = DEFAULT_TIME_ZONE,
): Promise<Order | null> {
  if (!fitsIntegerId(orderId)) return null;
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .leftJoin(bills, eq(bills.orderId, orders.id))
    .where(and(eq(orders.id, orderId), eq(orders.clientId, clientId)));
  const [order] = await withLines(db, rows, timeZone);
  return order ?? null;
}

/* Changing line statuses (order-status.ts): every writer locks orders, then lines, then offers and bills. */

/** A line as the status change reads it, locked. */
export interface LockedLine {
  id: number;
  orderId: number;
  offerId: number | null;
  status: OrderStatus;
  price: string;
  quantity: number;
  billed: boolean;
  article: string;
  brandName: string;
}

/** The lines of `ids` that exist, with their orders (not locked: read to know which orders to lock first). */
export function findLineOrders(tx: Tx, ids: readonly number[]): Promise<{ id: number; orderId: number }[]> {
  return tx
    .select({ id: orderItems.id, orderId: orderItems.orderId })
    .from(orderItems)
    .where(inArray(orderItems.id, [...ids]));
}

/** Locks the orders of `orderIds` in id order; with when each was placed (a returned piece's stock needs it). */
export function lockOrders(tx: Tx, orderIds: readonly number[]): Promise<{ id: number; createdAt: Date }[]> {
  return tx
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]))
    .orderBy(asc(orders.id))
    .for('update');
}

/** Locks the lines of `ids` in id order and reads them as they are now. */
export async function lockLines(tx: Tx, ids: readonly number[]): Promise<LockedLine[]> {
  return (await tx
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      offerId: orderItems.offerId,
      status: orderItems.status,
      price: orderItems.price,
      quantity: orderItems.quantity,
      billed: orderItems.billed,
      article: orderItems.article,
      brandName: orderItems.brandName,
    })
    .from(orderItems)
    .where(inArray(orderItems.id, [...ids]))
    .orderBy(asc(orderItems.id))
    .for('update')) as LockedLine[];
}

export async function setLinesStatus(tx: Tx, ids: readonly number[], status: OrderStatus): Promise<void> {
  await tx
    .update(orderItems)
    .set({ status })
    .where(inArray(orderItems.id, [...ids]));
}

export async function insertLineStatusHistory(
  tx: Tx,
  entries: readonly (typeof orderLineStatusHistory.$inferInsert)[],
): Promise<void> {
  await tx.insert(orderLineStatusHistory).values([...entries]);
}

/** Marks the orders of `orderIds` as changed at `at`. */
export async function touchOrders(tx: Tx, orderIds: readonly number[], at: Date): Promise<void> {
  await tx
    .update(orders)
    .set({ updatedAt: at })
    .where(inArray(orders.id, [...orderIds]));
}

/** Takes the lines of `ids` off their order's bill. */
export async function unbillLines(tx: Tx, ids: readonly number[]): Promise<void> {
  await tx
    .update(orderItems)
    .set({ billed: false })
    .where(inArray(orderItems.id, [...ids]));
}

/** What the order's bill covers now: the billed lines' sum (roubles), how many they are, and the delivery price. */
export async function findBilledSums(
  tx: Tx,
  orderId: number,
): Promise<{ items: string; billedLines: number; delivery: string } | undefined> {
  const [sums] = await tx
    .select({
      items: sql<string>`coalesce(sum(${orderItems.price} * ${orderItems.quantity}), 0)::text`,
      billedLines: sql<number>`count(${orderItems.id})::int`,
      delivery: orders.deliveryPrice,
    })
    .from(orders)
    .leftJoin(orderItems, and(eq(orderItems.orderId, orders.id), eq(orderItems.billed, true)))
    .where(eq(orders.id, orderId))
    .groupBy(orders.deliveryPrice);
  return sums;
}

export async function setOrderTotal(tx: Tx, orderId: number, total: string): Promise<void> {
  await tx.update(orders).set({ totalPrice: total }).where(eq(orders.id, orderId));
}

/** The order's state derived from its lines (decision 0040); null when there is no such order. */
export async function findOrderState(tx: Tx, orderId: number): Promise<OrderState | null> {
  const [row] = await tx.select({ state: orderStateSql() }).from(orders).where(eq(orders.id, orderId));
  return row?.state ?? null;
}

/** Every line of the order with its status. */
export function listLineStatuses(tx: Tx, orderId: number): Promise<{ id: number; status: OrderStatus }[]> {
  return tx
    .select({ id: orderItems.id, status: orderItems.status })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId)) as Promise<{ id: number; status: OrderStatus }[]>;
}

/** The status of the order's line `lineId`; null when the order has no such line. */
export async function findLineStatus(tx: Tx, orderId: number, lineId: number): Promise<OrderStatus | null> {
  const [line] = await tx
    .select({ status: orderItems.status })
    .from(orderItems)
    .where(and(eq(orderItems.id, lineId), eq(orderItems.orderId, orderId)));
  return (line?.status as OrderStatus | undefined) ?? null;
}

/** A line of one of `clientId`'s orders (null for another client's or a missing one): a client's cancel reads it. */
export async function findClientLine(db: DbExecutor, lineId: number, clientId: number) {
  if (!fitsIntegerId(lineId)) return null;
  const [line] = await db
    .select({ id: orderItems.id, orderId: orderItems.orderId, status: orderItems.status })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, lineId), eq(orders.clientId, clientId)));
  return line ? { ...line, status: line.status as OrderStatus } : null;
}
