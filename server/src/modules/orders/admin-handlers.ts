import { ADMIN_ORDER_NOT_FOUND_MESSAGE } from '@detal/contract';
import { nowFor } from '../../http/clock.ts';
import { notFound } from '../../http/errors.ts';
import type { AdminHandlers, AppDeps } from '../../http/handlers.ts';
import { signedInStaff } from '../../http/staff-auth.ts';
import { readPage } from '../../shared/pagination.ts';
import { countQueueLines, findAdminOrder, listQueueLines, listSuppliers, orderIdOfLine } from './admin-queries.ts';
import { changeLineStatuses } from './order-status.ts';

/**
 * The back office's orders (issue 14, point 4): the work queue of lines, an order's screen, bulk status changes
 * and canceling a line. The route layer has checked the staff session and role; who acts comes from the session.
 */
export function createOrdersAdminHandlers({ config, database: { db } }: AppDeps): AdminHandlers {
  const timeZone = config.shopTimeZone;
  const orderScreen = async (orderId: number) => {
    const order = await findAdminOrder(db, orderId);
    if (!order) throw notFound(ADMIN_ORDER_NOT_FOUND_MESSAGE);
    return { order };
  };
  return {
    'order-line-list': async ({ body, query }) =>
      readPage(
        query.page,
        body.per_page,
        () => countQueueLines(db, body, timeZone),
        (limit, offset) => listQueueLines(db, body, timeZone, limit, offset),
      ),

    'order-show': async ({ body }) => orderScreen(body.id),

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
      return orderScreen(orderId);
    },

    'supplier-list': async () => ({ suppliers: await listSuppliers(db) }),
  };
}
