import {
  RETURN_LINE_NOT_FOUND_MESSAGE,
  RETURN_NOT_FOUND_MESSAGE,
  RETURN_NOT_RETURNABLE_MESSAGE,
  RETURN_OVER_ISSUED_MESSAGE,
  RETURN_PHOTO_NOT_FOUND_MESSAGE,
  RETURN_REASON_NAMES,
  RETURN_RECEIVED_QUANTITY_MESSAGE,
  RETURN_REFUND_OVER_MESSAGE,
  RETURN_STATE_MESSAGE,
  RETURN_STATE_NAMES,
  RETURN_WINDOW_DEFAULT_DAYS,
  RETURN_WINDOW_MIN_DAYS,
  RETURN_WINDOW_PASSED_MESSAGE,
  fromKopecks,
  kopecksToDecimal,
  normalizeBrand,
  toKopecks,
  type ClientReturnCreateRequest,
  type Paginated,
  type Return,
  type ReturnDecideRequest,
  type ReturnListItem,
  type ReturnListFilters,
  type ReturnReason,
  type ReturnReceiveRequest,
  type ReturnRefundRequest,
  type ReturnState,
} from '@detal/contract';
import type { Db, DbExecutor, Tx } from '../../db/index.ts';
import { readShopSetting } from '../../db/shop-settings.ts';
import { emit } from '../../events/bus.ts';
import { conflict, notFound, validationFailed } from '../../http/errors.ts';
import { readPage } from '../../shared/pagination.ts';
import { countDefectTx, countUnfitReturnTx } from '../catalog/return-rates.ts';
import { daysBetween } from '../ledger/allocation.ts';
import { appendEntryTx, dayIn, lockAccountFor } from '../ledger/service.ts';
import { findReceiptLinesOf } from '../purchasing/line-origins.ts';
import { findShipmentLineOfClient, lockShipmentRow } from '../shipments/queries.ts';
import { correctForReturnTx } from '../shipments/service.ts';
import {
  attachPhotos,
  countReturns,
  findPhotosOf,
  findPoliciesFor,
  findReturns,
  findReturnsOfLine,
  insertRefund,
  insertReturn,
  listReturns,
  lockFreePhotos,
  refundedSums,
  updateReturns,
  type ReturnRow,
} from './queries.ts';
import { checkReturnMove, countedQuantity } from './return-state.ts';

/**
 * A client's return of an issued line (issue 32, points 2–3; decision 0055): asked from the client's account
 * (quantity, reason, comment, photos), within the supplier's window and unless «без возврата»; a manager approves
 * or rejects it, receives it (good and defective pieces), credits it — a correction document (УКД) of the shipment
 * and a credit on the client's ledger, in one transaction — records refunds paid out, and closes it. Every row is
 * locked before it is read to be changed; every staff step is audited and told to the client.
 */

export interface Actor {
  staffId: number | null;
  at: Date;
  timeZone: string;
}

const PER_PAGE = 30;

async function viewsOf(db: DbExecutor, rows: readonly ReturnRow[]): Promise<Return[]> {
  const ids = rows.map((row) => row.id);
  const [photos, refunded] = [await findPhotosOf(db, ids), await refundedSums(db, ids)];
  return rows.map((row) => {
    const state = row.state as ReturnState;
    const reason = row.reason as ReturnReason;
    return {
      id: row.id,
      created_at: row.createdAt.toISOString(),
      client_id: row.clientId,
      shipment_id: row.shipmentId,
      shipment_line_id: row.shipmentLineId,
      order_id: row.orderId,
      order_item_id: row.orderItemId,
      supplier_id: row.supplierId,
      article: row.article,
      brand: row.brandName,
      description: row.description,
      quantity: row.quantity,
      price: Number(row.price),
      reason,
      reason_name: RETURN_REASON_NAMES[reason],
      comment: row.comment,
      state,
      state_name: RETURN_STATE_NAMES[state],
      decision_reason: row.decisionReason,
      good_quantity: row.goodQuantity,
      defective_quantity: row.defectiveQuantity,
      credit_amount: row.creditAmount === null ? null : Number(row.creditAmount),
      refunded_amount: fromKopecks(toKopecks(refunded.get(row.id) ?? '0')),
      correction_id: row.correctionId,
      supplier_return_id: row.supplierReturnId,
      photos: photos
        .filter((photo) => photo.returnId === row.id)
        .map((photo) => ({ id: photo.id, content_type: photo.contentType, size: photo.size })),
    };
  });
}

async function viewOf(db: DbExecutor, id: number): Promise<Return> {
  const [row] = await findReturns(db, [id]);
  return (await viewsOf(db, [row!]))[0]!;
}

