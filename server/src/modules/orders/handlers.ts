import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '@detal/contract';
import { notFound, validationFailed } from '../../http/errors.ts';
import { clientIdOf } from '../../http/auth.ts';
import { nowFor } from '../../http/clock.ts';
import type { AppDeps, ShopHandlers } from '../../http/handlers.ts';
import { markNoReturn, NO_RETURN_POLICIES_NONE, type NoReturnLookup } from '../../shared/no-return.ts';
import { readPage } from '../../shared/pagination.ts';
import { placeOrder, type CheckoutHooks } from './checkout/place-order.ts';
import { buildPreorder } from './checkout/preorder.ts';
import { openHoldOf } from '../ledger/holds.ts';
import { countOrders, findOrder, listOrders, type OrderListFilter } from './queries.ts';

export const ORDER_NOT_FOUND_MESSAGE = 'Заказ не найден';
export const INVALID_IDEMPOTENCY_KEY_MESSAGE = `Заголовок ${IDEMPOTENCY_KEY_HEADER}: от 1 до ${IDEMPOTENCY_KEY_MAX_LENGTH} символов`;

/** The request's Idempotency-Key, or null when it sends none. */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (raw === undefined) return null;
  const key = (Array.isArray(raw) ? raw.join(',') : raw).trim();
  if (key === '' || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw validationFailed({ [IDEMPOTENCY_KEY_HEADER]: [INVALID_IDEMPOTENCY_KEY_MESSAGE] });
  }
  return key;
}

/**
 * Checkout in two steps, the client's order list and one order (contract-decisions.md section 6). `hooks` are
 * for tests only.
 */
export function createOrdersHandlers(
  { config, database: { db } }: AppDeps,
  hooks: CheckoutHooks = {},
  noReturn: NoReturnLookup = NO_RETURN_POLICIES_NONE,
): ShopHandlers {
  const timeZone = config.shopTimeZone;
  return {
    'basket-create-order-order-step1-from-items-post': async ({ body, auth }) => {
      const preorder = await buildPreorder(db, clientIdOf(auth), body);
      return { ...preorder, items: await markNoReturn(noReturn, preorder.items, (line) => line.offer_id) };
    },

    'create-order-order-step2-from-items-post': async ({ body, auth, request }) => {
      const { orderId } = await placeOrder(db, clientIdOf(auth), body, idempotencyKeyOf(request), {
        timeZone,
        hooks,
        now: () => nowFor(request),
      });
      // (issue 31) An order the credit check held says so; it was placed all the same.
      return { orderForClient: { id: orderId }, credit_hold: await openHoldOf(db, orderId) };
    },

    'show-client-all-orders-post': async ({ body, query, auth }) => {
      const filter: OrderListFilter = {
        clientId: clientIdOf(auth),
        dateFrom: body.date_from,
        dateTo: body.date_to,
        status: body.status,
        id: body.id,
      };
      const { page } = query;
      const perPage = body.per_page;
      return readPage(
        page,
        perPage,
        () => countOrders(db, filter, timeZone),
        (limit, offset) => listOrders(db, filter, timeZone, limit, offset),
      );
    },

    'show-client-order-post': async ({ body, auth }) => {
      const order = await findOrder(db, clientIdOf(auth), body.id, timeZone);
      if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
      return order;
    },
  };
}
