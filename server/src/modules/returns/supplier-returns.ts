import {
  SUPPLIER_RETURN_NOT_FOUND_MESSAGE,
  SUPPLIER_RETURN_NOTHING_MESSAGE,
  SUPPLIER_RETURN_STATE_NAMES,
  fromKopecks,
  kopecksToDecimal,
  toKopecks,
  type Paginated,
  type SupplierReturn,
  type SupplierReturnMoveRequest,
  type SupplierReturnState,
} from '@detal/contract';
import type { Db, DbExecutor } from '../../db/index.ts';
import { emit } from '../../events/bus.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import { readPage } from '../../shared/pagination.ts';
import {
  countSupplierReturns,
  findReturnsOfSupplierReturns,
  findSupplierReturns,
  insertSupplierReturn,
  lockReturnsToSendBack,
  updateReturns,
  updateSupplierReturn,
  type SupplierReturnRow,
} from './queries.ts';
import { checkSupplierReturnMove, countedQuantity } from './return-state.ts';
import type { Actor } from './service.ts';

/**
 * Supplier returns (issue 32, point 4; decision 0055): approved client returns not yet sent back are collected, one
 * document per supplier, each line naming the goods receipt line its pieces came in on; the document goes
 * to_send → sent → accepted | refused, and credited when the supplier's credit note arrives (its sum recorded).
 */

async function viewsOf(db: DbExecutor, rows: readonly SupplierReturnRow[]): Promise<SupplierReturn[]> {
  const lines = await findReturnsOfSupplierReturns(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const own = lines
      .filter((line) => line.supplierReturnId === row.id)
      .map((line) => ({
        return_id: line.id,
        goods_receipt_line_id: line.goodsReceiptLineId,
        article: line.article,
        brand: line.brandName,
        quantity: countedQuantity({ ...line, state: 'approved' }),
        priceKopecks: toKopecks(line.purchasePrice ?? '0'),
      }));
    const state = row.state as SupplierReturnState;
    return {
      id: row.id,
      created_at: row.createdAt.toISOString(),
      supplier_id: row.supplierId,
      supplier_name: row.supplierName,
      state,
      state_name: SUPPLIER_RETURN_STATE_NAMES[state],
      refusal_reason: row.refusalReason,
      credit_amount: row.creditAmount === null ? null : Number(row.creditAmount),
      credit_reference: row.creditReference,
      total: fromKopecks(own.reduce((sum, line) => sum + line.priceKopecks * line.quantity, 0)),
      lines: own.map(({ priceKopecks, ...line }) => ({ ...line, price: fromKopecks(priceKopecks) })),
    };
  });
}

/** Collects approved returns into one supplier return per supplier (or of one supplier), all in one transaction. */
export async function collectSupplierReturns(
  db: Db,
  supplierId: number | null,
  actor: Actor,
): Promise<SupplierReturn[]> {
  const created = await db.transaction(async (tx) => {
    const waiting = await lockReturnsToSendBack(tx, supplierId);
    if (waiting.length === 0)
      throw validationFailed({ supplier_id: [SUPPLIER_RETURN_NOTHING_MESSAGE] }, SUPPLIER_RETURN_NOTHING_MESSAGE);
    const bySupplier = new Map<number, number[]>();
    for (const row of waiting) bySupplier.set(row.supplierId!, [...(bySupplier.get(row.supplierId!) ?? []), row.id]);
    const ids: number[] = [];
    for (const [supplier, returnIds] of bySupplier) {
      const id = await insertSupplierReturn(tx, {
        supplierId: supplier,
        createdBy: actor.staffId,
        createdAt: actor.at,
        updatedAt: actor.at,
      });
      await updateReturns(tx, returnIds, { supplierReturnId: id });
      await emit(tx, 'StaffWrite', {
        staffId: actor.staffId,
        action: 'supplier_return.create',
        entity: 'supplier_return',
        entityId: id,
        after: { supplier_id: supplier, returns: returnIds },
        at: actor.at,
      });
      ids.push(id);
    }
    return ids;
  });
  return viewsOf(db, await findSupplierReturns(db, { ids: created }));
}

/** Moves a supplier return through its table (locked: two staff at once, the second is refused). */
export async function moveSupplierReturn(
  db: Db,
  request: SupplierReturnMoveRequest,
  actor: Actor,
): Promise<SupplierReturn> {
  await db.transaction(async (tx) => {
    const [row] = await findSupplierReturns(tx, { ids: [request.supplier_return_id] }, null, { lock: true });
    if (!row) throw notFound(SUPPLIER_RETURN_NOT_FOUND_MESSAGE);
    checkSupplierReturnMove(row.state as SupplierReturnState, request.to);
    const credit =
      request.to === 'credited' && request.credit_amount != null
        ? kopecksToDecimal(toKopecks(String(request.credit_amount)))
        : null;
    await updateSupplierReturn(tx, row.id, {
      state: request.to,
      updatedAt: actor.at,
      ...(request.to === 'refused' ? { refusalReason: request.reason ?? null } : {}),
      ...(credit !== null ? { creditAmount: credit, creditReference: request.credit_reference ?? null } : {}),
    });
    await emit(tx, 'StaffWrite', {
      staffId: actor.staffId,
      action: `supplier_return.${request.to}`,
      entity: 'supplier_return',
      entityId: row.id,
      before: { state: row.state },
      after: {
        state: request.to,
        ...(request.reason ? { reason: request.reason } : {}),
        ...(credit !== null ? { credit_amount: credit, credit_reference: request.credit_reference ?? null } : {}),
      },
      at: actor.at,
    });
  });
  const [row] = await findSupplierReturns(db, { ids: [request.supplier_return_id] });
  return (await viewsOf(db, [row!]))[0]!;
}

const PER_PAGE = 30;

export function listSupplierReturnsPage(
  db: Db,
  filter: { state?: SupplierReturnState | null; supplier_id?: number | null },
  page: number,
): Promise<Paginated<SupplierReturn>> {
  const where = { state: filter.state ?? null, supplierId: filter.supplier_id ?? null };
  return readPage(
    page,
    PER_PAGE,
    () => countSupplierReturns(db, where),
    async (limit, offset) => viewsOf(db, await findSupplierReturns(db, where, { limit, offset })),
  );
}
