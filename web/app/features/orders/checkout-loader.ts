import { redirect } from 'react-router';
import type { Preorder } from '@detal/contract';
import { resolveAccess } from '../../lib/access.ts';
import { callShop, isApiError } from '../../lib/api/index.ts';
import { readErrorBody } from '../../lib/api/errors.ts';
import { readToken } from '../../lib/api/token.ts';
import { heldBasket } from '../basket/held-basket.ts';
import type { HeldBasket } from '../basket/held-basket.ts';
import { parseLineIds } from './checkout-form.ts';
import { paths } from '../../paths.ts';

/** What /orders/create shows: the step-2 form for a preorder, or why there is none. */
export type CheckoutView =
  | { state: 'ready'; preorder: Preorder; lineIds: number[]; basket: HeldBasket }
  /** The address names no basket lines (opened by hand, or a stale link). */
  | { state: 'nothing-chosen' }
  /** Step 1 refused: the lines are no longer in the basket, the basket is gone or not the client's. */
  | { state: 'unavailable'; messages: string[] };

/**
 * Step 1 in the browser, for the basket lines of `?items=`: the basket ids are in the browser's storage, which
 * server rendering cannot read. A session that turns out dead goes to /login and back here.
 */
export async function loadCheckout(url: URL): Promise<CheckoutView> {
  const target = resolveAccess('session', readToken() !== null, url);
  if (target !== null) throw redirect(target);
  const lineIds = parseLineIds(url.searchParams);
  if (lineIds === null) return { state: 'nothing-chosen' };
  const basket = heldBasket();
  if (basket === null)
    return { state: 'unavailable', messages: ['Корзина пуста: выберите товары и оформите заказ из корзины.'] };
  try {
    const preorder = await callShop('basket-create-order-order-step1-from-items-post', {
      body: { ...basket, itemsForOrder: lineIds },
      // The page says why there is nothing to order; a 401 stays the catalogue's (the token is dropped).
      handles: [404, 422],
    });
    return { state: 'ready', preorder, lineIds, basket };
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status === 401) throw redirect(paths.login(url.pathname + url.search));
    if (error.status === 404 || error.status === 422) {
      const { message, error: fields } = readErrorBody(error.body);
      const messages = typeof fields === 'object' ? Object.values(fields).flat() : [message ?? error.message];
      return { state: 'unavailable', messages };
    }
    throw error;
  }
}
