import type { FastifyRequest } from 'fastify';
import { ADMIN_ORDER_NOT_FOUND_MESSAGE } from '@detal/contract';
import { nowFor } from '../../http/clock.ts';
import { notFound } from '../../http/errors.ts';
import type { AdminHandlers, AppDeps } from '../../http/handlers.ts';
import { signedInStaff } from '../../http/staff-auth.ts';
import { readPage } from '../../shared/pagination.ts';
import {
  countNewAndLateLines,
  countQueueLines,
  findAdminOrder,
  latenessClock,
  listQueueLines,
  listSuppliers,
  orderIdOfLine,
} from './admin-queries.ts';
import { changeLineStatuses } from './order-status.ts';

/**
 * The back office's orders (issue 14, point 4): the work queue of lines, an order's screen, bulk status changes
 * and canceling a line. The route layer has checked the staff session and role; who acts comes from the session.
 */
export function createOrdersAdminHandlers({ config, database: { db } }: AppDeps): AdminHandlers {
  const timeZone = config.shopTimeZone;
  const clockOf = async (request: FastifyRequest) => latenessClock(db, nowFor(request), timeZone);
  const orderScreen = async (orderId: number, request: FastifyRequest) => {
    const order = await findAdminOrder(db, orderId, await clockOf(request));
    if (!order) throw notFound(ADMIN_ORDER_NOT_FOUND_MESSAGE);
    return { order };
  };
  return {
    'order-line-list': async ({ body, query, request }) => {
      const clock = await clockOf(request);
      return readPage(
        query.page,
        body.per_page,
        () => countQueueLines(db, body, clock),
        (limit, offset) => listQueueLines(db, body, clock, limit, offset),
      );
    },

    'order-line-counts': async ({ request }) => countNewAndLateLines(db, await clockOf(request)),

    'order-show': async ({ body, request }) => orderScreen(body.id, request),

    'order-line-status': async ({ staff, body, request }) => {
      const actor = { staffId: signedInStaff(staff).staffId, note: body.note, at: nowFor(request), timeZone };
      return db.transaction((tx) => changeLineStatuses(tx, body.line_ids, body.status, actor));
    },

    'order-line-cancel': async ({ staff, body, request }) => {
      const actor = { staffId: signedInStaff(staff).staffId, note: body.note, at: nowFor(request), timeZone };
      const { changed, unchanged } = await db.transaction((tx) =>
        changeLineStatuses(tx, [body.line_id], 'canceled', actor, 'line_id'),
      );
      // A line canceled already (by a colleague a moment earlier) is no change: the screen as it is.
      const orderId = changed[0]?.order_id ?? (await orderIdOfLine(db, unchanged[0]!)) ?? 0;
      return orderScreen(orderId, request);
    },

    'supplier-list': async () => ({ suppliers: await listSuppliers(db) }),
  };
}
