import {
  ANSWER_BELOW_RECEIVED_MESSAGE,
  ANSWER_LINE_TWICE_MESSAGE,
  ANSWER_LINE_UNKNOWN_MESSAGE,
  ANSWER_OVER_ORDERED_MESSAGE,
  ANSWER_REFUSAL_BACK_MESSAGE,
  ANSWER_REFUSED_RECEIVED_MESSAGE,
  QUANTITY_NEGATIVE_MESSAGE,
  QUANTITY_WHOLE_MESSAGE,
  SUPPLIER_ORDER_CLOSED_MESSAGE,
  SUPPLIER_ORDER_NOT_SENT_MESSAGE,
  kopecksToDecimal,
  type OrderStatus,
} from '@detal/contract';
import type { Tx } from '../../db/index.ts';
import { conflict, validationFailed, type FieldErrors } from '../../http/errors.ts';
import { lockReplacementDrafts, replaceWithinTolerance } from './auto-replace.ts';
import { setLinesStatus } from './client-lines.ts';
import { lockLinesOfOrders, saveLineQuantities, setSupplierOrder } from './queries.ts';
import { FINAL_STATES, outstandingOf } from './supplier-order-state.ts';
import {
  auditOrder,
  lockSupplierOrder,
  refuseOutstanding,
  settleState,
  type PurchaseActor,
} from './supplier-orders.ts';

/**
 * A supplier's answer to an order (decision 0049), however it came: typed by staff (`supplier-order-answer`), read
 * from the supplier's confirmation file, or polled from its API (the channels). One function for all, so that the
 * rules and what follows are the same: quantities are as they stand now (not increments), per line confirmed and
 * refused with a reason, and the price the supplier confirmed.
 */

export interface SupplierAnswerLineInput {
  /** The supplier order line's id. */
  lineId: number;
  confirmed: number;
  refused: number;
  /** Why refused; null keeps the line's reason, or «Отказ поставщика» for a first refusal. */
  reason: string | null;
  /** The price of one piece the supplier confirmed, in kopecks; absent or null keeps the line's. */
  confirmedPriceKopecks?: number | null;
  /** The supplier's own id of the line; absent or null keeps the line's. */
  supplierLineRef?: string | null;
}

export interface SupplierAnswer {
  /** The supplier's own order number; absent or null keeps the order's. */
  supplierNumber?: string | null;
  lines: readonly SupplierAnswerLineInput[];
}

export const DEFAULT_REFUSAL_REASON = 'Отказ поставщика';

/** Client lines in these statuses follow their supplier line (ordered ↔ in transit); others are left as staff set them. */
const FOLLOWING: readonly OrderStatus[] = ['new', 'in_work', 'ordered', 'in_transit'];

/**
 * Applies `answer` to supplier order `supplierOrderId` inside the caller's transaction. Checks everything before
 * writing anything: a line not of this order, a fractional or negative quantity, more confirmed and refused than
 * ordered, a refusal taken back (the refused pieces went back to «К заказу» and may be ordered elsewhere), refused
 * pieces already received, confirmed below what was received — each a 422 naming the field (`lines.N.…`); an
 * order not sent, closed or canceled is a 409. Then: newly refused pieces go «Отказ поставщика» (their client line
 * split when only part is refused) with the reason, the client told through the status path; a client line with
 * confirmed pieces not yet received goes «В пути» (back to «Заказан у поставщика» if a confirmation is withdrawn);
 * the order's state follows its quantities; the audit log records the answer.
 */
