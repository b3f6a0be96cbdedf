import {
  CREDIT_HOLD_NAMES,
  LINES_NOT_FOUND_MESSAGE,
  ORDER_STATUS_NAMES,
  QUEUE_LINE_NO_SUPPLIER_MESSAGE,
  QUEUE_LINES_CREDIT_HELD_MESSAGE,
  QUEUE_LINES_NOT_WAITING_MESSAGE,
  SUPPLIER_ORDER_NOT_DRAFT_MESSAGE,
  SUPPLIER_ORDER_NOT_FOUND_MESSAGE,
  normalizeBrand,
  type OrderStatus,
  type SupplierOrderChannel,
  type SupplierOrderSummary,
} from '@detal/contract';
import type { Tx } from '../../db/index.ts';
import { emit } from '../../events/bus.ts';
import { conflict, notFound, validationFailed } from '../../http/errors.ts';
import { openHoldReasons } from '../ledger/holds.ts';
import { lockLinesWithOrders } from '../orders/line-split.ts';
import type { StatusActor } from '../orders/order-status.ts';
import { movePieces, setLinesStatus, WAITING_STATUSES } from './client-lines.ts';
import {
  deleteDraftLines,
  findItemsToOrder,
  findSupplierOrderSummaries,
  heldItems,
  insertSupplierOrder,
  insertSupplierOrderLines,
  lockDrafts,
  lockLinesOfOrders,
  lockSupplierOrders,
  saveLineQuantities,
  setSupplierOrder,
  type LockedOrderLine,
  type LockedSupplierOrder,
} from './queries.ts';
import { insertRefusals } from './refusals.ts';
import { checkMove, outstandingOf, progressOf } from './supplier-order-state.ts';

/**
 * Supplier orders (issue 29, decision 0049): made from the «К заказу» queue one per supplier, sent (by hand here;
 * the channels call `markSent` too), canceled or closed. Every function runs in the caller's transaction and
 * takes its locks in one order: supplier orders, their lines, then the client lines' orders and lines
 * (`lockLinesWithOrders`, the order every writer of client lines uses).
 */

/** Who acts: a staff member (null for a channel's job), when, the shop's time zone; the note goes into histories. */
export type PurchaseActor = StatusActor;

/** The note a client line's history gets for a step of supplier order `number`. */
const noteOf = (actor: PurchaseActor, number: string) => actor.note ?? `Заказ поставщику ${number}`;

const lineLabel = (line: { id: number; brandName: string; article: string }) =>
  `№ ${line.id} ${line.brandName} ${line.article}`;

/** The supplier order, locked, or a 404. */
export async function lockSupplierOrder(tx: Tx, id: number): Promise<LockedSupplierOrder> {
  const [order] = await lockSupplierOrders(tx, [id]);
  if (!order) throw notFound(SUPPLIER_ORDER_NOT_FOUND_MESSAGE);
  return order;
}

/**
 * Orders the client lines `itemIds` from their suppliers: one draft per supplier, the supplier's open draft when it
 * has one (so a supplier has at most one draft to send), else a new one. All or nothing: a line that no longer
 * waits (ordered meanwhile, by a colleague too: the lines are locked, so of two managers ordering the same lines at
 * once the second finds them taken), or has no supplier, refuses the whole request. Answers the drafts.
 */
