import { and, asc, count, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_STATUS_NAMES,
  expectedReadyDay,
  fromKopecks,
  normalizeArticle,
  orderStatusOfState,
  zonedDayAndMinutes,
  roublesFromDecimal,
  toKopecks,
  type AdminOrder,
  type AdminOrderLine,
  type AdminOrderLineFilters,
  type AdminOrderScreenLine,
  type AdminSupplier,
  type LineStatusHistoryEntry,
  type OrderStatus,
  type WorkingCalendar,
} from '@detal/contract';
import { withinDays } from '../../db/calendar-days.ts';
import type { DbExecutor } from '../../db/index.ts';
import { readWorkingCalendar } from '../../db/shop-settings.ts';
import { bills, clients, orderItems, orderLineStatusHistory, orders, staff, suppliers } from '../../db/schema/index.ts';
import { fitsIntegerId } from '../../shared/integer-id.ts';
import { findAdminBill } from '../payments/queries.ts';
import { findBillRevisions } from '../bills/queries.ts';
import { auditObjectsOf, type AuditObjectReader } from '../audit/audit-objects.ts';
import { orderStateSql } from '../order-state/order-state.ts';

/** The back office's reads of orders: the work queue of lines and an order's screen (staff only). */

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Name, company, e-mail and phone as the order gave them, and the account's e-mail. */
const clientText = sql`concat_ws(' ', ${orders.lastName}, ${orders.firstName}, ${orders.middleName}, ${orders.companyName}, ${orders.email}, ${orders.phoneNumber}, ${clients.email})`;

/** The client filter's condition: name, company, e-mail, or the phone by its digits however typed. */
function clientMatches(text: string): SQL {
  const byText = sql`${clientText} ilike ${likePattern(text)}`;
  const digits = text.replace(/\D/g, '');
  // '8 916 555-12-34', '+7 (916) 5551234' and '9165551234' all find +79165551234.
  const phoneDigits = digits.length >= 5 && /^[\d\s()+-]+$/.test(text) ? digits.replace(/^[78](?=\d{10}$)/, '') : '';
  return phoneDigits ? sql`(${byText} or ${orders.phoneNumber} like ${likePattern(phoneDigits)})` : byText;
}

/**
 * The queue's search box, for what a client says on the phone: the article in any spelling (compared by
 * `normalizeArticle`, as the storefront's search), the brand, the order number («123», «№ 123») or the client.
 */
export function searchMatches(text: string): SQL {
  const article = normalizeArticle(text);
  const orderNumber = /^(?:№\s*)?(\d{1,9})$/.exec(text)?.[1];
  const found: SQL[] = [sql`${orderItems.brandName} ilike ${likePattern(text)}`, clientMatches(text)];
  if (article.length > 0) found.push(sql`${orderItems.articleNormalized} like ${likePattern(article)}`);
  if (orderNumber !== undefined) found.push(eq(orders.id, Number(orderNumber)));
  return or(...found)!;
}

/** The lines late now: `lateLineIds`, for the `late` filter. */
type LateLines = readonly number[];

function queueConditions(filters: AdminOrderLineFilters, timeZone: string, late: LateLines | null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    ...withinDays(orders.createdAt, filters.date_from, filters.date_to, timeZone),
  ];
  if (filters.status && filters.status.length > 0) conditions.push(inArray(orderItems.status, filters.status));
  if (filters.supplier_id != null) conditions.push(eq(orderItems.supplierId, filters.supplier_id));
  if (filters.order_id != null) conditions.push(eq(orders.id, filters.order_id));
  if (filters.client_id != null) conditions.push(eq(orders.clientId, filters.client_id));
  if (late !== null) conditions.push(late.length > 0 ? inArray(orderItems.id, [...late]) : sql`false`);
  const client = filters.client?.trim();
  if (client) conditions.push(clientMatches(client));
  const search = filters.q?.trim();
  if (search) conditions.push(searchMatches(search));
  return and(...conditions);
}

/** Statuses in which a line is still on its way to the client: past its expected day, it is late. */
const OPEN_LINE_STATUSES: readonly OrderStatus[] = ['new', 'in_work', 'ordered', 'in_transit', 'supplier_refused'];

/** The day a line is expected ready: its order's day plus its delivery days on the shop's working calendar. */
export const expectedDayOf = (
  orderedAt: Date,
  deliveryDays: number | null,
  calendar: WorkingCalendar,
  timeZone: string,
): string | null =>
  deliveryDays === null ? null : expectedReadyDay({ now: orderedAt, timeZone, deliveryDays, calendar });

