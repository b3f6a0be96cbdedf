import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { roublesFromDecimal, type Bill, type BillRevision, type PayerRequisites } from '@detal/contract';
import { withinDays } from '../../db/calendar-days.ts';
import type { DbExecutor, Tx } from '../../db/index.ts';
import { billRevisions, bills, orderItems, orders } from '../../db/schema/index.ts';
import { fitsIntegerId } from '../../shared/integer-id.ts';

/** The order's bill: what the client pays, the order's whole total. Answers its number. */
export async function insertBill(
  tx: Tx,
  orderId: number,
  clientId: number,
  priceSum: string,
  createdAt: Date,
): Promise<number> {
  const [row] = await tx.insert(bills).values({ orderId, clientId, priceSum, createdAt }).returning({ id: bills.id });
  return row!.id;
}

/** The order and client a bill is for; null when there is no such bill. */
export async function findBillOwner(
  db: DbExecutor,
  billId: number,
): Promise<{ orderId: number; clientId: number; priceSum: string; paid: boolean } | null> {
  if (!fitsIntegerId(billId)) return null;
  const [row] = await db
    .select({ orderId: bills.orderId, clientId: bills.clientId, priceSum: bills.priceSum, paid: bills.paid })
    .from(bills)
    .where(eq(bills.id, billId));
  return row ?? null;
}

/** What a client's bill list may be narrowed to; days are calendar days in the shop's time zone. */
export interface BillListFilter {
  clientId: number;
  dateFrom?: string | null;
  dateTo?: string | null;
  paid?: boolean | null;
}

const billColumns = {
  id: bills.id,
  orderId: bills.orderId,
  priceSum: bills.priceSum,
  paid: bills.paid,
  dateBill: bills.dateBill,
  createdAt: bills.createdAt,
};

interface BillRow {
  id: number;
  orderId: number;
  priceSum: string;
  paid: boolean;
  dateBill: Date;
  createdAt: Date;
}

/**
 * The contract's Bill of a row and its issued revisions (oldest first); the sum goes text -> kopecks -> roubles,
 * never through float arithmetic.
 */
export const toBill = (row: BillRow, revisions: BillRevision[]): Bill => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  date_bill: row.dateBill.toISOString(),
  clients_shops_orders_id: row.orderId,
  price_sum: roublesFromDecimal(row.priceSum),
  paid: row.paid,
  revision: revisions.at(-1)?.revision ?? 0,
  revisions,
});

/** The issued revisions of bills, oldest first, by bill. */
export async function findBillRevisions(
  db: DbExecutor,
  billIds: readonly number[],
): Promise<Map<number, BillRevision[]>> {
  const byBill = new Map<number, BillRevision[]>(billIds.map((id) => [id, []]));
  if (billIds.length === 0) return byBill;
  const rows = await db
    .select({
      billId: billRevisions.billId,
      revision: billRevisions.revision,
      issuedAt: billRevisions.issuedAt,
      priceSum: billRevisions.priceSum,
    })
    .from(billRevisions)
    .where(inArray(billRevisions.billId, [...billIds]))
    .orderBy(asc(billRevisions.billId), asc(billRevisions.revision));
  for (const row of rows) {
    byBill.get(row.billId)?.push({
      revision: row.revision,
      issued_at: row.issuedAt.toISOString(),
      price_sum: roublesFromDecimal(row.priceSum),
    });
  }
  return byBill;
}

const withRevisions = async (db: DbExecutor, rows: BillRow[]): Promise<Bill[]> => {
  const revisions = await findBillRevisions(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toBill(row, revisions.get(row.id) ?? []));
};

/** The conditions of a list filter: the client's own bills, dated within the days (both ends included). */
function listConditions(filter: BillListFilter, timeZone: string): SQL {
  const conditions: SQL[] = [
    eq(bills.clientId, filter.clientId),
    ...withinDays(bills.dateBill, filter.dateFrom, filter.dateTo, timeZone),
  ];
  if (filter.paid !== null && filter.paid !== undefined) conditions.push(eq(bills.paid, filter.paid));
  return and(...conditions)!;
}

