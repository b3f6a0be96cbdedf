import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  FINAL_LINE_STATUSES,
  LINE_STATUS_FINAL_MESSAGE,
  LINES_NOT_FOUND_MESSAGE,
  ORDER_STATE_STATUS,
  ORDER_STATUS_NAMES,
  canChangeLineStatus,
  DEFAULT_TIME_ZONE,
  kopecksToDecimal,
  toKopecks,
  type LineStatusChangeResult,
  type OrderStatus,
} from '@detal/contract';
import type { Db, Tx } from '../../db/index.ts';
import { orderItems, orderLineStatusHistory, orders } from '../../db/schema.ts';
import { conflict, validationFailed } from '../../http/errors.ts';
import { fitsIntegerId } from '../../shared/integer-id.ts';
import { lockOrderBill, setBillPaidFlag, setBillSum } from '../bills/queries.ts';
import { findAdminBill } from '../payments/queries.ts';
import { returnToStock } from '../catalog/offer-stock.ts';
import { emit } from '../../events/bus.ts';
import { currentBillDocument, reviseBill } from '../bills/revisions.ts';
import { orderStateSql } from '../order-state/order-state.ts';

/**
 * Every change of an order line's status goes through `changeLineStatuses` below, inside the caller's
 * transaction: the back office (one line or many), its «cancel», and the shop owner's CLI (`setOrderStatus`).
 * It is the one place where a line's status changes, so whatever must happen with every change (history, audit,
 * a canceled line's stock and bill, the client's notification) happens here. Rules: decision 0021.
 */

/** Who changes: a staff member, or null for the command line / the system; the note goes into the history. */
export interface StatusActor {
  staffId: number | null;
  note: string | null;
  at: Date;
  /** The shop's time zone: a bill revised by a cancel is dated in it. */
  timeZone: string;
}

/** The note of the command line's changes. */
export const CLI_NOTE = 'CLI';