const lineName = (row: { brandName: string; article: string }) => `${row.brandName} ${row.article}`;

/** The days a return of this supplier's line may be asked within: its own window, else the shop's, never below 7. */
async function windowDays(db: DbExecutor, supplierWindow: number | null): Promise<number> {
  const shopWindow = (await readShopSetting(db, 'returns'))?.window_days ?? RETURN_WINDOW_DEFAULT_DAYS;
  return Math.max(RETURN_WINDOW_MIN_DAYS, supplierWindow ?? shopWindow);
}

/* The client. */

export async function createReturn(
  db: Db,
  clientId: number,
  request: ClientReturnCreateRequest,
  clock: { at: Date; timeZone: string },
): Promise<Return> {
  const id = await db.transaction(async (tx) => {
    const line = await findShipmentLineOfClient(tx, request.shipment_line_id, clientId);
    if (!line) throw notFound(RETURN_LINE_NOT_FOUND_MESSAGE);
    // Returns of one shipment queue here: the quantity left to return is read after the lock.
    await lockShipmentRow(tx, line.shipmentId);
    const policies = await findPoliciesFor(tx, line.supplierId, normalizeBrand(line.brandName));
    if (policies.supplier?.noReturn || policies.brand?.noReturn) {
      throw validationFailed({ shipment_line_id: [RETURN_NOT_RETURNABLE_MESSAGE] }, RETURN_NOT_RETURNABLE_MESSAGE);
    }
    const days = await windowDays(tx, policies.supplier?.windowDays ?? null);
    if (daysBetween(dayIn(line.postedAt, clock.timeZone), dayIn(clock.at, clock.timeZone)) > days) {
      const message = `${RETURN_WINDOW_PASSED_MESSAGE}: ${days} дн. со дня выдачи`;
      throw validationFailed({ shipment_line_id: [message] }, message);
    }
    const earlier = (await findReturnsOfLine(tx, line.id)).reduce(
      (sum, row) => sum + countedQuantity({ ...row, state: row.state as ReturnState }),
      0,
    );
    const left = line.quantity - earlier;
    if (request.quantity > left) {
      const message = `${RETURN_OVER_ISSUED_MESSAGE}: выдано ${line.quantity} шт., можно вернуть ${Math.max(0, left)} шт.`;
      throw validationFailed({ quantity: [message] }, message);
    }
    const photoIds = [...new Set(request.photo_ids)];
    const photos = await lockFreePhotos(tx, clientId, photoIds);
    if (photos.length !== photoIds.length) {
      throw validationFailed({ photo_ids: [RETURN_PHOTO_NOT_FOUND_MESSAGE] }, RETURN_PHOTO_NOT_FOUND_MESSAGE);
    }
    const receipt = (await findReceiptLinesOf(tx, [line.orderItemId])).get(line.orderItemId);
    const created = await insertReturn(tx, {
      clientId,
      shipmentId: line.shipmentId,
      shipmentLineId: line.id,
      orderItemId: line.orderItemId,
      supplierId: line.supplierId ?? receipt?.supplierId ?? null,
      goodsReceiptLineId: receipt?.goodsReceiptLineId ?? null,
      quantity: request.quantity,
      purchasePrice: receipt?.price ?? line.purchasePrice,
      price: line.price,
      reason: request.reason,
      comment: request.comment,
      createdAt: clock.at,
    });
    await attachPhotos(tx, created, photoIds);
    await emit(tx, 'StaffWrite', {
      staffId: null,
      action: 'return.create',
      entity: 'return',
      entityId: created,
      after: { shipment_line_id: line.id, quantity: request.quantity, reason: request.reason, photos: photoIds },
      at: clock.at,
    });
    await emit(tx, 'ReturnStepTaken', {
      orderId: line.orderId,
      subject: `заявка на возврат № ${created} получена`,
      text: `Мы получили заявку на возврат № ${created}: ${lineName(line)}, ${request.quantity} шт., причина «${RETURN_REASON_NAMES[request.reason]}». Менеджер рассмотрит её и сообщит решение.`,
      at: clock.at,
    });
    return created;
  });
  return viewOf(db, id);
}

export function listReturnsPage(
  db: Db,
  filters: ReturnListFilters,
  page: number,
  timeZone: string,
  clientId: number | null = null,
): Promise<Paginated<ReturnListItem>> {
  const filter = { ...filters, clientId, timeZone };
  return readPage(
    page,
    PER_PAGE,
    () => countReturns(db, filter),
    async (limit, offset) => {
      const rows = await listReturns(db, filter, limit, offset);
      return (await viewsOf(db, rows)).map((view, at) => ({ ...view, client_name: rows[at]!.clientName }));
    },
  );
}