export async function applySupplierAnswer(
  tx: Tx,
  supplierOrderId: number,
  answer: SupplierAnswer,
  actor: PurchaseActor,
): Promise<void> {
  const order = await lockSupplierOrder(tx, supplierOrderId);
  if (order.state === 'draft') throw conflict(SUPPLIER_ORDER_NOT_SENT_MESSAGE);
  if (FINAL_STATES.includes(order.state)) throw conflict(SUPPLIER_ORDER_CLOSED_MESSAGE);
  const lines = await lockLinesOfOrders(tx, [order.id]);
  const byId = new Map(lines.map((line) => [line.id, line]));

  const errors: FieldErrors = {};
  const fail = (index: number, field: string, message: string) => {
    const key = `lines.${index}.${field}`;
    errors[key] = [...(errors[key] ?? []), message];
  };
  const seen = new Set<number>();
  for (const [index, input] of answer.lines.entries()) {
    const line = byId.get(input.lineId);
    if (!line) {
      fail(index, 'line_id', ANSWER_LINE_UNKNOWN_MESSAGE);
      continue;
    }
    if (seen.has(input.lineId)) fail(index, 'line_id', ANSWER_LINE_TWICE_MESSAGE);
    seen.add(input.lineId);
    let whole = true;
    for (const field of ['confirmed', 'refused'] as const) {
      const value = input[field];
      if (!Number.isInteger(value)) fail(index, `${field}_quantity`, QUANTITY_WHOLE_MESSAGE);
      else if (value < 0) fail(index, `${field}_quantity`, QUANTITY_NEGATIVE_MESSAGE);
      else continue;
      whole = false;
    }
    if (!whole) continue;
    if (input.confirmed + input.refused > line.quantity) fail(index, 'confirmed_quantity', ANSWER_OVER_ORDERED_MESSAGE);
    if (input.refused < line.refusedQuantity) fail(index, 'refused_quantity', ANSWER_REFUSAL_BACK_MESSAGE);
    else if (input.refused > line.refusedQuantity && input.refused > line.quantity - line.receivedQuantity) {
      fail(index, 'refused_quantity', ANSWER_REFUSED_RECEIVED_MESSAGE);
    }
    if (input.confirmed < Math.min(line.receivedQuantity, line.quantity - input.refused)) {
      fail(index, 'confirmed_quantity', ANSWER_BELOW_RECEIVED_MESSAGE);
    }
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  // Supplier orders before client lines (decision 0059): the drafts a replacement may go to, locked now.
  await lockReplacementDrafts(
    tx,
    answer.lines
      .filter((input) => input.refused > byId.get(input.lineId)!.refusedQuantity)
      .map((input) => byId.get(input.lineId)!.orderItemId),
  );
  const before = answer.lines.map((input) => {
    const line = byId.get(input.lineId)!;
    return {
      id: line.id,
      confirmed: line.confirmedQuantity,
      refused: line.refusedQuantity,
      price: line.confirmedPrice,
    };
  });
  const refusedItems = await refuseOutstanding(
    tx,
    order,
    answer.lines.map((input) => {
      const line = byId.get(input.lineId)!;
      return { line, refused: input.refused, reason: input.reason ?? line.refusedReason ?? DEFAULT_REFUSAL_REASON };
    }),
    actor,
  );
  for (const input of answer.lines) {
    const line = byId.get(input.lineId)!;
    line.confirmedQuantity = input.confirmed;
    if (input.reason !== null && input.refused > 0) line.refusedReason = input.reason;
    if (input.confirmedPriceKopecks != null) line.confirmedPrice = kopecksToDecimal(input.confirmedPriceKopecks);
    if (input.supplierLineRef != null) line.supplierLineRef = input.supplierLineRef;
  }
  // The pieces still held follow what the supplier said of them.
  const answered = answer.lines.map((input) => byId.get(input.lineId)!);
  await setLinesStatus(
    tx,
    answered
      .filter((line) => line.releasedAt === null && outstandingOf(line) > 0)
      .map((line) => ({
        itemId: line.orderItemId,
        to: line.confirmedQuantity > line.receivedQuantity ? ('in_transit' as const) : ('ordered' as const),
      })),
    { ...actor, note: actor.note ?? `Ответ поставщика по заказу ${order.number}` },
    FOLLOWING,
  );
  await saveLineQuantities(tx, answered);
  const supplierNumber = answer.supplierNumber ?? order.supplierNumber;
  if (supplierNumber !== order.supplierNumber) {
    await setSupplierOrder(tx, order.id, { supplierNumber, updatedAt: actor.at });
  }
  await auditOrder(tx, actor, 'supplier_order.answer', order, {
    supplier_number: supplierNumber,
    lines: answered.map((line, index) => ({
      id: line.id,
      confirmed: [before[index]!.confirmed, line.confirmedQuantity],
      refused: [before[index]!.refused, line.refusedQuantity],
      ...(line.refusedQuantity > 0 ? { reason: line.refusedReason } : {}),
      confirmed_price: [before[index]!.price, line.confirmedPrice],
    })),
  });
  await settleState(tx, order, lines, actor);
  // Last, once the answer stands: lines whose client accepted a replacement are re-sourced by themselves.
  await replaceWithinTolerance(tx, refusedItems, actor);
}
