import {
  RETURN_ALREADY_DECIDED_MESSAGE,
  RETURN_STATE_MESSAGE,
  SUPPLIER_RETURN_STATE_MESSAGE,
  type ReturnState,
  type SupplierReturnState,
} from '@detal/contract';
import { conflict } from '../../http/errors.ts';

/**
 * The lifecycles of a client's return and of a supplier return (decision 0055) as transition tables with guards,
 * as a supplier order's is (purchasing/supplier-order-state.ts): the first row whose `from` and `to` hold the move
 * applies; none is a move refused. Callers read the state with the row locked (`for update`), so that of two
 * managers deciding at once the second reads the first's result and is refused here.
 */

interface Transition<S extends string> {
  from: readonly S[];
  to: readonly S[];
  /** The refusal's message (409) for this row; none lets the move through. */
  refusal?: string;
}

export const RETURN_TRANSITIONS: readonly Transition<ReturnState>[] = [
  { from: ['requested'], to: ['approved', 'rejected'] },
  // Decided already: a second decision is another manager's late click.
  { from: ['approved', 'rejected'], to: ['approved', 'rejected'], refusal: RETURN_ALREADY_DECIDED_MESSAGE },
  { from: ['approved'], to: ['received'] },
  { from: ['received'], to: ['credited'] },
  { from: ['credited'], to: ['closed'] },
];

export const SUPPLIER_RETURN_TRANSITIONS: readonly Transition<SupplierReturnState>[] = [
  { from: ['to_send'], to: ['sent'] },
  { from: ['sent'], to: ['accepted', 'refused'] },
  // The supplier's credit note may come with its acceptance or after it.
  { from: ['sent', 'accepted'], to: ['credited'] },
];

function refusalOf<S extends string>(table: readonly Transition<S>[], from: S, to: S, fallback: string): string | null {
  const row = table.find((transition) => transition.from.includes(from) && transition.to.includes(to));
  if (!row) return fallback;
  return row.refusal ?? null;
}

/** Throws the 409 of a refused move of a return. */
export function checkReturnMove(from: ReturnState, to: ReturnState): void {
  const refusal = refusalOf(RETURN_TRANSITIONS, from, to, RETURN_STATE_MESSAGE);
  if (refusal) throw conflict(refusal);
}

/** Throws the 409 of a refused move of a supplier return. */
export function checkSupplierReturnMove(from: SupplierReturnState, to: SupplierReturnState): void {
  const refusal = refusalOf(SUPPLIER_RETURN_TRANSITIONS, from, to, SUPPLIER_RETURN_STATE_MESSAGE);
  if (refusal) throw conflict(refusal);
}

/** What a return still counts against its shipment line: nothing once rejected, what came back once received. */
export function countedQuantity(row: {
  state: ReturnState;
  quantity: number;
  goodQuantity: number | null;
  defectiveQuantity: number | null;
}): number {
  if (row.state === 'rejected') return 0;
  if (row.goodQuantity !== null) return row.goodQuantity + (row.defectiveQuantity ?? 0);
  return row.quantity;
}
