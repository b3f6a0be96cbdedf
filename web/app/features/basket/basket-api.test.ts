import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { ApiError } from '../../lib/api/errors.ts';
import { EMPTY_BASKET, basketIds, forgetBasket, rememberBasket } from './held-basket.ts';
import {
  addToBasket,
  clearAllLines,
  deleteLine,
  loadBasket,
  refreshHeldBasket,
  stepLineQuantity,
} from './basket-api.ts';
import { checkoutPath, linesTotal } from './BasketCheckout.tsx';
import { basketNotFound, shownNotifications, serveBasketApi } from '../../../test/basket-server.ts';
import type { BasketItem } from '@detal/contract';

const server = serveBasketApi();

const summary = (basket_id: number, basket_key: string, total_positions_in_basket: number) => ({
  data: { basket_id, basket_key, total_positions_in_basket },
});

const hold = (basket_id: number, basket_key: string, total_positions_in_basket = 1) =>
  rememberBasket({ basket_id, basket_key, total_positions_in_basket });

describe('the basket held by the browser', () => {
  it('loads the basket and stores its ids and count', async () => {
    hold(7, 'key-7', 9);
    server.respond(() => [200, { data: { ...summary(7, 'key-7', 2).data, items: [] } }]);
    expect(await loadBasket()).toMatchObject({ basket_id: 7, total_positions_in_basket: 2 });
    expect(server.calls()).toEqual([{ path: 'basket-show', body: { basket_id: 7, basket_key: 'key-7' } }]);
    expect(basketIds()).toMatchObject({
      basket_id: 7,
      basket_key: 'key-7',
      total_positions_in_basket: 2,
    });
  });

  it('drops a basket whose key no longer works, quietly: no notification', async () => {
    hold(7, 'merged-away', 3);
    server.respond(() => basketNotFound);
    expect(await loadBasket()).toBeNull();
    expect(basketIds()).toMatchObject(EMPTY_BASKET);
    expect(shownNotifications()).toEqual([]);
  });

  it('keeps the basket when basket-show fails otherwise (server down), still without a notification', async () => {
    hold(7, 'key-7', 3);
    server.respond(() => [500, { message: 'Внутренняя ошибка', error: 'internal_error' }]);
    await expect(loadBasket()).rejects.toBeInstanceOf(ApiError);
    expect(basketIds()).toMatchObject({ basket_id: 7, total_positions_in_basket: 3 });
    expect(shownNotifications()).toEqual([]);
  });

  it('never brings back a basket the browser forgot while the call was under way (logout)', async () => {
    hold(7, 'key-7', 2);
    server.respond(() => [200, { data: { ...summary(7, 'key-7', 2).data, items: [] } }]);
    const loading = loadBasket();
    forgetBasket();
    expect(await loading).toMatchObject({ basket_id: 7 });
    expect(basketIds()).toMatchObject(EMPTY_BASKET);
  });

  it('asks nothing when the browser holds no basket', async () => {
    expect(await loadBasket()).toBeNull();
    expect(await stepLineQuantity(1, 1)).toBeNull();
    expect(server.calls()).toEqual([]);
  });

  it('refreshes the count of new ids given without one (the client basket after login)', async () => {
    hold(7, 'anonymous', 1);
    server.respond(() => [200, { data: { ...summary(20, 'client-key', 4).data, items: [] } }]);
    rememberBasket({ basket_id: 20, basket_key: 'client-key' });
    await refreshHeldBasket();
    await waitFor(() => expect(basketIds().total_positions_in_basket).toBe(4));
    expect(server.calls()).toEqual([{ path: 'basket-show', body: { basket_id: 20, basket_key: 'client-key' } }]);
  });
});

describe('adding to the basket', () => {
  it('starts a basket with null ids and stores what the server answered', async () => {
    server.respond(() => [200, summary(3, 'fresh', 1)]);
    await addToBasket(501, 2);
    expect(server.calls()).toEqual([
      { path: 'basket-add-item', body: { item: { id: 501 }, quantity: 2, basket_id: null, basket_key: null } },
    ]);
    expect(basketIds()).toMatchObject({
      basket_id: 3,
      basket_key: 'fresh',
      total_positions_in_basket: 1,
    });
  });

  it('starts a new basket, quietly, when the held key no longer works', async () => {
    hold(7, 'dead', 5);
    server.respond((_path, body) => (body.basket_id === 7 ? basketNotFound : [200, summary(8, 'new', 1)]));
    await addToBasket(501, 1);
    expect(server.calls().map((call) => [call.body.basket_id, call.body.basket_key])).toEqual([
      [7, 'dead'],
      [null, null],
    ]);
    expect(basketIds()).toMatchObject({ basket_id: 8, basket_key: 'new', total_positions_in_basket: 1 });
    expect(shownNotifications()).toEqual([]);
  });

  it('sends a second add clicked during the first into the basket the first one created', async () => {
    let lines = 0;
    server.respond(() => {
      lines += 1;
      return [200, summary(11, 'one', lines)];
    });
    await Promise.all([addToBasket(1, 1), addToBasket(2, 1)]);
    expect(server.calls().map((call) => call.body.basket_id)).toEqual([null, 11]);
    expect(basketIds().total_positions_in_basket).toBe(2);
  });

  it('rejects with the server message on 409 (the control shows it) and notifies nothing', async () => {
    hold(7, 'key-7', 1);
    const message = 'В наличии 5 шт., в корзине уже 3 шт.: можно добавить ещё не больше 2 шт.';
    server.respond(() => [409, { message, error: 'conflict' }]);
    const error: unknown = await addToBasket(501, 3).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message });
    expect(shownNotifications()).toEqual([]);
    expect(basketIds()).toMatchObject({ basket_id: 7, total_positions_in_basket: 1 });
  });
});

