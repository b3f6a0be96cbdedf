import {
  FINAL_LINE_STATUSES,
  LINE_STATUS_FINAL_MESSAGE,
  LINES_NOT_FOUND_MESSAGE,
  ORDER_STATE_STATUS,
  ORDER_STATUSES,
  ORDER_STATUS_NAMES,
  DEFAULT_TIME_ZONE,
  kopecksToDecimal,
  toKopecks,
  type LineStatusChangeResult,
  type OrderStatus,
} from '@detal/contract';
import type { Db, Tx } from '../../db/index.ts';
import { emit } from '../../events/bus.ts';
import { conflict, validationFailed } from '../../http/errors.ts';
import { fitsIntegerId } from '../../shared/integer-id.ts';
import { lockOrderBill, setBillPaidFlag, setBillSum } from '../bills/queries.ts';
import { currentBillDocument, reviseBill } from '../bills/revisions.ts';
import { returnToStock } from '../catalog/offer-stock.ts';
import { findAdminBill } from '../payments/queries.ts';
import {
  findBilledSums,
  findLineOrders,
  findLineStatus,
  findOrderState,
  insertLineStatusHistory,
  listLineStatuses,
  lockLines,
  lockOrders,
  setLinesStatus,
  setOrderTotal,
  touchOrders,
  unbillLines,
  type LockedLine,
} from './queries.ts';

/**
 * Every change of an order line's status goes through `changeLineStatuses` below, inside the caller's
 * transaction: the back office (one line or many), its «cancel», and the shop owner's CLI (`setOrderStatus`).
 * Which moves exist and what each sets off is the table LINE_TRANSITIONS; what every move does (the status, its
 * history, the StaffWrite and OrderLineStatusChanged events, the order's time of change) is `changeLineStatuses`.
 * Rules: decision 0021; the table: decision 0042.
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

/** What a move sets off beyond the move itself, for the lines that took it, in the change's transaction. */
type LineEffect = (tx: Tx, lines: readonly LockedLine[], move: MoveContext) => Promise<void>;

interface MoveContext {
  actor: StatusActor;
  /** When each locked order was placed. */
  orderedAt: ReadonlyMap<number, Date>;
}

/** One row of the table: moves from any of `from` to any of `to`. */
export interface LineTransition {
  from: readonly OrderStatus[];
  to: readonly OrderStatus[];
  /** Checked with the lines locked: a refusal (the 409's reason) or null; none lets every such move through. */
  guard?: (line: LockedLine) => string | null;
  /** In this order, after the status, its history and the events of every line that moved. */
  effects: readonly LineEffect[];
}

/** Statuses a line never leaves: the contract's, by which the web greys the same moves out. */
const FINAL = FINAL_LINE_STATUSES;
const OPEN = ORDER_STATUSES.filter((status) => !FINAL.includes(status));

/**
 * The moves of a line's status, as Vendure's order process states its own: the first row that has the line's
 * status in `from` and the new one in `to` applies. Setting the status a line already has is no move at all (no
 * history, no e-mail), never a refusal.
 */
export const LINE_TRANSITIONS: readonly LineTransition[] = [
  // An open line goes anywhere, backwards too, so that a mistake can be put right.
  { from: OPEN, to: OPEN, effects: [] },
  { from: OPEN, to: ['issued'], effects: [] },
  // A canceled line gives its pieces back and leaves its order's bill (a new revision unless the bill is paid).
  { from: OPEN, to: ['canceled'], effects: [returnPiecesToStock, leaveTheBill] },
  // An issued part is in the client's hands (a return is a new document); a canceled line's stock went back.
  { from: FINAL, to: ORDER_STATUSES, guard: () => LINE_STATUS_FINAL_MESSAGE, effects: [] },
];

/** The row of the move `from` → `to`; none is a move the table does not know, refused like a guarded one. */
export const transitionOf = (from: OrderStatus, to: OrderStatus): LineTransition | undefined =>
  LINE_TRANSITIONS.find((row) => row.from.includes(from) && row.to.includes(to));