export async function createSupplierOrders(
  tx: Tx,
  itemIds: readonly number[],
  comment: string | null,
  actor: PurchaseActor,
): Promise<SupplierOrderSummary[]> {
  const ids = [...new Set(itemIds)].sort((a, b) => a - b);
  const unlocked = await findItemsToOrder(tx, ids);
  const missing = ids.filter((id) => !unlocked.some((item) => item.id === id));
  if (missing.length > 0) {
    throw validationFailed(
      { order_item_ids: [`${LINES_NOT_FOUND_MESSAGE}: ${missing.join(', ')}`] },
      LINES_NOT_FOUND_MESSAGE,
    );
  }
  // Drafts first (the lock order above); a supplier that changed meanwhile gets a new draft below.
  const supplierIds = [...new Set(unlocked.map((item) => item.supplierId).filter((id) => id !== null))].sort(
    (a, b) => a - b,
  );
  const drafts = new Map<number, number>();
  for (const draft of await lockDrafts(tx, supplierIds)) {
    if (!drafts.has(draft.supplierId)) drafts.set(draft.supplierId, draft.id);
  }
  await lockLinesWithOrders(tx, ids);
  const items = await findItemsToOrder(tx, ids);
  const held = await heldItems(tx, ids);
  const taken = items.filter((item) => held.has(item.id) || !WAITING_STATUSES.includes(item.status as OrderStatus));
  if (taken.length > 0) {
    const which = taken
      .map((item) => `${lineLabel(item)} (${ORDER_STATUS_NAMES[item.status as OrderStatus]})`)
      .join(', ');
    throw conflict(`${QUEUE_LINES_NOT_WAITING_MESSAGE}: ${which}`);
  }
  // The credit check's hold (issue 31): nothing is bought for the order until it is paid or the hold released.
  const holds = await openHoldReasons(
    tx,
    items.map((item) => item.orderId),
  );
  const heldByCredit = items.filter((item) => holds.has(item.orderId));
  if (heldByCredit.length > 0) {
    const which = heldByCredit
      .map((item) => `${lineLabel(item)} (заказ № ${item.orderId}: ${CREDIT_HOLD_NAMES[holds.get(item.orderId)!]})`)
      .join(', ');
    throw conflict(`${QUEUE_LINES_CREDIT_HELD_MESSAGE}: ${which}`);
  }
  const orphans = items.filter((item) => item.supplierId === null);
  if (orphans.length > 0) {
    throw validationFailed(
      { order_item_ids: [`${QUEUE_LINE_NO_SUPPLIER_MESSAGE}: ${orphans.map(lineLabel).join(', ')}`] },
      QUEUE_LINE_NO_SUPPLIER_MESSAGE,
    );
  }

  const touched: number[] = [];
  const bySupplier = new Map<number, typeof items>();
  for (const item of items) {
    const list = bySupplier.get(item.supplierId!) ?? [];
    list.push(item);
    bySupplier.set(item.supplierId!, list);
  }
  for (const [supplierId, lines] of [...bySupplier].sort(([a], [b]) => a - b)) {
    let orderId = drafts.get(supplierId);
    const created = orderId === undefined;
    orderId ??= await insertSupplierOrder(tx, { supplierId, comment, createdBy: actor.staffId, at: actor.at });
    await insertSupplierOrderLines(
      tx,
      lines.map((item) => ({
        supplierOrderId: orderId,
        orderItemId: item.id,
        offerId: item.offerId,
        article: item.article,
        articleNormalized: item.articleNormalized,
        brandName: item.brandName,
        brandNormalized: normalizeBrand(item.brandName),
        description: item.description,
        quantity: item.quantity,
        purchasePrice: item.purchasePrice,
      })),
    );
    if (!created) await setSupplierOrder(tx, orderId, { updatedAt: actor.at });
    await emit(tx, 'StaffWrite', {
      staffId: actor.staffId,
      action: created ? 'supplier_order.create' : 'supplier_order.add_lines',
      entity: 'supplier_order',
      entityId: orderId,
      before: null,
      after: { supplier_id: supplierId, order_item_ids: lines.map((item) => item.id), state: 'draft' },
      at: actor.at,
    });
    touched.push(orderId);
  }
  return findSupplierOrderSummaries(tx, touched);
}