describe('changing the basket', () => {
  it('steps, deletes and clears with the held ids, storing the new count', async () => {
    hold(7, 'key-7', 3);
    let count = 3;
    server.respond((path) => {
      if (path !== 'basket-changes-quantity-in-item') count -= path === 'basket-delete-item' ? 1 : count;
      return [200, summary(7, 'key-7', count)];
    });
    await stepLineQuantity(40, -1);
    await deleteLine(41);
    expect(basketIds().total_positions_in_basket).toBe(2);
    await clearAllLines();
    expect(server.calls()).toEqual([
      {
        path: 'basket-changes-quantity-in-item',
        body: { basket_id: 7, basket_key: 'key-7', id: 40, quantity_in_basket: -1 },
      },
      { path: 'basket-delete-item', body: { basket_id: 7, basket_key: 'key-7', id: 41 } },
      { path: 'basket-cleaning-all-items', body: { basket_id: 7, basket_key: 'key-7' } },
    ]);
    expect(basketIds().total_positions_in_basket).toBe(0);
  });

  it('drops a basket whose key stopped working instead of reporting it', async () => {
    hold(7, 'dead', 3);
    server.respond(() => basketNotFound);
    expect(await deleteLine(41)).toBeNull();
    expect(basketIds()).toMatchObject(EMPTY_BASKET);
    expect(shownNotifications()).toEqual([]);
  });
});

describe('checkout and totals', () => {
  it('sends a visitor to sign-in and back to the basket, a client to the order form with the chosen lines', () => {
    expect(checkoutPath(false, [3, 5])).toBe('/login?next=%2Fcart');
    expect(checkoutPath(true, [3, 5, 12])).toBe('/orders/create?items=3,5,12');
  });

  it('adds line totals exactly, in kopecks', () => {
    const line = (price: number, quantity_in_basket: number) => ({ price, quantity_in_basket }) as BasketItem;
    expect(linesTotal([line(0.1, 3), line(0.2, 1)])).toBe(0.5);
    expect(linesTotal([line(512.4, 3), line(1800.5, 2)])).toBe(5138.2);
    expect(linesTotal([])).toBe(0);
  });
});

describe('the pieces of each offer the browser knows are in its basket («в корзине: N»)', () => {
  const item = (offer_id: number, quantity_in_basket: number) => ({ offer_id, quantity_in_basket }) as BasketItem;

  it("learns them from the basket's lines and counts its own adds on top", async () => {
    hold(7, 'key-7', 2);
    server.respond((path) =>
      path === 'basket-show'
        ? [200, { data: { ...summary(7, 'key-7', 2).data, items: [item(501, 3), item(502, 1)] } }]
        : [200, summary(7, 'key-7', 3)],
    );
    await loadBasket();
    expect(basketIds().pieces).toEqual({ 501: 3, 502: 1 });
    await addToBasket(501, 2);
    await addToBasket(503, 4);
    expect(basketIds().pieces).toEqual({ 501: 5, 502: 1, 503: 4 });
  });

  it('starts from the one line of a basket the add created, and forgets them with the basket', async () => {
    server.respond(() => [200, summary(3, 'fresh', 1)]);
    await addToBasket(501, 2);
    expect(basketIds().pieces).toEqual({ 501: 2 });
    forgetBasket();
    expect(basketIds().pieces).toBeUndefined();
  });

  it('does not guess for a basket of several lines it has not read (a signed-in client’s own) nor for a new id', async () => {
    server.respond(() => [200, summary(20, 'client-key', 4)]);
    await addToBasket(501, 2);
    expect(basketIds().pieces).toBeUndefined();
    hold(7, 'key-7', 1);
    server.respond(() => [200, { data: { ...summary(7, 'key-7', 1).data, items: [item(501, 1)] } }]);
    await loadBasket();
    rememberBasket({ basket_id: 9, basket_key: 'other' });
    expect(basketIds().pieces).toBeUndefined();
  });
});
