import {
  CANCEL_ALREADY_REQUESTED_MESSAGE,
  CANCEL_AT_ONCE_STATUSES,
  CANCEL_BY_REQUEST_STATUSES,
  CANCEL_LINE_NOT_FOUND_MESSAGE,
  CANCEL_NOT_POSSIBLE_MESSAGE,
  CANCEL_REQUEST_NOT_FOUND_MESSAGE,
  CANCEL_REQUEST_STATE_NAMES,
  RETURN_ALREADY_DECIDED_MESSAGE,
  type CancelRequest,
  type CancelRequestDecideRequest,
  type CancelRequestListItem,
  type CancelRequestState,
  type ClientCancelLineRequest,
  type ClientCancelLineResult,
  type OrderStatus,
  type Paginated,
} from '@detal/contract';
import type { Db, Tx } from '../../db/index.ts';
import { emit } from '../../events/bus.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { readPage } from '../../shared/pagination.ts';
import { changeLineStatuses, type StatusActor } from '../orders/order-status.ts';
import { findClientLine } from '../orders/queries.ts';
import { findHoldingSupplierLine } from '../purchasing/line-origins.ts';
import { removeDraftLines } from '../purchasing/supplier-orders.ts';
import {
  countCancelRequests,
  findCancelRequest,
  insertCancelRequest,
  listCancelRequests,
  updateCancelRequest,
  type CancelRequestRow,
} from './queries.ts';

/**
 * A client's cancel of an order line (issue 32, point 1; decision 0055). While nothing is bought for it («Новый»,
 * «В работе», «Отказ поставщика») the line is canceled at once through orders' one status path, as a staff cancel
 * (stock back, the line off an unpaid bill, history, the client's e-mail), after taking it out of a supplier order
 * still in draft. Once ordered from a supplier it becomes a request: a manager approves it (the same cancel) or
 * rejects it with a reason; the client is told of each step by e-mail; every decision is audited.
 */

/** Nothing bought for the line yet: the client cancels it at once; bought or on its way: a manager decides. */
const CANCEL_AT_ONCE: readonly OrderStatus[] = CANCEL_AT_ONCE_STATUSES;
const CANCEL_BY_REQUEST: readonly OrderStatus[] = CANCEL_BY_REQUEST_STATUSES;

export const CLIENT_CANCEL_NOTE = 'Отменено клиентом';

export function cancelRequestView(row: CancelRequestRow): CancelRequest {
  const state = row.state as CancelRequestState;
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    client_id: row.clientId,
    order_id: row.orderId,
    order_item_id: row.orderItemId,
    article: row.article,
    brand: row.brandName,
    quantity: row.quantity,
    comment: row.comment,
    state,
    state_name: CANCEL_REQUEST_STATE_NAMES[state],
    decision_reason: row.decisionReason,
    withdrawn_from_supplier_order: row.withdrawn,
  };
}

/** Takes the line out of the supplier order that holds it when that order is still a draft; true when it did. */
async function withdrawFromDraft(tx: Tx, orderItemId: number, actor: StatusActor): Promise<boolean> {
  const held = await findHoldingSupplierLine(tx, orderItemId);
  if (!held || held.state !== 'draft') return false;
  await removeDraftLines(tx, held.supplierOrderId, [held.lineId], actor);
  return true;
}