/** Takes lines out of a draft: their client lines wait in «К заказу» again (their status never changed). */
export async function removeDraftLines(tx: Tx, id: number, lineIds: readonly number[], actor: PurchaseActor) {
  const order = await lockSupplierOrder(tx, id);
  if (order.state !== 'draft') throw conflict(SUPPLIER_ORDER_NOT_DRAFT_MESSAGE);
  const removed = await deleteDraftLines(tx, id, lineIds);
  await setSupplierOrder(tx, id, { updatedAt: actor.at });
  await emit(tx, 'StaffWrite', {
    staffId: actor.staffId,
    action: 'supplier_order.remove_lines',
    entity: 'supplier_order',
    entityId: id,
    before: { lines: removed.map((line) => ({ id: line.id, order_item_id: line.orderItemId })) },
    after: null,
    at: actor.at,
  });
}

/**
 * The order went to the supplier (by hand, a file, an e-mail or the API): draft → sent, its client lines
 * «Заказан у поставщика». Called again for an order already sent (a channel's retry after a crash), it records
 * the supplier's number when given and changes nothing else. A client line canceled meanwhile refuses the send:
 * it must leave the draft first.
 */
export async function markSent(
  tx: Tx,
  supplierOrderId: number,
  sent: { channel: SupplierOrderChannel; supplierNumber?: string | null },
  actor: PurchaseActor,
): Promise<void> {
  const order = await lockSupplierOrder(tx, supplierOrderId);
  const lines = await lockLinesOfOrders(tx, [order.id]);
  const supplierNumber = sent.supplierNumber ?? order.supplierNumber;
  if (order.state !== 'draft') {
    checkMove(order.state, order.state, lines);
    if (supplierNumber !== order.supplierNumber) {
      await setSupplierOrder(tx, order.id, { supplierNumber, updatedAt: actor.at });
      await auditOrder(tx, actor, 'supplier_order.supplier_number', order, { supplier_number: supplierNumber });
    }
    return;
  }
  checkMove(order.state, 'sent', lines);
  const items = await lockLinesWithOrders(
    tx,
    lines.map((line) => line.orderItemId),
  );
  const canceled = items.filter((item) => item.status === 'canceled' || item.status === 'issued');
  if (canceled.length > 0) {
    throw conflict(`Позиции клиента отменены или выданы, уберите их из заказа: ${canceled.map(lineLabel).join(', ')}`);
  }
  await setSupplierOrder(tx, order.id, {
    state: 'sent',
    channel: sent.channel,
    supplierNumber,
    sentAt: actor.at,
    updatedAt: actor.at,
  });
  await setLinesStatus(
    tx,
    lines.map((line) => ({ itemId: line.orderItemId, to: 'ordered' as const })),
    { ...actor, note: noteOf(actor, order.number) },
  );
  await auditOrder(tx, actor, 'supplier_order.sent', order, {
    state: 'sent',
    channel: sent.channel,
    supplier_number: supplierNumber,
  });
}

export async function auditOrder(
  tx: Tx,
  actor: PurchaseActor,
  action: string,
  order: LockedSupplierOrder,
  after: Record<string, unknown>,
): Promise<void> {
  await emit(tx, 'StaffWrite', {
    staffId: actor.staffId,
    action,
    entity: 'supplier_order',
    entityId: order.id,
    before: { state: order.state, supplier_number: order.supplierNumber },
    after: { ...after, ...(actor.note ? { note: actor.note } : {}) },
    at: actor.at,
  });
}

/**
 * Cancels an order nothing of which was received: its lines let their client lines go, which wait in «К заказу»
 * again («В работе»; a line the supplier refused stays «Отказ поставщика»).
 */
export async function cancelSupplierOrder(tx: Tx, id: number, reason: string | null, actor: PurchaseActor) {
  const order = await lockSupplierOrder(tx, id);
  const lines = await lockLinesOfOrders(tx, [order.id]);
  checkMove(order.state, 'canceled', lines);
  const holding = lines.filter((line) => line.releasedAt === null);
  for (const line of holding) line.releasedAt = actor.at;
  await saveLineQuantities(tx, holding);
  await setSupplierOrder(tx, order.id, { state: 'canceled', updatedAt: actor.at });
  if (order.state !== 'draft') {
    await setLinesStatus(
      tx,
      holding.map((line) => ({ itemId: line.orderItemId, to: 'in_work' as const })),
      { ...actor, note: reason ?? `Заказ поставщику ${order.number} отменён` },
    );
  }
  await auditOrder(tx, actor, 'supplier_order.cancel', order, { state: 'canceled', reason });
}