interface LockedLine {
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

/**
 * Sets `lineIds` to `status`, all or nothing. Locks, in this order (every writer of these rows takes them in the
 * same order, so that two changes queue instead of deadlocking): the lines' orders, the lines, then for canceled
 * lines their offers and the orders' bills. Statuses are read after the locks, so two staff members changing or
 * canceling the same line at once see each other's result: the second cancel finds the line canceled and does
 * nothing, a change after a cancel is refused. A missing line is a 422 and a line that may not move a 409; in
 * both cases nothing is written (the caller's transaction rolls back on the throw).
 */
export async function changeLineStatuses(
  tx: Tx,
  lineIds: readonly number[],
  status: OrderStatus,
  actor: StatusActor,
  /** The request's field that named the lines, for the 422 message. */
  field = 'line_ids',
): Promise<LineStatusChangeResult> {
  const ids = [...new Set(lineIds)].sort((a, b) => a - b);
  const found = ids.length
    ? await tx
        .select({ id: orderItems.id, orderId: orderItems.orderId })
        .from(orderItems)
        .where(inArray(orderItems.id, ids))
    : [];
  const missing = ids.filter((id) => !found.some((line) => line.id === id));
  if (missing.length > 0 || ids.length === 0) {
    throw validationFailed({ [field]: [`${LINES_NOT_FOUND_MESSAGE}: ${missing.join(', ')}`] }, LINES_NOT_FOUND_MESSAGE);
  }
  const orderIds = [...new Set(found.map((line) => line.orderId))].sort((a, b) => a - b);
  const lockedOrders = await tx
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(inArray(orders.id, orderIds))
    .orderBy(asc(orders.id))
    .for('update');
  const orderedAt = new Map(lockedOrders.map((order) => [order.id, order.createdAt]));
  const lines = (await tx
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
    .where(inArray(orderItems.id, ids))
    .orderBy(asc(orderItems.id))
    .for('update')) as LockedLine[];

  const refused = lines.filter((line) => !canChangeLineStatus(line.status, status));
  if (refused.length > 0) {
    const which = refused
      .map((line) => `№ ${line.id} ${line.brandName} ${line.article} (${ORDER_STATUS_NAMES[line.status]})`)
      .join(', ');
    throw conflict(`${LINE_STATUS_FINAL_MESSAGE}: ${which}`);
  }

  const moving = lines.filter((line) => line.status !== status);
  if (moving.length > 0) {
    await tx
      .update(orderItems)
      .set({ status })
      .where(
        inArray(
          orderItems.id,
          moving.map((line) => line.id),
        ),
      );
    await tx.insert(orderLineStatusHistory).values(
      moving.map((line) => ({
        orderItemId: line.id,
        fromStatus: line.status,
        toStatus: status,
        staffId: actor.staffId,
        note: actor.note,
        createdAt: actor.at,
      })),
    );
    for (const line of moving) {
      // The client's e-mail, in the same transaction: changes of one order within a minute go in one.
      await emit(tx, 'OrderLineStatusChanged', {
        orderId: line.orderId,
        lineId: line.id,
        from: line.status,
        to: status,
        at: actor.at,
      });
      await emit(tx, 'StaffWrite', {
        staffId: actor.staffId,
        action: 'order_item.status',
        entity: 'order_item',
        entityId: line.id,
        before: { order_id: line.orderId, status: line.status },
        after: { order_id: line.orderId, status, ...(actor.note ? { note: actor.note } : {}) },
        at: actor.at,
      });
    }
    if (status === 'canceled') await afterCancel(tx, moving, orderedAt, actor);
    await tx
      .update(orders)
      .set({ updatedAt: actor.at })
      .where(inArray(orders.id, [...new Set(moving.map((line) => line.orderId))]));
  }
  return {
    changed: moving.map((line) => ({ id: line.id, order_id: line.orderId, from: line.status, to: status })),
    unchanged: lines.filter((line) => line.status === status).map((line) => line.id),
  };
}

/**
 * A canceled line gives its pieces back to its offer (when the offer is still the one sold: see
 * `returnToStock`) and leaves its order's bill unless the bill is paid: the bill's sum becomes the lines still
 * billed plus delivery while any remains, and the order's total follows it. A paid bill is never rewritten;
 * the order's screen shows the overpayment as owed to the client.
 */
async function afterCancel(
  tx: Tx,
  canceled: readonly LockedLine[],
  orderedAt: ReadonlyMap<number, Date>,
  actor: StatusActor,
): Promise<void> {
  const withOffer = canceled.filter((line) => line.offerId !== null);
  if (withOffer.length > 0) {
    const returned = await returnToStock(
      tx,
      withOffer.map((line) => ({
        offerId: line.offerId!,
        quantity: line.quantity,
        orderedAt: orderedAt.get(line.orderId)!,
      })),
    );
    for (const change of returned) {
      await emit(tx, 'StaffWrite', {
        staffId: actor.staffId,
        action: 'offer.stock_returned',
        entity: 'offer',
        entityId: change.offerId,
        before: { quantity: change.before },
        after: { quantity: change.after },
        at: actor.at,
      });
    }
  }
  const orderIds = [...new Set(canceled.map((line) => line.orderId))].sort((a, b) => a - b);
  for (const orderId of orderIds) {
    const bill = await lockOrderBill(tx, orderId);
    if (!bill || bill.paid) continue;
    const leaving = canceled.filter((line) => line.orderId === orderId && line.billed).map((line) => line.id);
    if (leaving.length === 0) continue;
    // The bill as the client has it, read before its lines change: the new revision says it replaces it.
    const replaced = await currentBillDocument(tx, bill.id, actor.timeZone);
    await tx.update(orderItems).set({ billed: false }).where(inArray(orderItems.id, leaving));
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
    // Delivery is billed while some part is: an order with every line canceled owes nothing.
    const dueKopecks = sums && sums.billedLines > 0 ? toKopecks(sums.items) + toKopecks(sums.delivery) : 0;
    const total = kopecksToDecimal(dueKopecks);
    await setBillSum(tx, bill.id, total);
    // A partly paid bill whose payments now cover its lower sum is paid; what they took above it is owed back.
    const paidKopecks = toKopecks((await findAdminBill(tx, bill.id))!.paid_sum);
    if (paidKopecks > 0 && paidKopecks >= dueKopecks) await setBillPaidFlag(tx, bill.id, true, actor.at);
    await tx.update(orders).set({ totalPrice: total }).where(eq(orders.id, orderId));
    // A new revision of the bill, the earlier ones kept; the client gets its PDF by e-mail (decision 0039).
    const revised = replaced && (await reviseBill(tx, replaced, actor.at, actor.timeZone));
    if (revised) await emit(tx, 'BillRevised', { billId: bill.id, revision: revised.revision, at: actor.at });
    await emit(tx, 'StaffWrite', {
      staffId: actor.staffId,
      action: 'bill.total',
      entity: 'bill',
      entityId: bill.id,
      before: { price_sum: bill.priceSum, ...(replaced ? { revision: replaced.revision } : {}) },
      after: { price_sum: total, removed_lines: leaving, ...(revised ? { revision: revised.revision } : {}) },
      at: actor.at,
    });
  }
}

export interface StatusChange {
  orderId: number;
  /** The line changed; null when the order's lines changed together. */
  lineId: number | null;
  previous: OrderStatus;
  status: OrderStatus;
}

export type StatusChangeResult = { changed: StatusChange } | { missing: 'order' | 'line' };

/**
 * The shop owner's CLI (`npm run admin -- order-status`): the status of one line when `lineId` is given, else of
 * every line of the order still open (not issued or canceled; an order whose lines are all closed is refused as a
 * closed line is). Lines change through `changeLineStatuses` (history with no staff member and the note «CLI»,
 * audit, a cancel's stock and bill, the client's e-mail). The order's own status is derived from its lines
 * (decision 0040): `previous` and `status` are the order's before and after when no line is named.
 */
export async function setOrderStatus(
  db: Db,
  target: { orderId: number; lineId?: number | null },
  status: OrderStatus,
  actor: Omit<StatusActor, 'at' | 'timeZone'> & { at?: Date; timeZone?: string } = { staffId: null, note: CLI_NOTE },
): Promise<StatusChangeResult> {
  const { orderId, lineId = null } = target;
  if (!fitsIntegerId(orderId)) return { missing: 'order' };
  const at = actor.at ?? new Date();
  const timeZone = actor.timeZone ?? DEFAULT_TIME_ZONE;
  return db.transaction(async (tx): Promise<StatusChangeResult> => {
    const orderStatus = async () => {
      const [row] = await tx.select({ state: orderStateSql() }).from(orders).where(eq(orders.id, orderId));
      return row ? ORDER_STATE_STATUS[row.state] : null;
    };
    const previousOfOrder = await orderStatus();
    if (previousOfOrder === null) return { missing: 'order' };
    if (lineId === null) {
      const lines = await tx
        .select({ id: orderItems.id, status: orderItems.status })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId));
      const open = lines.filter((line) => !FINAL_LINE_STATUSES.includes(line.status as OrderStatus));
      await changeLineStatuses(
        tx,
        (open.length > 0 ? open : lines).map((line) => line.id),
        status,
        { ...actor, at, timeZone },
      );
      return { changed: { orderId, lineId, previous: previousOfOrder, status: (await orderStatus())! } };
    }
    if (!Number.isSafeInteger(lineId)) return { missing: 'line' };
    const [line] = await tx
      .select({ status: orderItems.status })
      .from(orderItems)
      .where(and(eq(orderItems.id, lineId), eq(orderItems.orderId, orderId)));
    if (!line) return { missing: 'line' };
    const result = await changeLineStatuses(tx, [lineId], status, { ...actor, at, timeZone });
    const previous = result.changed[0]?.from ?? status;
    return { changed: { orderId, lineId, previous, status } };
  });
}