export async function getReturn(db: Db, id: number): Promise<Return> {
  const [row] = await findReturns(db, [id]);
  if (!row) throw notFound(RETURN_NOT_FOUND_MESSAGE);
  return (await viewsOf(db, [row]))[0]!;
}

/* Staff steps. */

/** The return locked, or a 404. */
async function lockOne(tx: Tx, id: number): Promise<ReturnRow> {
  const [row] = await findReturns(tx, [id], { lock: true });
  if (!row) throw notFound(RETURN_NOT_FOUND_MESSAGE);
  return row;
}

async function audit(tx: Tx, actor: Actor, action: string, row: ReturnRow, after: Record<string, unknown>) {
  await emit(tx, 'StaffWrite', {
    staffId: actor.staffId,
    action,
    entity: 'return',
    entityId: row.id,
    before: { state: row.state },
    after,
    at: actor.at,
  });
}

async function tell(tx: Tx, row: ReturnRow, subject: string, text: string, at: Date) {
  await emit(tx, 'ReturnStepTaken', { orderId: row.orderId, subject: `возврат № ${row.id}: ${subject}`, text, at });
}

/**
 * Approves or rejects requested returns, all or nothing, each locked (in id order): of two managers deciding at
 * once, the second reads the first's decision and gets «Заявка уже рассмотрена другим сотрудником» (409).
 */
export async function decideReturns(db: Db, request: ReturnDecideRequest, actor: Actor): Promise<Return[]> {
  const ids = [...new Set(request.return_ids)].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    const rows = await findReturns(tx, ids, { lock: true });
    const missing = ids.filter((id) => !rows.some((row) => row.id === id));
    if (missing.length > 0) throw notFound(`${RETURN_NOT_FOUND_MESSAGE}: № ${missing.join(', ')}`);
    const to: ReturnState = request.decision === 'approve' ? 'approved' : 'rejected';
    for (const row of rows) checkReturnMove(row.state as ReturnState, to);
    await updateReturns(tx, ids, {
      state: to,
      decisionReason: request.reason ?? null,
      decidedBy: actor.staffId,
      decidedAt: actor.at,
    });
    for (const row of rows) {
      await audit(tx, actor, `return.${request.decision}`, row, { state: to, reason: request.reason ?? null });
      await tell(
        tx,
        row,
        to === 'approved' ? 'одобрен' : 'отклонён',
        to === 'approved'
          ? `Возврат № ${row.id} (${lineName(row)}, ${row.quantity} шт.) одобрен. Принесите деталь в магазин в упаковке, с документом о покупке.`
          : `В возврате № ${row.id} (${lineName(row)}, ${row.quantity} шт.) отказано. Причина: ${request.reason}.`,
        actor.at,
      );
    }
  });
  return viewsOf(db, await findReturns(db, ids));
}

/** The pieces came back: how many are good and how many defective (together 1 to the quantity asked). */
export async function receiveReturn(db: Db, request: ReturnReceiveRequest, actor: Actor): Promise<Return> {
  await db.transaction(async (tx) => {
    const row = await lockOne(tx, request.return_id);
    checkReturnMove(row.state as ReturnState, 'received');
    const received = request.good_quantity + request.defective_quantity;
    if (received < 1 || received > row.quantity) {
      throw validationFailed({ good_quantity: [RETURN_RECEIVED_QUANTITY_MESSAGE] }, RETURN_RECEIVED_QUANTITY_MESSAGE);
    }
    await updateReturns(tx, [row.id], {
      state: 'received',
      goodQuantity: request.good_quantity,
      defectiveQuantity: request.defective_quantity,
      receivedBy: actor.staffId,
      receivedAt: actor.at,
    });
    // Returns teach the catalogue (issue 32, point 6; decision 0065): counted once, when the pieces are in hand.
    if (row.reason === 'not_fit' && row.analogPairId !== null) await countUnfitReturnTx(tx, row.analogPairId);
    if (row.reason === 'defect') await countDefectTx(tx, { brandName: row.brandName, supplierId: row.supplierId });
    await audit(tx, actor, 'return.receive', row, {
      state: 'received',
      good_quantity: request.good_quantity,
      defective_quantity: request.defective_quantity,
    });
    await tell(tx, row, 'принят', `Мы приняли возврат № ${row.id}: ${lineName(row)}, ${received} шт.`, actor.at);
  });
  return viewOf(db, request.return_id);
}

