import { BASKET_NOT_FOUND_MESSAGE } from '@detal/contract/browser';
import type { Basket, BasketAddItemsResult, BasketSummary } from '@detal/contract';
import { callShop, isApiError } from '../../lib/api/index.ts';
import { readErrorBody } from '../../lib/api/errors.ts';
import { dropBasket, heldBasket, rememberAdded, rememberBasket } from './held-basket.ts';
import type { HeldBasket } from './held-basket.ts';

/**
 * The basket's calls, with the ids the browser holds. Every answer's ids and count are stored (a signed-in
 * client's server may answer the client's own basket instead of an anonymous one). A basket whose key stopped
 * working (deleted, merged at login) is dropped quietly: basket-show says so, and an add starts a new basket.
 */

/** The server's answer for an id/key pair that names no basket (any more). */
export function isBasketGone(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && readErrorBody(error.body).message === BASKET_NOT_FOUND_MESSAGE;
}

const sameBasket = (held: HeldBasket | null) => {
  const current = heldBasket();
  return current?.basket_id === held?.basket_id && current?.basket_key === held?.basket_key;
};

/**
 * Stores an answer's ids and count, unless the browser has moved on to another basket (or none: logout) while
 * the call was under way; an answer must never bring back a basket the browser has just forgotten.
 */
const rememberFor = <T extends BasketSummary>(held: HeldBasket | null, summary: T): T => {
  if (!sameBasket(held)) return summary;
  const { basket_id, basket_key, total_positions_in_basket } = summary;
  rememberBasket({ basket_id, basket_key, total_positions_in_basket });
  return summary;
};

/**
 * Basket calls one after another: the first add of a visitor without a basket creates one, and a second add
 * clicked meanwhile must go into that basket rather than create another.
 */
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(call: () => Promise<T>): Promise<T> {
  const result = queue.then(call, call);
  queue = result.catch(() => undefined);
  return result;
}

const piecesOf = (basket: Basket): Record<string, number> =>
  Object.fromEntries(basket.items.map((item) => [item.offer_id, item.quantity_in_basket]));

/** The held basket with its lines; null when the browser holds none or its key stopped working. */
export async function loadBasket(): Promise<Basket | null> {
  const held = heldBasket();
  if (held === null) return null;
  try {
    // basket-show's failures never notify (spec section 7).
    const basket = rememberFor(held, await callShop('basket-show', { body: held, handles: 'all' }));
    if (sameBasket(held)) rememberBasket({ pieces: piecesOf(basket) });
    return basket;
  } catch (error) {
    if (!isBasketGone(error)) throw error;
    dropBasket(held);
    return null;
  }
}

/** The part a client searched when the offer added is its analog (issue 32: the pair's purchases are counted). */
export interface AnalogOf {
  article: string;
  brand_name: string;
}

const addItem = (offerId: number, quantity: number, held: HeldBasket | null, analogOf?: AnalogOf) =>
  callShop('basket-add-item', {
    body: {
      item: { id: offerId },
      quantity,
      basket_id: held?.basket_id ?? null,
      basket_key: held?.basket_key ?? null,
      ...(analogOf ? { analog_of: analogOf } : {}),
    },
    // 404: the held key stopped working (a new basket is started); 409: not that many in stock (shown at the control).
    handles: [404, 409],
  });

/**
 * Adds `quantity` of an offer to the held basket, or to a new one (no basket, or its key stopped working).
 * Rejects with the ApiError of a refusal (409: not that many in stock) for the caller to show.
 */
export function addToBasket(offerId: number, quantity: number, analogOf?: AnalogOf): Promise<BasketSummary> {
  return inTurn(async () => {
    const held = heldBasket();
    const added = (into: HeldBasket | null, summary: BasketSummary) => {
      const remembered = rememberFor(into, summary);
      // A basket new to the browser with this one line was (as good as certainly) created by this add; one with
      // more lines (a signed-in client's own) stays unknown until its lines are next read.
      if (into?.basket_id === summary.basket_id) rememberAdded(offerId, quantity);
      else if (summary.total_positions_in_basket === 1) rememberBasket({ pieces: { [offerId]: quantity } });
      return remembered;
    };
    try {
      return added(held, await addItem(offerId, quantity, held, analogOf));
    } catch (error) {
      if (held === null || !isBasketGone(error)) throw error;
      dropBasket(held);
      return added(null, await addItem(offerId, quantity, null, analogOf));
    }
  });
}

const addItems = (items: ReadonlyArray<{ id: number; quantity: number }>, held: HeldBasket | null) =>
  callShop('basket-add-items', {
    body: { items: [...items], basket_id: held?.basket_id ?? null, basket_key: held?.basket_key ?? null },
    // 404: the held key stopped working (a new basket is started); 409: none of them in stock (shown by the caller).
    handles: [404, 409],
  });

/**
 * Adds several offers at once (the list search's «Добавить выбранные в корзину»), each clamped to its stock by
 * the server, in one transaction; into the held basket or a new one. The answer says how many of each went in.
 */
export function addManyToBasket(items: ReadonlyArray<{ id: number; quantity: number }>): Promise<BasketAddItemsResult> {
  return inTurn(async () => {
    const held = heldBasket();
    const added = (into: HeldBasket | null, result: BasketAddItemsResult) => {
      rememberFor(into, result);
      if (into?.basket_id === result.basket_id) result.items.forEach((item) => rememberAdded(item.id, item.added));
      return result;
    };
    try {
      return added(held, await addItems(items, held));
    } catch (error) {
      if (held === null || !isBasketGone(error)) throw error;
      dropBasket(held);
      return added(null, await addItems(items, null));
    }
  });
}

/**
 * A change of the held basket (a step, a removal, clearing). Null when there is no basket to change or its key
 * stopped working (then it is dropped); other failures went through the error catalogue and reject.
 */
function changeBasket(call: (held: HeldBasket) => Promise<BasketSummary>): Promise<BasketSummary | null> {
  return inTurn(async () => {
    const held = heldBasket();
    if (held === null) return null;
    try {
      return rememberFor(held, await call(held));
    } catch (error) {
      if (!isBasketGone(error)) throw error;
      dropBasket(held);
      return null;
    }
  });
}

export const stepLineQuantity = (lineId: number, step: 1 | -1) =>
  changeBasket((held) =>
    callShop('basket-changes-quantity-in-item', {
      body: { ...held, id: lineId, quantity_in_basket: step },
      handles: [404],
    }),
  );

export const setLineQuantity = (lineId: number, quantity: number) =>
  changeBasket((held) =>
    callShop('basket-set-item-quantity', {
      body: { ...held, id: lineId, quantity_in_basket: quantity },
      handles: [404],
    }),
  );

export const deleteLine = (lineId: number) =>
  changeBasket((held) => callShop('basket-delete-item', { body: { ...held, id: lineId }, handles: [404] }));

export const clearAllLines = () =>
  changeBasket((held) => callShop('basket-cleaning-all-items', { body: held, handles: [404] }));

/**
 * Reloads the held basket's count once a visit, dropping a dead key: the stored count may be days old, and the
 * key merged away at a login elsewhere. A failure leaves the count as it was; the basket page shows the truth.
 */
export async function refreshHeldBasket(): Promise<void> {
  await loadBasket().catch(() => undefined);
}
