import {
  SUPPLIER_ORDER_CLOSED_MESSAGE,
  SUPPLIER_ORDER_EMPTY_MESSAGE,
  SUPPLIER_ORDER_HAS_RECEIPTS_MESSAGE,
  SUPPLIER_ORDER_NOT_SENT_MESSAGE,
  type SupplierOrderState,
} from '@detal/contract';
import { conflict } from '../../http/errors.ts';

/**
 * A supplier order's lifecycle (decision 0049) as a transition table with guards, as the client lines' is
 * (orders/order-status.ts): draft → sent → (partly) confirmed → (partly) received → closed, or canceled. Between
 * sent and received the state follows from the lines' quantities (`progressOf`), whatever told them (a manual
 * answer, a channel's poll, a receipt); closing and canceling are the staff's acts.
 */

/** What a guard reads of the order: its lines' quantities. */
export interface LineQuantities {
  quantity: number;
  confirmedQuantity: number;
  refusedQuantity: number;
  receivedQuantity: number;
}

type Guard = (lines: readonly LineQuantities[]) => string | null;

interface StateTransition {
  from: readonly SupplierOrderState[];
  to: readonly SupplierOrderState[];
  guard?: Guard;
}

/** Sent and not closed: the supplier's answers and receipts move it. */
export const PROGRESS_STATES: readonly SupplierOrderState[] = [
  'sent',
  'partly_confirmed',
  'confirmed',
  'partly_received',
  'received',
];
export const FINAL_STATES: readonly SupplierOrderState[] = ['closed', 'canceled'];

const nothingReceived: Guard = (lines) =>
  lines.some((line) => line.receivedQuantity > 0) ? SUPPLIER_ORDER_HAS_RECEIPTS_MESSAGE : null;

/** The first row whose `from` and `to` hold the move applies; none is a move refused. */
export const SUPPLIER_ORDER_TRANSITIONS: readonly StateTransition[] = [
  { from: ['draft'], to: ['sent'], guard: (lines) => (lines.length === 0 ? SUPPLIER_ORDER_EMPTY_MESSAGE : null) },
  { from: ['draft'], to: ['canceled'] },
  // An answer or a receipt: the state its quantities say (a wholly refused order closes by itself).
  { from: PROGRESS_STATES, to: [...PROGRESS_STATES, 'closed'] },
  { from: PROGRESS_STATES, to: ['canceled'], guard: nothingReceived },
  {
    from: FINAL_STATES,
    to: ['draft', ...PROGRESS_STATES, ...FINAL_STATES],
    guard: () => SUPPLIER_ORDER_CLOSED_MESSAGE,
  },
  { from: ['draft'], to: PROGRESS_STATES, guard: () => SUPPLIER_ORDER_NOT_SENT_MESSAGE },
];

/** Why `from` → `to` is refused for these lines, or null when it is allowed (staying put is allowed too). */
export function refusalOfMove(
  from: SupplierOrderState,
  to: SupplierOrderState,
  lines: readonly LineQuantities[],
): string | null {
  if (from === to && !FINAL_STATES.includes(from)) return null;
  const row = SUPPLIER_ORDER_TRANSITIONS.find(
    (transition) => transition.from.includes(from) && transition.to.includes(to),
  );
  if (!row) return SUPPLIER_ORDER_CLOSED_MESSAGE;
  return row.guard?.(lines) ?? null;
}

/** Throws the 409 of a refused move. */
export function checkMove(from: SupplierOrderState, to: SupplierOrderState, lines: readonly LineQuantities[]): void {
  const refusal = refusalOfMove(from, to, lines);
  if (refusal) throw conflict(refusal);
}

/** Pieces of a line still expected: ordered − refused − received (over-deliveries make it 0, never negative). */
export const outstandingOf = (line: LineQuantities): number =>
  Math.max(0, line.quantity - line.refusedQuantity - line.receivedQuantity);

/**
 * The state a sent order's quantities say: wholly refused → closed; something received → received when nothing
 * is outstanding, else partly received; every piece answered → confirmed; some → partly confirmed; else sent.
 */
export function progressOf(lines: readonly LineQuantities[]): SupplierOrderState {
  if (lines.length > 0 && lines.every((line) => line.refusedQuantity >= line.quantity)) return 'closed';
  if (lines.some((line) => line.receivedQuantity > 0)) {
    return lines.every((line) => outstandingOf(line) === 0) ? 'received' : 'partly_received';
  }
  if (lines.every((line) => line.confirmedQuantity + line.refusedQuantity >= line.quantity)) return 'confirmed';
  if (lines.some((line) => line.confirmedQuantity + line.refusedQuantity > 0)) return 'partly_confirmed';
  return 'sent';
}