/**
 * Credits a received return in one transaction: a correction document (УКД) of its shipment lowering the line by
 * the pieces received, and a credit entry («return») of that sum on the client's ledger (the shipment's payer's).
 */
export async function creditReturn(db: Db, returnId: number, actor: Actor): Promise<Return> {
  await db.transaction(async (tx) => {
    const row = await lockOne(tx, returnId);
    checkReturnMove(row.state as ReturnState, 'credited');
    const received = (row.goodQuantity ?? 0) + (row.defectiveQuantity ?? 0);
    const reason = `Возврат № ${row.id}`;
    const correction = await correctForReturnTx(
      tx,
      { shipmentId: row.shipmentId, shipmentLineId: row.shipmentLineId, quantity: received, reason },
      actor,
    );
    const accountId = await lockAccountFor(tx, correction.clientId, correction.payerId);
    const entry = await appendEntryTx(
      tx,
      accountId,
      {
        kind: 'return',
        side: 'credit',
        amountKopecks: correction.creditKopecks,
        occurredOn: dayIn(actor.at, actor.timeZone),
        shipmentId: row.shipmentId,
        reason,
        staffId: actor.staffId,
      },
      { now: actor.at, timeZone: actor.timeZone },
    );
    const amount = kopecksToDecimal(correction.creditKopecks);
    await updateReturns(tx, [row.id], {
      state: 'credited',
      creditAmount: amount,
      correctionId: correction.correctionId,
      ledgerEntryId: entry?.id ?? null,
      ledgerAccountId: accountId,
      creditedAt: actor.at,
    });
    await audit(tx, actor, 'return.credit', row, {
      state: 'credited',
      credit_amount: amount,
      correction_id: correction.correctionId,
      ledger_entry_id: entry?.id ?? null,
    });
    await tell(
      tx,
      row,
      'сумма зачтена',
      `По возврату № ${row.id} на ваш счёт в магазине зачтено ${amount} ₽ (корректировочный документ к отгрузке № ${row.shipmentId}).`,
      actor.at,
    );
  });
  return viewOf(db, returnId);
}

/** Money paid out to the client for a credited return: its own ledger entry (a refund, debit), never above the credit. */
export async function refundReturn(db: Db, request: ReturnRefundRequest, actor: Actor): Promise<Return> {
  await db.transaction(async (tx) => {
    const row = await lockOne(tx, request.return_id);
    if (row.state !== 'credited' && row.state !== 'closed') throw conflict(RETURN_STATE_MESSAGE);
    const refunded = toKopecks((await refundedSums(tx, [row.id])).get(row.id) ?? '0');
    const amountKopecks = toKopecks(String(request.amount));
    if (refunded + amountKopecks > toKopecks(row.creditAmount ?? '0')) {
      throw validationFailed({ amount: [RETURN_REFUND_OVER_MESSAGE] }, RETURN_REFUND_OVER_MESSAGE);
    }
    const entry = await appendEntryTx(
      tx,
      // The ledger the credit went to (the shipment's payer's, or the client's own).
      row.ledgerAccountId!,
      {
        kind: 'refund',
        side: 'debit',
        amountKopecks,
        occurredOn: dayIn(actor.at, actor.timeZone),
        reason: request.reference
          ? `Выплата по возврату № ${row.id}: ${request.reference}`
          : `Выплата по возврату № ${row.id}`,
        staffId: actor.staffId,
      },
      { now: actor.at, timeZone: actor.timeZone },
    );
    await insertRefund(tx, {
      returnId: row.id,
      amount: kopecksToDecimal(amountKopecks),
      reference: request.reference,
      ledgerEntryId: entry!.id,
      staffId: actor.staffId,
      createdAt: actor.at,
    });
    await audit(tx, actor, 'return.refund', row, {
      amount: kopecksToDecimal(amountKopecks),
      ledger_entry_id: entry!.id,
    });
    await tell(
      tx,
      row,
      'деньги выплачены',
      `По возврату № ${row.id} вам выплачено ${kopecksToDecimal(amountKopecks)} ₽.`,
      actor.at,
    );
  });
  return viewOf(db, request.return_id);
}

export async function closeReturn(db: Db, returnId: number, actor: Actor): Promise<Return> {
  await db.transaction(async (tx) => {
    const row = await lockOne(tx, returnId);
    checkReturnMove(row.state as ReturnState, 'closed');
    await updateReturns(tx, [row.id], { state: 'closed', closedAt: actor.at });
    await audit(tx, actor, 'return.close', row, { state: 'closed' });
  });
  return viewOf(db, returnId);
}