export async function countBills(db: DbExecutor, filter: BillListFilter, timeZone: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(bills).where(listConditions(filter, timeZone));
  return row?.total ?? 0;
}

/** A page of the client's bills, newest first (by bill date, then id, so that equal dates keep one order). */
export async function listBills(
  db: DbExecutor,
  filter: BillListFilter,
  timeZone: string,
  limit: number,
  offset: number,
): Promise<Bill[]> {
  const rows = await db
    .select(billColumns)
    .from(bills)
    .where(listConditions(filter, timeZone))
    .orderBy(desc(bills.dateBill), desc(bills.id))
    .limit(limit)
    .offset(offset);
  return withRevisions(db, rows);
}

/** Number and sum (decimal text) of a client's bills: all, paid, awaiting payment. */
export interface BillTotalsRow {
  count: number;
  sum: string;
  paidCount: number;
  paidSum: string;
}

export async function sumBills(db: DbExecutor, clientId: number): Promise<BillTotalsRow> {
  const [row] = await db
    .select({
      count: count(),
      sum: sql<string>`coalesce(sum(${bills.priceSum}), 0)::text`,
      paidCount: sql<number>`(count(*) filter (where ${bills.paid}))::int`,
      paidSum: sql<string>`coalesce(sum(${bills.priceSum}) filter (where ${bills.paid}), 0)::text`,
    })
    .from(bills)
    .where(eq(bills.clientId, clientId));
  return row ?? { count: 0, sum: '0', paidCount: 0, paidSum: '0' };
}

/** One of the client's bills; null when it does not exist or is another client's (the caller answers 404 alike). */
export async function findClientBill(db: DbExecutor, clientId: number, billId: number): Promise<Bill | null> {
  if (!fitsIntegerId(billId)) return null;
  const [row] = await db
    .select(billColumns)
    .from(bills)
    .where(and(eq(bills.id, billId), eq(bills.clientId, clientId)));
  return row ? ((await withRevisions(db, [row]))[0] ?? null) : null;
}

/** Everything a printed bill shows of its order: the buyer's contact data, the delivery and the lines. */
export interface BillPrintRow {
  billId: number;
  dateBill: Date;
  priceSum: string;
  orderId: number;
  companyName: string | null;
  firstName: string;
  lastName: string;
  middleName: string | null;
  phoneNumber: string;
  /** (issue 30) The payer's requisites as the order recorded them; null for a person's order. */
  payer: PayerRequisites | null;
  deliveryMethodName: string;
  deliveryPrice: string;
  items: Array<{ article: string; brandName: string; description: string; price: string; quantity: number }>;
}

/**
 * The bill with its order and lines, when it is `clientId`'s (or any client's when clientId is null: the shop's
 * own tools); null otherwise.
 */
