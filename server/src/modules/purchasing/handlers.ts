import type { FastifyRequest } from 'fastify';
import { GOODS_RECEIPT_NOT_FOUND_MESSAGE, SUPPLIER_ORDER_NOT_FOUND_MESSAGE, toKopecks } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { nowFor } from '../../http/clock.ts';
import { notFound } from '../../http/errors.ts';
import type { AdminHandlers, AppDeps } from '../../http/handlers.ts';
import { signedInStaff, type StaffContext } from '../../http/staff-auth.ts';
import { readPage } from '../../shared/pagination.ts';
import { latenessClock } from '../orders/admin-queries.ts';
import { applySupplierAnswer } from './answers.ts';
import { countSupplierOrders, findSupplierOrder, listOpenLines, listSupplierOrders } from './queries.ts';
import { countQueue, findAlternatives, listQueue, queueGroups, reorderLine } from './queue.ts';
import { countReceipts, findGoodsReceipt, listReceipts } from './receipt-queries.ts';
import { createGoodsReceipt, deleteDraftReceipt, matchReceiptLine, postGoodsReceipt } from './receipts.ts';
import {
  cancelSupplierOrder,
  closeSupplierOrder,
  createSupplierOrders,
  markSent,
  removeDraftLines,
  type PurchaseActor,
} from './supplier-orders.ts';

/**
 * The back office's purchasing (issue 29, decision 0049): the «К заказу» queue, supplier orders, answers typed by
 * staff, refusals and re-sourcing, goods receipts. Owner and managers (the registry's roles); who acts comes from
 * the session. Every write is one transaction.
 */
export function createPurchasingHandlers({ config, database }: AppDeps): AdminHandlers {
  const { db } = database as Database;
  const timeZone = config.shopTimeZone;
  const actorOf = (staff: StaffContext | null, request: FastifyRequest, note: string | null = null): PurchaseActor => ({
    staffId: signedInStaff(staff).staffId,
    note,
    at: nowFor(request),
    timeZone,
  });
  const orderScreen = async (id: number) => {
    const order = await findSupplierOrder(db, id);
    if (!order) throw notFound(SUPPLIER_ORDER_NOT_FOUND_MESSAGE);
    return { order };
  };
  const receiptScreen = async (id: number) => {
    const receipt = await findGoodsReceipt(db, id);
    if (!receipt) throw notFound(GOODS_RECEIPT_NOT_FOUND_MESSAGE);
    return { receipt };
  };
  return {
    'supplier-order-queue': async ({ body, query, request }) => {
      const clock = await latenessClock(db, nowFor(request), timeZone);
      return readPage(
        query.page,
        body.per_page,
        () => countQueue(db, body, timeZone),
        (limit, offset) => listQueue(db, body, clock, limit, offset),
      );
    },

    'supplier-order-queue-suppliers': async ({ body }) => ({ groups: await queueGroups(db, body, timeZone) }),

    'supplier-order-create': async ({ staff, body, request }) => {
      const actor = actorOf(staff, request);
      const orders = await db.transaction((tx) => createSupplierOrders(tx, body.order_item_ids, body.comment, actor));
      return { orders };
    },

    'supplier-order-all': async ({ body, query }) =>
      readPage(
        query.page,
        body.per_page,
        () => countSupplierOrders(db, body, timeZone),
        (limit, offset) => listSupplierOrders(db, body, timeZone, limit, offset),
      ),

    'supplier-order-get': async ({ body }) => orderScreen(body.id),

    'supplier-order-lines-remove': async ({ staff, body, request }) => {
      const actor = actorOf(staff, request);
      await db.transaction((tx) => removeDraftLines(tx, body.id, body.line_ids, actor));
      return orderScreen(body.id);
    },

    'supplier-order-mark-sent': async ({ staff, body, request }) => {
      const actor = actorOf(staff, request);
      await db.transaction((tx) =>
        markSent(tx, body.id, { channel: 'manual', supplierNumber: body.supplier_number }, actor),
      );
      return orderScreen(body.id);
    },

    'supplier-order-answer': async ({ staff, body, request }) => {
      const actor = actorOf(staff, request);
      await db.transaction((tx) =>
        applySupplierAnswer(
          tx,
          body.id,
          {
            supplierNumber: body.supplier_number,
            lines: body.lines.map((line) => ({
              lineId: line.line_id,
              confirmed: line.confirmed_quantity,
              refused: line.refused_quantity,
              reason: line.refused_reason,
              confirmedPriceKopecks: line.confirmed_price == null ? null : toKopecks(line.confirmed_price),
            })),
          },
          actor,
        ),
      );
      return orderScreen(body.id);
    },

    'supplier-order-cancel': async ({ staff, body, request }) => {
      const actor = actorOf(staff, request);
      await db.transaction((tx) => cancelSupplierOrder(tx, body.id, body.reason, actor));
      return orderScreen(body.id);
    },

    'supplier-order-close': async ({ staff, body, request }) => {
      const actor = actorOf(staff, request);
      await db.transaction((tx) => closeSupplierOrder(tx, body.id, body.reason, actor));
      return orderScreen(body.id);
    },

    'supplier-order-alternatives': async ({ body, request }) =>
      findAlternatives(db, body.order_item_id, await latenessClock(db, nowFor(request), timeZone)),

    'supplier-order-reorder': async ({ staff, body, request }) => {
      const actor = actorOf(staff, request);
      const id = await db.transaction((tx) => reorderLine(tx, body, actor));
      return orderScreen(id);
    },

    'supplier-order-open-lines': async ({ body }) => ({ lines: await listOpenLines(db, body.supplier_id, body.q) }),

    'goods-receipt-create': async ({ staff, body, request }) => {
      const actor = actorOf(staff, request);
      const id = await db.transaction((tx) => createGoodsReceipt(tx, body, actor));
      return receiptScreen(id);
    },

    'goods-receipt-match': async ({ staff, body, request }) => {
      const actor = actorOf(staff, request);
      await db.transaction((tx) => matchReceiptLine(tx, body, actor));
      return receiptScreen(body.id);
    },

    'goods-receipt-post': async ({ staff, body, request }) => {
      const actor = actorOf(staff, request);
      await db.transaction((tx) => postGoodsReceipt(tx, body.id, actor));
      return receiptScreen(body.id);
    },

    'goods-receipt-delete': async ({ staff, body, request }) => {
      const actor = actorOf(staff, request);
      await db.transaction((tx) => deleteDraftReceipt(tx, body.id, actor));
      return { success: true as const };
    },

    'goods-receipt-get': async ({ body }) => receiptScreen(body.id),

    'goods-receipt-all': async ({ body, query }) =>
      readPage(
        query.page,
        body.per_page,
        () => countReceipts(db, body, timeZone),
        (limit, offset) => listReceipts(db, body, timeZone, limit, offset),
      ),
  };
}