/** The refusal of moving `line` to `to`, or null when the move is allowed. */
function refusalOf(line: LockedLine, to: OrderStatus): string | null {
  const transition = transitionOf(line.status, to);
  if (!transition) return LINE_STATUS_FINAL_MESSAGE;
  return transition.guard?.(line) ?? null;
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
  const found = ids.length ? await findLineOrders(tx, ids) : [];
  const missing = ids.filter((id) => !found.some((line) => line.id === id));
  if (missing.length > 0 || ids.length === 0) {
    throw validationFailed({ [field]: [`${LINES_NOT_FOUND_MESSAGE}: ${missing.join(', ')}`] }, LINES_NOT_FOUND_MESSAGE);
  }
  const orderIds = [...new Set(found.map((line) => line.orderId))].sort((a, b) => a - b);
  const orderedAt = new Map((await lockOrders(tx, orderIds)).map((order) => [order.id, order.createdAt]));
  const lines = await lockLines(tx, ids);

  const moving = lines.filter((line) => line.status !== status);
  const refused = moving
    .map((line) => ({ line, refusal: refusalOf(line, status) }))
    .filter((check) => check.refusal !== null);
  if (refused.length > 0) {
    const which = refused
      .map(({ line }) => `№ ${line.id} ${line.brandName} ${line.article} (${ORDER_STATUS_NAMES[line.status]})`)
      .join(', ');
    throw conflict(`${refused[0]!.refusal}: ${which}`);
  }

  if (moving.length > 0) {
    await setLinesStatus(
      tx,
      moving.map((line) => line.id),
      status,
    );
    await insertLineStatusHistory(
      tx,
      moving.map((line) => ({
        orderItemId: line.id,
        fromStatus: line.status,
        toStatus: status,
        staffId: actor.staffId,
        note: actor.note,
        createdAt: actor.at,
      })),
    );
    // The client's e-mail (the outbox's subscriber), in the same transaction, one event per order: changes of one
    // order within a minute go in one e-mail.
    const byOrder = new Map<number, { lineId: number; from: OrderStatus; to: OrderStatus }[]>();
    for (const line of moving) {
      const lines = byOrder.get(line.orderId) ?? [];
      lines.push({ lineId: line.id, from: line.status, to: status });
      byOrder.set(line.orderId, lines);
    }
    for (const [orderId, lines] of byOrder) await emit(tx, 'OrderLineStatusChanged', { orderId, lines, at: actor.at });
    // One audit row per line, written together.
    await emit(tx, 'StaffWrites', {
      records: moving.map((line) => ({
        staffId: actor.staffId,
        action: 'order_item.status',
        entity: 'order_item',
        entityId: line.id,
        before: { order_id: line.orderId, status: line.status },
        after: { order_id: line.orderId, status, ...(actor.note ? { note: actor.note } : {}) },
        at: actor.at,
      })),
    });
    // Each row's effects once, for the lines that took it, in the table's order.
    for (const transition of LINE_TRANSITIONS) {
      const took = moving.filter((line) => transitionOf(line.status, status) === transition);
      if (took.length === 0) continue;
      for (const effect of transition.effects) await effect(tx, took, { actor, orderedAt });
    }
    await touchOrders(tx, [...new Set(moving.map((line) => line.orderId))], actor.at);
  }
  return {
    changed: moving.map((line) => ({ id: line.id, order_id: line.orderId, from: line.status, to: status })),
    unchanged: lines.filter((line) => line.status === status).map((line) => line.id),
  };
}

/** A canceled line gives its pieces back to its offer, when the offer is still the one sold (`returnToStock`). */
async function returnPiecesToStock(tx: Tx, canceled: readonly LockedLine[], { actor, orderedAt }: MoveContext) {
  const withOffer = canceled.filter((line) => line.offerId !== null);
  if (withOffer.length === 0) return;
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

/**
 * A canceled line leaves its order's bill unless the bill is paid: the bill's sum becomes the lines still billed
 * plus delivery while any remains, and the order's total follows it. A paid bill is never rewritten; the order's
 * screen shows the overpayment as owed to the client.
 */
async function leaveTheBill(tx: Tx, canceled: readonly LockedLine[], { actor }: MoveContext) {
  const orderIds = [...new Set(canceled.map((line) => line.orderId))].sort((a, b) => a - b);
  for (const orderId of orderIds) {
    const bill = await lockOrderBill(tx, orderId);
    if (!bill || bill.paid) continue;
    const leaving = canceled.filter((line) => line.orderId === orderId && line.billed).map((line) => line.id);
    if (leaving.length === 0) continue;
    // The bill as the client has it, read before its lines change: the new revision says it replaces it.
    const replaced = await currentBillDocument(tx, bill.id, actor.timeZone);
    await unbillLines(tx, leaving);
    const sums = await findBilledSums(tx, orderId);
    // Delivery is billed while some part is: an order with every line canceled owes nothing.
    const dueKopecks = sums && sums.billedLines > 0 ? toKopecks(sums.items) + toKopecks(sums.delivery) : 0;
    const total = kopecksToDecimal(dueKopecks);
    await setBillSum(tx, bill.id, total);
    // A partly paid bill whose payments now cover its lower sum is paid; what they took above it is owed back.
    const paidKopecks = toKopecks((await findAdminBill(tx, bill.id))!.paid_sum);
    if (paidKopecks > 0 && paidKopecks >= dueKopecks) await setBillPaidFlag(tx, bill.id, true, actor.at);
    await setOrderTotal(tx, orderId, total);
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
      const state = await findOrderState(tx, orderId);
      return state === null ? null : ORDER_STATE_STATUS[state];
    };
    const previousOfOrder = await orderStatus();
    if (previousOfOrder === null) return { missing: 'order' };
    if (lineId === null) {
      const lines = await listLineStatuses(tx, orderId);
      const open = lines.filter((line) => !FINAL.includes(line.status));
      await changeLineStatuses(
        tx,
        (open.length > 0 ? open : lines).map((line) => line.id),
        status,
        { ...actor, at, timeZone },
      );
      return { changed: { orderId, lineId, previous: previousOfOrder, status: (await orderStatus())! } };
    }
    if (!Number.isSafeInteger(lineId)) return { missing: 'line' };
    if ((await findLineStatus(tx, orderId, lineId)) === null) return { missing: 'line' };
    const result = await changeLineStatuses(tx, [lineId], status, { ...actor, at, timeZone });
    const previous = result.changed[0]?.from ?? status;
    return { changed: { orderId, lineId, previous, status } };
  });
}