/** What tells whether a line is late: the shop's calendar and its today. */
export interface LatenessClock {
  calendar: WorkingCalendar;
  timeZone: string;
  /** The shop's today, 'yyyy-mm-dd'. */
  today: string;
}

export async function latenessClock(db: DbExecutor, now: Date, timeZone: string): Promise<LatenessClock> {
  return { calendar: await readWorkingCalendar(db), timeZone, today: zonedDayAndMinutes(now, timeZone).day };
}

const isLate = (status: string, expectedDay: string | null, clock: LatenessClock) =>
  expectedDay !== null && expectedDay < clock.today && OPEN_LINE_STATUSES.includes(status as OrderStatus);

/** Every line late now (past its expected day, not ready, issued or canceled), by the delivery-date rules. */
export async function lateLineIds(db: DbExecutor, clock: LatenessClock): Promise<number[]> {
  const open = await db
    .select({
      id: orderItems.id,
      status: orderItems.status,
      deliveryDays: orderItems.deliveryDays,
      at: orders.createdAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.status, [...OPEN_LINE_STATUSES]), isNotNull(orderItems.deliveryDays)));
  return open
    .filter((line) =>
      isLate(line.status, expectedDayOf(line.at, line.deliveryDays, clock.calendar, clock.timeZone), clock),
    )
    .map((line) => line.id);
}

/** The navigation's counts: lines still new, lines late. */
export async function countNewAndLateLines(db: DbExecutor, clock: LatenessClock) {
  const [fresh] = await db.select({ total: count() }).from(orderItems).where(eq(orderItems.status, 'new'));
  return { new_lines: fresh?.total ?? 0, late_lines: (await lateLineIds(db, clock)).length };
}

const money = (decimal: string): number => roublesFromDecimal(decimal);
const moneyOrNull = (decimal: string | null): number | null => (decimal === null ? null : money(decimal));

export const clientName = (row: {
  lastName: string;
  firstName: string;
  middleName: string | null;
  companyName: string | null;
}) =>
  [[row.lastName, row.firstName, row.middleName].filter(Boolean).join(' '), row.companyName].filter(Boolean).join(', ');

const queueColumns = {
  id: orderItems.id,
  orderId: orders.id,
  createdAt: orders.createdAt,
  clientId: orders.clientId,
  lastName: orders.lastName,
  firstName: orders.firstName,
  middleName: orders.middleName,
  companyName: orders.companyName,
  email: orders.email,
  phoneNumber: orders.phoneNumber,
  article: orderItems.article,
  brandName: orderItems.brandName,
  description: orderItems.description,
  supplierId: orderItems.supplierId,
  supplierName: suppliers.name,
  deliveryDays: orderItems.deliveryDays,
  quantity: orderItems.quantity,
  purchasePrice: orderItems.purchasePrice,
  price: orderItems.price,
  status: orderItems.status,
  comment: orders.comment,
};

const baseQueue = <T extends Record<string, unknown>>(db: DbExecutor, columns: T) =>
  db
    .select(columns as never)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .leftJoin(suppliers, eq(suppliers.id, orderItems.supplierId));

/** The `late` filter's lines, or null when the filter is not asked for. */
const lateFilter = async (db: DbExecutor, filters: AdminOrderLineFilters, clock: LatenessClock) =>
  filters.late ? lateLineIds(db, clock) : null;

export async function countQueueLines(db: DbExecutor, filters: AdminOrderLineFilters, clock: LatenessClock) {
  const where = queueConditions(filters, clock.timeZone, await lateFilter(db, filters, clock));
  const [row] = (await baseQueue(db, { total: count() }).where(where)) as {
    total: number;
  }[];
  return row?.total ?? 0;
}

type QueueRow = { [K in keyof typeof queueColumns]: (typeof queueColumns)[K]['_']['data'] } & {
  supplierName: string | null;
};

/** What a line shows in the queue and on the order screen alike. */
interface LineFieldsRow {
  article: string;
  brandName: string;
  description: string;
  supplierId: number | null;
  supplierName: string | null;
  deliveryDays: number | null;
  quantity: number;
  purchasePrice: string | null;
  price: string;
  status: string;
}

function lineFields(row: LineFieldsRow) {
  return {
    article: row.article,
    brand_name: row.brandName,
    description: row.description,
    supplier_id: row.supplierId,
    supplier_name: row.supplierName,
    delivery: row.deliveryDays,
    quantity: row.quantity,
    purchase_price: moneyOrNull(row.purchasePrice),
    price: money(row.price),
    status: row.status as OrderStatus,
    status_name: ORDER_STATUS_NAMES[row.status as OrderStatus],
  };
}