export async function findBillForPrint(
  db: DbExecutor,
  billId: number,
  clientId: number | null,
): Promise<BillPrintRow | null> {
  if (!fitsIntegerId(billId)) return null;
  const ownership = clientId === null ? [] : [eq(bills.clientId, clientId)];
  const [head] = await db
    .select({
      billId: bills.id,
      dateBill: bills.dateBill,
      priceSum: bills.priceSum,
      orderId: orders.id,
      companyName: orders.companyName,
      firstName: orders.firstName,
      lastName: orders.lastName,
      middleName: orders.middleName,
      phoneNumber: orders.phoneNumber,
      payer: orders.payer,
      deliveryMethodName: orders.deliveryMethodName,
      deliveryPrice: orders.deliveryPrice,
    })
    .from(bills)
    .innerJoin(orders, eq(orders.id, bills.orderId))
    .where(and(eq(bills.id, billId), ...ownership));
  if (!head) return null;
  const items = await db
    .select({
      article: orderItems.article,
      brandName: orderItems.brandName,
      description: orderItems.description,
      price: orderItems.price,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    // A line canceled while the bill was unpaid left it (its sum went down with it); decision 0021.
    .where(and(eq(orderItems.orderId, head.orderId), eq(orderItems.billed, true)))
    .orderBy(asc(orderItems.id));
  return { ...head, items };
}

/** The order's bill, locked for the rest of the transaction (a canceled line rewrites an unpaid one's sum). */
export async function lockOrderBill(
  tx: Tx,
  orderId: number,
): Promise<{ id: number; priceSum: string; paid: boolean } | null> {
  const [row] = await tx
    .select({ id: bills.id, priceSum: bills.priceSum, paid: bills.paid })
    .from(bills)
    .where(eq(bills.orderId, orderId))
    .for('update');
  return row ?? null;
}

/** A new sum for an unpaid bill (the caller holds its lock and checked it is unpaid). */
export async function setBillSum(tx: Tx, billId: number, priceSum: string): Promise<void> {
  await tx.update(bills).set({ priceSum }).where(eq(bills.id, billId));
}

/** Locks a bill's row for the rest of the transaction (a payment reads its sums, then writes); false if none. */
export async function lockBillRow(tx: Tx, billId: number): Promise<boolean> {
  if (!fitsIntegerId(billId)) return false;
  const [row] = await tx.select({ id: bills.id }).from(bills).where(eq(bills.id, billId)).for('update');
  return row !== undefined;
}

/** Locks bills in id order: two transactions locking overlapping sets wait for each other, never deadlock. */
export async function lockBillRows(tx: Tx, billIds: readonly number[]): Promise<void> {
  const ids = billIds.filter(fitsIntegerId);
  if (ids.length === 0) return;
  await tx.select({ id: bills.id }).from(bills).where(inArray(bills.id, ids)).orderBy(asc(bills.id)).for('update');
}

/**
 * The paid flag the client's /bills shows, derived from the payments by the payments module in its transaction:
 * paid since `at` (the first time is kept), or awaiting payment again.
 */
export async function setBillPaidFlag(tx: Tx, billId: number, paid: boolean, at: Date): Promise<void> {
  await tx
    .update(bills)
    .set({ paid, paidAt: paid ? sql`coalesce(${bills.paidAt}, ${at.toISOString()}::timestamptz)` : null })
    .where(eq(bills.id, billId));
}

/** A revision as stored: its number and the frozen document (bill-document.ts checks its format). */
export interface StoredBillRevision {
  revision: number;
  document: unknown;
}

/**
 * One revision of a bill (the latest when `revision` is null), when the bill is `clientId`'s (any client's when
 * null); null when there is none.
 */
export async function findBillRevision(
  db: DbExecutor,
  billId: number,
  clientId: number | null,
  revision: number | null,
): Promise<StoredBillRevision | null> {
  if (!fitsIntegerId(billId)) return null;
  const conditions = [eq(billRevisions.billId, billId)];
  if (clientId !== null) conditions.push(eq(bills.clientId, clientId));
  if (revision !== null) conditions.push(eq(billRevisions.revision, revision));
  const [row] = await db
    .select({ revision: billRevisions.revision, document: billRevisions.document })
    .from(billRevisions)
    .innerJoin(bills, eq(bills.id, billRevisions.billId))
    .where(and(...conditions))
    .orderBy(desc(billRevisions.revision))
    .limit(1);
  return row ?? null;
}

/** A new revision of a bill; false when that revision exists already (two first prints of an old bill at once). */
export async function insertBillRevision(
  db: DbExecutor,
  values: { billId: number; revision: number; issuedAt: Date; priceSum: string; reason: string; document: object },
): Promise<boolean> {
  const inserted = await db
    .insert(billRevisions)
    .values(values)
    .onConflictDoNothing({ target: [billRevisions.billId, billRevisions.revision] })
    .returning({ id: billRevisions.id });
  return inserted.length > 0;
}