export async function clientCancelLine(
  db: Db,
  clientId: number,
  request: ClientCancelLineRequest,
  clock: { at: Date; timeZone: string },
): Promise<ClientCancelLineResult> {
  return db.transaction(async (tx) => {
    const line = await findClientLine(tx, request.order_item_id, clientId);
    if (!line) throw notFound(CANCEL_LINE_NOT_FOUND_MESSAGE);
    const actor: StatusActor = {
      staffId: null,
      note: request.comment ? `${CLIENT_CANCEL_NOTE}: ${request.comment}` : CLIENT_CANCEL_NOTE,
      at: clock.at,
      timeZone: clock.timeZone,
    };
    if (CANCEL_AT_ONCE.includes(line.status)) {
      await withdrawFromDraft(tx, line.id, actor);
      // Locks and reads the status again: a line moved on meanwhile is refused there (409), nothing written.
      await changeLineStatuses(tx, [line.id], 'canceled', actor, 'order_item_id');
      return { canceled: true, request: null };
    }
    if (!CANCEL_BY_REQUEST.includes(line.status)) throw conflict(CANCEL_NOT_POSSIBLE_MESSAGE);
    const id = await insertCancelRequest(tx, {
      clientId,
      orderItemId: line.id,
      comment: request.comment,
      createdAt: clock.at,
    });
    if (id === null) throw conflict(CANCEL_ALREADY_REQUESTED_MESSAGE);
    const row = (await findCancelRequest(tx, id))!;
    await emit(tx, 'StaffWrite', {
      staffId: null,
      action: 'cancel_request.create',
      entity: 'cancel_request',
      entityId: id,
      after: { order_item_id: line.id, comment: request.comment },
      at: clock.at,
    });
    await emit(tx, 'ReturnStepTaken', {
      orderId: line.orderId,
      subject: 'запрос на отмену получен',
      text: `Мы получили ваш запрос на отмену позиции ${row.brandName} ${row.article} (${row.quantity} шт.). Позиция уже заказана у поставщика, поэтому отмену подтвердит менеджер; мы сообщим о решении.`,
      at: clock.at,
    });
    return { canceled: false, request: cancelRequestView(row) };
  });
}

/**
 * A manager's decision on a cancel request, the request locked: of two managers at once the second reads the
 * first's decision and is refused (409). Approving cancels the line through orders' status path (a line issued
 * meanwhile is refused there), after taking it out of a draft supplier order where it still is.
 */
export async function decideCancelRequest(
  db: Db,
  request: CancelRequestDecideRequest,
  actor: { staffId: number; at: Date; timeZone: string },
): Promise<CancelRequest> {
  return db.transaction(async (tx) => {
    const row = await findCancelRequest(tx, request.request_id, { lock: true });
    if (!row) throw notFound(CANCEL_REQUEST_NOT_FOUND_MESSAGE);
    if (row.state !== 'requested') throw conflict(RETURN_ALREADY_DECIDED_MESSAGE);
    const approve = request.decision === 'approve';
    let withdrawn = false;
    if (approve) {
      const statusActor: StatusActor = { ...actor, note: 'Отмена по запросу клиента' };
      withdrawn = await withdrawFromDraft(tx, row.orderItemId, statusActor);
      await changeLineStatuses(tx, [row.orderItemId], 'canceled', statusActor, 'request_id');
    }
    const state: CancelRequestState = approve ? 'approved' : 'rejected';
    await updateCancelRequest(tx, row.id, {
      state,
      decisionReason: request.reason ?? null,
      withdrawn,
      decidedBy: actor.staffId,
      decidedAt: actor.at,
    });
    await emit(tx, 'StaffWrite', {
      staffId: actor.staffId,
      action: `cancel_request.${approve ? 'approve' : 'reject'}`,
      entity: 'cancel_request',
      entityId: row.id,
      before: { state: row.state },
      after: { state, reason: request.reason ?? null, withdrawn },
      at: actor.at,
    });
    const what = `${row.brandName} ${row.article} (${row.quantity} шт.)`;
    await emit(tx, 'ReturnStepTaken', {
      orderId: row.orderId,
      subject: approve ? 'позиция отменена' : 'в отмене отказано',
      text: approve
        ? `Ваш запрос на отмену позиции ${what} одобрен: позиция отменена.`
        : `В отмене позиции ${what} отказано. Причина: ${request.reason}.`,
      at: actor.at,
    });
    return cancelRequestView((await findCancelRequest(tx, row.id))!);
  });
}

const PER_PAGE = 30;

export function listCancelRequestsPage(
  db: Db,
  state: CancelRequestState | null | undefined,
  page: number,
  clientId: number | null,
): Promise<Paginated<CancelRequestListItem>> {
  return readPage(
    page,
    PER_PAGE,
    () => countCancelRequests(db, state, clientId),
    async (limit, offset) =>
      (await listCancelRequests(db, state, clientId, limit, offset)).map((row) => ({
        ...cancelRequestView(row),
        client_name: row.clientName,
      })),
  );
}
