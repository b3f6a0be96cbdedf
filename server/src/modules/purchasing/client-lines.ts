import { FINAL_LINE_STATUSES, type OrderStatus } from '@detal/contract';
import type { Tx } from '../../db/index.ts';
import { lockLinesWithOrders, splitLines, type LineSplit } from '../orders/line-split.ts';
import { changeLineStatuses, type StatusActor } from '../orders/order-status.ts';

/**
 * How purchasing moves its clients' lines (decision 0049): through the one status path (orders/order-status.ts:
 * history, audit, the client's e-mail through the status event), splitting a line when only some of its pieces
 * move, so that every line's status is true of all its pieces.
 */

/** Statuses in which a client line waits to be bought: the «К заказу» queue. */
export const WAITING_STATUSES: readonly OrderStatus[] = ['new', 'in_work', 'supplier_refused'];

/** `pieces` of the client line `itemId` go to `to`; all of them when it has no more. */
export interface PieceMove {
  itemId: number;
  pieces: number;
  to: OrderStatus;
}

/**
 * Moves pieces of client lines, splitting a line when fewer than all its pieces move (several moves may take from
 * one line). Answers, per move, the line that took its pieces (the line itself or the part split off), or null
 * when the line is issued or canceled (such a line is left alone: its pieces are no longer the client's to get).
 */
export async function movePieces(tx: Tx, moves: readonly PieceMove[], actor: StatusActor): Promise<(number | null)[]> {
  if (moves.length === 0) return [];
  const lines = new Map(
    (
      await lockLinesWithOrders(
        tx,
        moves.map((move) => move.itemId),
      )
    ).map((line) => [line.id, line]),
  );
  const left = new Map([...lines.values()].map((line) => [line.id, line.quantity]));
  const splits: LineSplit[] = [];
  const taker: ({ kind: 'whole'; id: number } | { kind: 'split'; index: number } | null)[] = [];
  const whole: { id: number; to: OrderStatus }[] = [];
  for (const move of moves) {
    const line = lines.get(move.itemId);
    if (!line) throw new Error(`Order line ${move.itemId} not found`);
    const remaining = left.get(line.id)!;
    if (FINAL_LINE_STATUSES.includes(line.status) || remaining === 0) {
      taker.push(remaining === 0 && !FINAL_LINE_STATUSES.includes(line.status) ? { kind: 'whole', id: line.id } : null);
      continue;
    }
    if (move.pieces >= remaining) {
      whole.push({ id: line.id, to: move.to });
      left.set(line.id, 0);
      taker.push({ kind: 'whole', id: line.id });
    } else {
      splits.push({ lineId: line.id, quantity: move.pieces });
      left.set(line.id, remaining - move.pieces);
      taker.push({ kind: 'split', index: splits.length - 1 });
    }
  }
  // Split first: a part split off starts in the original's status, then moves as its own line.
  const newIds = await splitLines(tx, splits, actor);
  const byStatus = new Map<OrderStatus, number[]>();
  const add = (status: OrderStatus, id: number) => {
    const ids = byStatus.get(status) ?? [];
    ids.push(id);
    byStatus.set(status, ids);
  };
  for (const { id, to } of whole) add(to, id);
  for (const [index, move] of moves.entries()) {
    const took = taker[index];
    if (took?.kind === 'split') add(move.to, newIds[took.index]!);
  }
  for (const [status, ids] of byStatus) await changeLineStatuses(tx, ids, status, actor);
  return taker.map((took) => (took === null ? null : took.kind === 'whole' ? took.id : newIds[took.index]!));
}

/**
 * Sets whole client lines to `status`, leaving issued and canceled ones alone (and, given `from`, lines in any
 * other status than those); one change per status.
 */
export async function setLinesStatus(
  tx: Tx,
  changes: readonly { itemId: number; to: OrderStatus }[],
  actor: StatusActor,
  from?: readonly OrderStatus[],
): Promise<void> {
  if (changes.length === 0) return;
  const lines = await lockLinesWithOrders(
    tx,
    changes.map((change) => change.itemId),
  );
  const movable = (status: OrderStatus) => !FINAL_LINE_STATUSES.includes(status) && (!from || from.includes(status));
  const open = new Set(lines.filter((line) => movable(line.status)).map((line) => line.id));
  const byStatus = new Map<OrderStatus, number[]>();
  for (const { itemId, to } of changes) {
    if (!open.has(itemId)) continue;
    const ids = byStatus.get(to) ?? [];
    ids.push(itemId);
    byStatus.set(to, ids);
  }
  for (const [status, ids] of byStatus) await changeLineStatuses(tx, ids, status, actor);
}