export const CLOSED_WITHOUT_DELIVERY = 'Заказ закрыт без поставки';

/**
 * Closes a sent order: whatever is still outstanding is refused («Заказ закрыт без поставки»), and its client
 * lines go «Отказ поставщика», back to «К заказу».
 */
export async function closeSupplierOrder(tx: Tx, id: number, reason: string | null, actor: PurchaseActor) {
  const order = await lockSupplierOrder(tx, id);
  const lines = await lockLinesOfOrders(tx, [order.id]);
  checkMove(order.state, 'closed', lines);
  const why = reason ?? CLOSED_WITHOUT_DELIVERY;
  await refuseOutstanding(
    tx,
    order,
    lines.map((line) => ({ line, refused: line.refusedQuantity + outstandingOf(line), reason: why })),
    actor,
  );
  await saveLineQuantities(tx, lines);
  await setSupplierOrder(tx, order.id, { state: 'closed', updatedAt: actor.at });
  await auditOrder(tx, actor, 'supplier_order.close', order, { state: 'closed', reason: why });
}

/**
 * Sets lines' refused quantities to `refused` (never lower than they are): the newly refused pieces of each
 * client line go «Отказ поставщика» (split off the line when only part is refused) and are recorded with the
 * reason; a line wholly refused lets its client line go. Changes the locked lines in place (the caller saves).
 * Answers the client lines that now carry newly refused pieces.
 */
export async function refuseOutstanding(
  tx: Tx,
  order: LockedSupplierOrder,
  changes: readonly { line: LockedOrderLine; refused: number; reason: string }[],
  actor: PurchaseActor,
): Promise<number[]> {
  const moves: { line: LockedOrderLine; pieces: number; reason: string }[] = [];
  for (const { line, refused, reason } of changes) {
    const added = refused - line.refusedQuantity;
    if (added <= 0) continue;
    const held = line.releasedAt === null ? outstandingOf(line) : 0;
    line.refusedQuantity = refused;
    line.refusedReason = reason;
    if (line.confirmedQuantity + line.refusedQuantity > line.quantity) {
      line.confirmedQuantity = line.quantity - line.refusedQuantity;
    }
    if (held > 0) moves.push({ line, pieces: Math.min(added, held), reason });
    // The client line it held went «Отказ поставщика» whole: it waits in «К заказу», free to be ordered again.
    if (held > 0 && added >= held) line.releasedAt = actor.at;
  }
  const takers = await movePieces(
    tx,
    moves.map((move) => ({ itemId: move.line.orderItemId, pieces: move.pieces, to: 'supplier_refused' as const })),
    { ...actor, note: actor.note ?? `Отказ поставщика по заказу ${order.number}` },
  );
  await insertRefusals(
    tx,
    moves.flatMap((move, index) =>
      takers[index] === null
        ? []
        : [
            {
              supplierOrderLineId: move.line.id,
              orderItemId: takers[index]!,
              quantity: move.pieces,
              reason: move.reason,
              staffId: actor.staffId,
              createdAt: actor.at,
            },
          ],
    ),
  );
  return takers.filter((id) => id !== null);
}

/** The state the lines' quantities now say, through the transition table (a refused move throws). */
export async function settleState(
  tx: Tx,
  order: LockedSupplierOrder,
  lines: readonly LockedOrderLine[],
  actor: PurchaseActor,
): Promise<void> {
  const next = progressOf(lines);
  checkMove(order.state, next, lines);
  if (next !== order.state) {
    await setSupplierOrder(tx, order.id, { state: next, updatedAt: actor.at });
    await auditOrder(tx, actor, 'supplier_order.state', order, { state: next });
  } else {
    await setSupplierOrder(tx, order.id, { updatedAt: actor.at });
  }
}