/** A page of the queue, newest order first, its lines in the order they were added. */
export async function listQueueLines(
  db: DbExecutor,
  filters: AdminOrderLineFilters,
  clock: LatenessClock,
  limit: number,
  offset: number,
): Promise<AdminOrderLine[]> {
  const where = queueConditions(filters, clock.timeZone, await lateFilter(db, filters, clock));
  const rows = (await baseQueue(db, queueColumns)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id), asc(orderItems.id))
    .limit(limit)
    .offset(offset)) as QueueRow[];
  return rows.map((row): AdminOrderLine => {
    const expectedDay = expectedDayOf(row.createdAt, row.deliveryDays, clock.calendar, clock.timeZone);
    return {
      id: row.id,
      order_id: row.orderId,
      created_at: row.createdAt.toISOString(),
      client_id: row.clientId,
      client_name: clientName(row),
      client_email: row.email,
      client_phone: row.phoneNumber,
      ...lineFields(row),
      expected_day: expectedDay,
      late: isLate(row.status, expectedDay, clock),
      order_comment: row.comment?.trim() || null,
    };
  });
}

export async function listSuppliers(db: DbExecutor): Promise<AdminSupplier[]> {
  return db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).orderBy(asc(suppliers.name));
}

/** margin / selling × 100 with one decimal, from kopecks (null when nothing was sold). */
const marginPercent = (marginKopecks: number, sellingKopecks: number): number | null =>
  sellingKopecks === 0 ? null : Math.round((marginKopecks * 1000) / sellingKopecks) / 10;

