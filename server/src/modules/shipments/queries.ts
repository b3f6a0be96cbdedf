import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PayerRequisites } from '@detal/contract';
import { withinDays } from '../../db/calendar-days.ts';
import type { DbExecutor, Tx } from '../../db/index.ts';
import {
  bills,
  clients,
  orderItems,
  orders,
  payments,
  shipmentCorrections,
  shipmentLines,
  shipments,
  staff,
} from '../../db/schema/index.ts';
import { fitsIntegerId } from '../../shared/integer-id.ts';

/** The SQL of shipments (decision 0053): the lines being issued, the documents, their lists. */

/** An order line being issued, with what its shipment needs of its order and client. */
export interface IssuedLineRow {
  id: number;
  orderId: number;
  clientId: number;
  article: string;
  brandName: string;
  description: string;
  quantity: number;
  price: string;
  status: string;
  orderedAt: Date;
  firstName: string;
  lastName: string;
  middleName: string | null;
  companyName: string | null;
  phoneNumber: string;
  deliveryAddress: string | null;
  clientInn: string | null;
  /** The order's payer and its requisites as ordered (the payers work); null for a person's order. */
  payerId: number | null;
  payer: PayerRequisites | null;
}

export function findIssuedLines(tx: DbExecutor, lineIds: readonly number[]): Promise<IssuedLineRow[]> {
  if (lineIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      clientId: orders.clientId,
      article: orderItems.article,
      brandName: orderItems.brandName,
      description: orderItems.description,
      quantity: orderItems.quantity,
      price: orderItems.price,
      status: orderItems.status,
      orderedAt: orders.createdAt,
      firstName: orders.firstName,
      lastName: orders.lastName,
      middleName: orders.middleName,
      companyName: orders.companyName,
      phoneNumber: orders.phoneNumber,
      deliveryAddress: orders.deliveryAddress,
      clientInn: clients.inn,
      payerId: orders.payerId,
      payer: orders.payer,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .where(inArray(orderItems.id, [...lineIds]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}

/** Payments recorded on the bills of `orderIds` (the prepayments row 5 of the УПД names). */
export function findPrepayments(
  tx: DbExecutor,
  orderIds: readonly number[],
): Promise<{ reference: string; paidOn: string; amount: string; billId: number }[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      reference: payments.reference,
      paidOn: payments.paidOn,
      amount: payments.amount,
      billId: payments.billId,
    })
    .from(payments)
    .innerJoin(bills, eq(bills.id, payments.billId))
    .where(inArray(bills.orderId, [...orderIds]))
    .orderBy(asc(payments.paidOn), asc(payments.id));
}

export async function findStaffName(tx: DbExecutor, staffId: number | null): Promise<string | null> {
  if (staffId === null) return null;
  const [row] = await tx.select({ name: staff.name }).from(staff).where(eq(staff.id, staffId));
  return row?.name ?? null;
}

/** The next shipment number, taken before the document that prints it is composed. */
export async function nextShipmentId(tx: Tx): Promise<number> {
  const result = await tx.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('shipments', 'id'))::int as id`,
  );
  return Number(result.rows[0]!.id);
}

export async function insertShipment(
  tx: Tx,
  row: typeof shipments.$inferInsert,
  lines: Array<Omit<typeof shipmentLines.$inferInsert, 'shipmentId'>>,
): Promise<void> {
  await tx.insert(shipments).values(row);
  await tx.insert(shipmentLines).values(lines.map((line) => ({ ...line, shipmentId: row.id! })));
}

/** The shipments that hold any of `lineIds` (an order line is in one at most). */
export async function shipmentIdsOfLines(tx: DbExecutor, lineIds: readonly number[]): Promise<number[]> {
  if (lineIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ id: shipmentLines.shipmentId })
    .from(shipmentLines)
    .where(inArray(shipmentLines.orderItemId, [...lineIds]))
    .orderBy(asc(shipmentLines.shipmentId));
  return rows.map((row) => row.id);
}

export interface ShipmentListFilter {
  clientId?: number | null;
  orderId?: number | null;
  dateFrom?: string | null;
  dateTo?: string | null;
}

function listConditions(filter: ShipmentListFilter, timeZone: string): SQL | undefined {
  return and(
    filter.clientId != null ? eq(shipments.clientId, filter.clientId) : undefined,
    filter.orderId != null
      ? inArray(
          shipments.id,
          sql`(select ${shipmentLines.shipmentId} from ${shipmentLines} where ${shipmentLines.orderId} = ${filter.orderId})`,
        )
      : undefined,
    ...withinDays(shipments.postedAt, filter.dateFrom, filter.dateTo, timeZone),
  );
}

export interface ShipmentRow {
  id: number;
  clientId: number;
  payerId: number | null;
  postedAt: Date;
  document: unknown;
  lineIds: Array<{ id: number; orderItemId: number }>;
  corrections: Array<{
    id: number;
    createdAt: Date;
    reason: string;
    totalBefore: string;
    totalAfter: string;
    document: unknown;
  }>;
}

export async function countShipments(db: DbExecutor, filter: ShipmentListFilter, timeZone: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(shipments).where(listConditions(filter, timeZone));
  return row?.total ?? 0;
}

async function withLines(
  db: DbExecutor,
  rows: Array<{ id: number; clientId: number; payerId: number | null; postedAt: Date; document: unknown }>,
): Promise<ShipmentRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, corrections] = await Promise.all([
    db
      .select({ shipmentId: shipmentLines.shipmentId, id: shipmentLines.id, orderItemId: shipmentLines.orderItemId })
      .from(shipmentLines)
      .where(inArray(shipmentLines.shipmentId, ids))
      .orderBy(asc(shipmentLines.position)),
    db
      .select()
      .from(shipmentCorrections)
      .where(inArray(shipmentCorrections.shipmentId, ids))
      .orderBy(asc(shipmentCorrections.id)),
  ]);
  return rows.map((row) => ({
    ...row,
    lineIds: lines.filter((line) => line.shipmentId === row.id),
    corrections: corrections.filter((correction) => correction.shipmentId === row.id),
  }));
}

const rowColumns = {
  id: shipments.id,
  clientId: shipments.clientId,
  payerId: shipments.payerId,
  postedAt: shipments.postedAt,
  document: shipments.document,
};

export async function listShipments(
  db: DbExecutor,
  filter: ShipmentListFilter,
  timeZone: string,
  limit: number,
  offset: number,
): Promise<ShipmentRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(shipments)
    .where(listConditions(filter, timeZone))
    .orderBy(desc(shipments.postedAt), desc(shipments.id))
    .limit(limit)
    .offset(offset);
  return withLines(db, rows);
}

/** A shipment, when it is `clientId`'s (any client's when null); null when there is no such shipment. */
export async function findShipment(
  db: DbExecutor,
  shipmentId: number,
  clientId: number | null,
  options: { lock?: boolean } = {},
): Promise<ShipmentRow | null> {
  if (!fitsIntegerId(shipmentId)) return null;
  const query = db
    .select(rowColumns)
    .from(shipments)
    .where(and(eq(shipments.id, shipmentId), clientId === null ? undefined : eq(shipments.clientId, clientId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ? ((await withLines(db, [row]))[0] ?? null) : null;
}

export async function insertCorrection(tx: Tx, row: typeof shipmentCorrections.$inferInsert): Promise<number> {
  const [created] = await tx.insert(shipmentCorrections).values(row).returning({ id: shipmentCorrections.id });
  return created!.id;
}

/** A correction document with its shipment's document, when the shipment is `clientId`'s (any client's when null). */
export async function findCorrection(db: DbExecutor, correctionId: number, clientId: number | null) {
  if (!fitsIntegerId(correctionId)) return null;
  const [row] = await db
    .select({
      id: shipmentCorrections.id,
      document: shipmentCorrections.document,
      shipmentDocument: shipments.document,
    })
    .from(shipmentCorrections)
    .innerJoin(shipments, eq(shipments.id, shipmentCorrections.shipmentId))
    .where(
      and(eq(shipmentCorrections.id, correctionId), clientId === null ? undefined : eq(shipments.clientId, clientId)),
    );
  return row ?? null;
}

/** A client's open lines for the counter, oldest order first; and who the client is. */
export async function findCounterLines(db: DbExecutor, clientId: number) {
  const [client] = await db
    .select({
      id: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      companyName: clients.companyName,
      phone: clients.phoneNumber,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) return null;
  const lines = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      orderedAt: orders.createdAt,
      article: orderItems.article,
      brand: orderItems.brandName,
      description: orderItems.description,
      quantity: orderItems.quantity,
      price: orderItems.price,
      status: orderItems.status,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.clientId, clientId), sql`${orderItems.status} not in ('issued', 'canceled')`))
    .orderBy(asc(orders.createdAt), asc(orderItems.id));
  return { client, lines };
}

/** A line of a posted shipment with what a return of it needs: its client's, or null (another client's too). */
export async function findShipmentLineOfClient(db: DbExecutor, shipmentLineId: number, clientId: number | null) {
  if (!fitsIntegerId(shipmentLineId)) return null;
  const [row] = await db
    .select({
      id: shipmentLines.id,
      shipmentId: shipmentLines.shipmentId,
      orderItemId: shipmentLines.orderItemId,
      orderId: shipmentLines.orderId,
      quantity: shipmentLines.quantity,
      price: shipmentLines.price,
      postedAt: shipments.postedAt,
      clientId: shipments.clientId,
      article: orderItems.article,
      brandName: orderItems.brandName,
      description: orderItems.description,
      supplierId: orderItems.supplierId,
      purchasePrice: orderItems.purchasePrice,
    })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .innerJoin(orderItems, eq(orderItems.id, shipmentLines.orderItemId))
    .where(and(eq(shipmentLines.id, shipmentLineId), clientId === null ? undefined : eq(shipments.clientId, clientId)));
  return row ?? null;
}

/** Locks a shipment's row: returns of its lines queue on it (its quantities left to return are read after). */
export async function lockShipmentRow(tx: Tx, shipmentId: number): Promise<void> {
  await tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.id, shipmentId)).for('update');
}