/** The order's screen, or null when there is no such order. */
export async function findAdminOrder(
  db: DbExecutor,
  orderId: number,
  clock: LatenessClock,
): Promise<AdminOrder | null> {
  if (!fitsIntegerId(orderId)) return null;
  const [head] = await db
    .select({
      order: orders,
      state: orderStateSql(),
      accountEmail: clients.email,
      billId: bills.id,
      billSum: bills.priceSum,
      billPaid: bills.paid,
    })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .leftJoin(bills, eq(bills.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!head) return null;
  const { order } = head;
  const lineRows = await db
    .select({
      id: orderItems.id,
      article: orderItems.article,
      brandName: orderItems.brandName,
      description: orderItems.description,
      supplierId: orderItems.supplierId,
      supplierName: suppliers.name,
      deliveryDays: orderItems.deliveryDays,
      quantity: orderItems.quantity,
      purchasePrice: orderItems.purchasePrice,
      price: orderItems.price,
      status: orderItems.status,
      billed: orderItems.billed,
    })
    .from(orderItems)
    .leftJoin(suppliers, eq(suppliers.id, orderItems.supplierId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const historyRows =
    lineRows.length === 0
      ? []
      : await db
          .select({
            id: orderLineStatusHistory.id,
            lineId: orderLineStatusHistory.orderItemId,
            createdAt: orderLineStatusHistory.createdAt,
            fromStatus: orderLineStatusHistory.fromStatus,
            toStatus: orderLineStatusHistory.toStatus,
            staffId: orderLineStatusHistory.staffId,
            staffName: staff.name,
            note: orderLineStatusHistory.note,
          })
          .from(orderLineStatusHistory)
          .leftJoin(staff, eq(staff.id, orderLineStatusHistory.staffId))
          .where(
            inArray(
              orderLineStatusHistory.orderItemId,
              lineRows.map((line) => line.id),
            ),
          )
          .orderBy(asc(orderLineStatusHistory.createdAt), asc(orderLineStatusHistory.id));

  let itemsKopecks = 0;
  let purchaseKopecks = 0;
  let canceledKopecks = 0;
  let purchaseUnknown = false;
  const lines = lineRows.map((row): AdminOrderScreenLine => {
    const totalKopecks = toKopecks(row.price) * row.quantity;
    const purchaseTotalKopecks = row.purchasePrice === null ? null : toKopecks(row.purchasePrice) * row.quantity;
    const marginKopecks = purchaseTotalKopecks === null ? null : totalKopecks - purchaseTotalKopecks;
    if (row.status === 'canceled') {
      canceledKopecks += totalKopecks;
    } else {
      itemsKopecks += totalKopecks;
      purchaseKopecks += purchaseTotalKopecks ?? 0;
      if (purchaseTotalKopecks === null) purchaseUnknown = true;
    }
    const history = historyRows
      .filter((entry) => entry.lineId === row.id)
      .map((entry): LineStatusHistoryEntry => ({
        id: entry.id,
        created_at: entry.createdAt.toISOString(),
        from_status: entry.fromStatus as OrderStatus,
        to_status: entry.toStatus as OrderStatus,
        staff_id: entry.staffId,
        staff_name: entry.staffName,
        note: entry.note,
      }));
    const expectedDay = expectedDayOf(order.createdAt, row.deliveryDays, clock.calendar, clock.timeZone);
    return {
      id: row.id,
      order_id: orderId,
      ...lineFields(row),
      expected_day: expectedDay,
      late: isLate(row.status, expectedDay, clock),
      total: fromKopecks(totalKopecks),
      purchase_total: purchaseTotalKopecks === null ? null : fromKopecks(purchaseTotalKopecks),
      margin: marginKopecks === null ? null : fromKopecks(marginKopecks),
      margin_percent: marginKopecks === null ? null : marginPercent(marginKopecks, totalKopecks),
      billed: row.billed,
      history,
    };
  });
  const active = lineRows.some((row) => row.status !== 'canceled');
  const dueKopecks = active ? itemsKopecks + toKopecks(order.deliveryPrice) : 0;
  const marginKopecks = itemsKopecks - purchaseKopecks;
  // A paid bill is never rewritten (decision 0021): what its payments took above what is due now goes back to
  // the client.
  const paidBill = head.billId === null ? null : await findAdminBill(db, head.billId);
  const paidKopecks = paidBill ? toKopecks(paidBill.paid_sum) : 0;
  const billRevisions =
    head.billId === null ? [] : ((await findBillRevisions(db, [head.billId])).get(head.billId) ?? []);
  return {
    id: order.id,
    created_at: order.createdAt.toISOString(),
    ...orderStatusOfState(head.state),
    client: {
      id: order.clientId,
      account_email: head.accountEmail,
      last_name: order.lastName,
      first_name: order.firstName,
      middle_name: order.middleName,
      company_name: order.companyName,
      email: order.email,
      phone_number: order.phoneNumber,
    },
    delivery_method: {
      name: order.deliveryMethodName,
      price: money(order.deliveryPrice),
      description: order.deliveryMethodDescription,
    },
    delivery_address: order.deliveryAddress,
    desired_date: order.desiredDate,
    desired_time: order.desiredTime,
    comment: order.comment,
    lines,
    totals: {
      items: fromKopecks(itemsKopecks),
      purchase: fromKopecks(purchaseKopecks),
      margin: fromKopecks(marginKopecks),
      margin_percent: marginPercent(marginKopecks, itemsKopecks),
      purchase_unknown: purchaseUnknown,
      canceled: fromKopecks(canceledKopecks),
      due: fromKopecks(dueKopecks),
    },
    bill:
      head.billId === null || head.billSum === null || head.billPaid === null
        ? null
        : { id: head.billId, price_sum: money(head.billSum), paid: head.billPaid, revisions: billRevisions },
    refund_due: fromKopecks(Math.max(0, paidKopecks - dueKopecks)),
  };
}

export async function orderIdOfLine(db: DbExecutor, lineId: number): Promise<number | null> {
  const [row] = await db.select({ orderId: orderItems.orderId }).from(orderItems).where(eq(orderItems.id, lineId));
  return row?.orderId ?? null;
}

/** Orders as the audit log names them: «№ 12, Иванов Иван» (the page puts the kind first). */
export const orderAuditObjects: AuditObjectReader = async (db, ids) =>
  auditObjectsOf(
    await db
      .select({
        id: orders.id,
        label: sql<string>`'№ ' || ${orders.id} || ', ' || coalesce(nullif(${clients.companyName}, ''),
          trim(${clients.lastName} || ' ' || ${clients.firstName}))`,
        orderId: orders.id,
      })
      .from(orders)
      .innerJoin(clients, eq(clients.id, orders.clientId))
      .where(inArray(orders.id, [...ids])),
  );

/** Order lines: «KNECHT OC 90, заказ № 12», linked to their order. */
export const orderLineAuditObjects: AuditObjectReader = async (db, ids) =>
  auditObjectsOf(
    await db
      .select({
        id: orderItems.id,
        label: sql<string>`${orderItems.brandName} || ' ' || ${orderItems.article} || ', заказ № ' || ${orderItems.orderId}`,
        orderId: orderItems.orderId,
      })
      .from(orderItems)
      .where(inArray(orderItems.id, [...ids])),
  );

/** Bills: «№ 7, заказ № 12», linked to their order. */
export const billAuditObjects: AuditObjectReader = async (db, ids) =>
  auditObjectsOf(
    await db
      .select({
        id: bills.id,
        label: sql<string>`'№ ' || ${bills.id} || ', заказ № ' || ${bills.orderId}`,
        orderId: bills.orderId,
      })
      .from(bills)
      .where(inArray(bills.id, [...ids])),
  );
