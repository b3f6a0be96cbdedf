import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASKET_NOT_FOUND_MESSAGE,
  SHOP_API_PREFIX,
  shopEndpoints,
  type Basket,
  type BasketSummary,
} from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { basketItems, baskets, offers } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { claimBasketForClient } from './merge.ts';
import { BASKET_ITEM_NOT_FOUND_MESSAGE, OFFER_NOT_FOUND_MESSAGE } from './service.ts';
import { insertClient, insertTestOffers, offerFixtures, storedLines } from '../../../test/fixtures/baskets.ts';

type ShopPath = keyof typeof shopEndpoints & `basket-${string}`;

interface Answer<T> {
  status: number;
  body: T;
}

const basketNotFoundBody = { message: BASKET_NOT_FOUND_MESSAGE, error: 'not_found' };

describe('basket API', () => {
  let database: Database;
  let app: FastifyInstance;
  /** Offer ids: filter (stock 5), pads (stock 1000, on order), belt (sold out), 50 small parts (stock 10). */
  let filter: number;
  let pads: number;
  let soldOut: number;
  let manyOffers: number[];

  beforeAll(async () => {
    database = await createTestDatabase();
    [filter, pads, soldOut] = (await insertTestOffers(database.db, [
      {
        article: 'OC 90',
        description: 'Фильтр масляный',
        price: '512.40',
        quantity: 5,
        deliveryDays: 0,
        weight: '0.250',
      },
      { article: 'P-123/4', description: 'Колодки тормозные', price: '2300.00', quantity: 1000, deliveryDays: 3 },
      { article: 'BELT-9', description: 'Ремень ГРМ', price: '1800.50', quantity: 0, deliveryDays: null },
    ])) as [number, number, number];
    manyOffers = await insertTestOffers(database.db, offerFixtures(50, '10.00', 10));
    ({ app } = await buildTestApp(database));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function call<T = unknown>(path: ShopPath, payload: object): Promise<Answer<T>> {
    const response = await app.inject({ method: 'POST', url: SHOP_API_PREFIX + path, payload });
    return { status: response.statusCode, body: response.json() };
  }

  /** A call that must succeed; its body is checked against the contract's response schema. */
  async function ok<T>(path: ShopPath, payload: object): Promise<T> {
    const { status, body } = await call<{ data: T }>(path, payload);
    expect({ path, status, body }).toMatchObject({ path, status: 200 });
    expect(shopEndpoints[path].response.parse(body)).toEqual(body);
    return body.data;
  }

  const newBasket = (offerId: number, quantity = 1) =>
    ok<BasketSummary>('basket-add-item', { item: { id: offerId }, quantity, basket_id: null, basket_key: null });

  const ref = ({ basket_id, basket_key }: BasketSummary) => ({ basket_id, basket_key });

  const basketCount = async () => (await database.db.select({ n: count() }).from(baskets))[0]!.n;

  describe('basket-add-item', () => {
    it('starts a new basket for null ids, with a random key of 192 bits, and shows the offer from the database', async () => {
      const summary = await newBasket(filter, 2);
      expect(summary.total_positions_in_basket).toBe(1);
      expect(summary.basket_key).toMatch(/^[A-Za-z0-9_-]{32}$/);

      const basket = await ok<Basket>('basket-show', ref(summary));
      const [line] = await database.db.select().from(basketItems).where(eq(basketItems.basketId, summary.basket_id));
      expect(basket).toEqual({
        ...ref(summary),
        total_positions_in_basket: 1,
        items: [
          {
            id: line!.id,
            offer_id: filter,
            article: 'OC 90',
            brand_name: expect.stringMatching(/^BASKETBRAND/),
            description: 'Фильтр масляный',
            delivery: 0,
            // The neutral display name: the real one («Поставщик корзины…») never reaches the client.
            supplier_name: expect.stringMatching(/^Склад \d+$/),
            delivery_probability: null,
            price: 512.4,
            quantity: 5,
            weight: 0.25,
            quantity_in_basket: 2,
            price_changed: false,
            delivery_stats: null,
          },
        ],
      });
    });

    it('takes only item.id: a forged price and other fields in item are ignored', async () => {
      const forged = await ok<BasketSummary>('basket-add-item', {
        item: { id: pads, price: 0.01, article: 'FAKE', brand_name: 'FAKE', quantity: 1_000_000, delivery: 0 },
        basket_id: null,
        basket_key: null,
      });
      const basket = await ok<Basket>('basket-show', ref(forged));
      expect(basket.items).toMatchObject([
        { offer_id: pads, article: 'P-123/4', price: 2300, quantity: 1000, delivery: 3, quantity_in_basket: 1 },
      ]);
      expect(await storedLines(database.db, forged.basket_id)).toEqual([
        { offerId: pads, quantity: 1, priceSeen: '2300.00' },
      ]);
    });

    it('adds to the held basket; the same offer again raises its quantity, lines are counted, not pieces', async () => {
      const summary = await newBasket(filter);
      const second = await ok<BasketSummary>('basket-add-item', { ...ref(summary), item: { id: pads }, quantity: 4 });
      expect(second).toEqual({ ...ref(summary), total_positions_in_basket: 2 });
      const third = await ok<BasketSummary>('basket-add-item', { ...ref(summary), item: { id: filter }, quantity: 3 });
      expect(third.total_positions_in_basket).toBe(2);
      expect(await storedLines(database.db, summary.basket_id)).toEqual([
        { offerId: filter, quantity: 4, priceSeen: '512.40' },
        { offerId: pads, quantity: 4, priceSeen: '2300.00' },
      ]);
    });

    it('answers 409 with a clear message past the stock, counting what is in the basket, and changes nothing', async () => {
      const summary = await newBasket(filter, 3);
      const past = await call('basket-add-item', { ...ref(summary), item: { id: filter }, quantity: 3 });
      expect(past).toEqual({
        status: 409,
        body: {
          message: 'В наличии 5 шт., в корзине уже 3 шт.: можно добавить ещё не больше 2 шт.',
          error: 'conflict',
        },
      });
      await ok('basket-add-item', { ...ref(summary), item: { id: filter }, quantity: 2 });
      const full = await call('basket-add-item', { ...ref(summary), item: { id: filter } });
      expect(full).toEqual({
        status: 409,
        body: { message: 'В корзине уже 5 шт. — это всё, что есть в наличии', error: 'conflict' },
      });
      const soldOutAnswer = await call('basket-add-item', { ...ref(summary), item: { id: soldOut } });
      expect(soldOutAnswer).toEqual({
        status: 409,
        body: { message: 'Этого товара сейчас нет в наличии', error: 'conflict' },
      });
      expect(await storedLines(database.db, summary.basket_id)).toEqual([
        { offerId: filter, quantity: 5, priceSeen: '512.40' },
      ]);
    });

    it('creates no basket when the first add is refused', async () => {
      const before = await basketCount();
      const tooMany = await call('basket-add-item', {
        item: { id: filter },
        quantity: 6,
        basket_id: null,
        basket_key: null,
      });
      expect(tooMany).toEqual({
        status: 409,
        body: { message: 'В наличии только 5 шт., добавить 6 шт. нельзя', error: 'conflict' },
      });
      const unknownOffer = await call('basket-add-item', {
        item: { id: 2_000_000_000 },
        basket_id: null,
        basket_key: null,
      });
      expect(unknownOffer).toEqual({ status: 404, body: { message: OFFER_NOT_FOUND_MESSAGE, error: 'not_found' } });
      expect(await basketCount()).toBe(before);
    });

    it('answers 404 "Корзина не найдена" for a wrong key and an unknown id alike, and adds nothing', async () => {
      const summary = await newBasket(filter);
      const wrongKey = await call('basket-add-item', {
        basket_id: summary.basket_id,
        basket_key: 'x'.repeat(32),
        item: { id: pads },
      });
      const unknownId = await call('basket-add-item', {
        basket_id: 2_000_000_000,
        basket_key: summary.basket_key,
        item: { id: pads },
      });
      expect(wrongKey).toEqual({ status: 404, body: basketNotFoundBody });
      expect(unknownId).toEqual({ status: 404, body: basketNotFoundBody });
      expect(await storedLines(database.db, summary.basket_id)).toHaveLength(1);
    });

    it('answers 422 for a missing item, a quantity below 1, half a basket pair and a non-numeric id', async () => {
      const cases: Array<[object, string]> = [
        [{ basket_id: null, basket_key: null }, 'item'],
        [{ item: { id: filter }, quantity: 0 }, 'quantity'],
        [{ item: { id: filter }, quantity: 1.5 }, 'quantity'],
        [{ item: { id: filter }, basket_id: 5 }, 'basket_key'],
        [{ item: { id: 'seven' } }, 'item.id'],
      ];
      for (const [payload, field] of cases) {
        const { status, body } = await call<{ error: Record<string, string[]> }>('basket-add-item', payload);
        expect({ payload, status }).toEqual({ payload, status: 422 });
        expect(Object.keys(body.error), JSON.stringify(payload)).toContain(field);
      }
    });
  });

  describe('basket-show', () => {
    it('tells when an offer price moved since the line was added, and shows the current price', async () => {
      const [offerId] = await insertTestOffers(database.db, [{ article: 'PRICE-1', price: '100.00', quantity: 3 }]);
      const summary = await newBasket(offerId!);
      await database.db.update(offers).set({ price: '120.50' }).where(eq(offers.id, offerId!));
      const moved = await ok<Basket>('basket-show', ref(summary));
      expect(moved.items).toMatchObject([{ offer_id: offerId, price: 120.5, price_changed: true }]);
      // Added again at the new price, which the visitor has now seen.
      await ok('basket-add-item', { ...ref(summary), item: { id: offerId } });
      const seen = await ok<Basket>('basket-show', ref(summary));
      expect(seen.items).toMatchObject([
        { offer_id: offerId, price: 120.5, price_changed: false, quantity_in_basket: 2 },
      ]);
    });

    it('shows the lines in the order they were added', async () => {
      const summary = await newBasket(pads);
      await ok('basket-add-item', { ...ref(summary), item: { id: filter } });
      const basket = await ok<Basket>('basket-show', ref(summary));
      expect(basket.items.map((item) => item.offer_id)).toEqual([pads, filter]);
      expect(basket.total_positions_in_basket).toBe(2);
    });

    it('answers 404 for a wrong key, 422 for a missing key', async () => {
      const summary = await newBasket(pads);
      expect(
        await call('basket-show', { basket_id: summary.basket_id, basket_key: summary.basket_key.slice(1) }),
      ).toEqual({
        status: 404,
        body: basketNotFoundBody,
      });
      const missing = await call<{ error: Record<string, string[]> }>('basket-show', { basket_id: summary.basket_id });
      expect(missing.status).toBe(422);
      expect(missing.body.error).toHaveProperty('basket_key');
    });
  });

  describe('basket-changes-quantity-in-item', () => {
    const lineOf = async (summary: BasketSummary) => (await ok<Basket>('basket-show', ref(summary))).items[0]!;

    it('steps by +1 and -1 within 1 and the stock', async () => {
      const summary = await newBasket(filter, 4);
      const { id } = await lineOf(summary);
      const step = (quantity_in_basket: 1 | -1) =>
        ok<BasketSummary>('basket-changes-quantity-in-item', { ...ref(summary), id, quantity_in_basket });

      expect(await step(1)).toEqual({ ...ref(summary), total_positions_in_basket: 1 });
      expect((await lineOf(summary)).quantity_in_basket).toBe(5);
      await step(1);
      expect((await lineOf(summary)).quantity_in_basket).toBe(5);
      for (let index = 0; index < 6; index += 1) await step(-1);
      expect((await lineOf(summary)).quantity_in_basket).toBe(1);
      await step(1);
      expect((await lineOf(summary)).quantity_in_basket).toBe(2);
    });

    it('brings a quantity above a fallen stock down to the stock', async () => {
      const [offerId] = await insertTestOffers(database.db, [{ article: 'FALL-1', price: '10.00', quantity: 8 }]);
      const summary = await newBasket(offerId!, 6);
      await database.db.update(offers).set({ quantity: 3 }).where(eq(offers.id, offerId!));
      const { id } = await lineOf(summary);
      await ok('basket-changes-quantity-in-item', { ...ref(summary), id, quantity_in_basket: -1 });
      expect((await lineOf(summary)).quantity_in_basket).toBe(3);
    });

    it('answers 404 for a line of another basket and for a wrong key, 422 for a step other than ±1', async () => {
      const mine = await newBasket(filter);
      const other = await newBasket(pads);
      const otherLine = await lineOf(other);
      expect(
        await call('basket-changes-quantity-in-item', { ...ref(mine), id: otherLine.id, quantity_in_basket: 1 }),
      ).toEqual({ status: 404, body: { message: BASKET_ITEM_NOT_FOUND_MESSAGE, error: 'not_found' } });
      expect(
        await call('basket-changes-quantity-in-item', {
          basket_id: other.basket_id,
          basket_key: mine.basket_key,
          id: otherLine.id,
          quantity_in_basket: 1,
        }),
      ).toEqual({ status: 404, body: basketNotFoundBody });
      expect((await lineOf(other)).quantity_in_basket).toBe(1);
      for (const quantity_in_basket of [2, 0, '+1']) {
        const answer = await call<{ error: Record<string, string[]> }>('basket-changes-quantity-in-item', {
          ...ref(other),
          id: otherLine.id,
          quantity_in_basket,
        });
        expect(answer.status).toBe(422);
        expect(answer.body.error).toHaveProperty('quantity_in_basket');
      }
    });
  });

  describe('basket-set-item-quantity: a typed quantity (issue 26: 40 spark plugs are not 39 clicks)', () => {
    const lineOf = async (summary: BasketSummary) => (await ok<Basket>('basket-show', ref(summary))).items[0]!;

    it('sets the quantity typed, kept within 1 and the stock; another basket’s line is a 404; bad input a 422', async () => {
      const [offerId] = await insertTestOffers(database.db, [{ article: 'PLUG-40', price: '250.00', quantity: 60 }]);
      const summary = await newBasket(offerId!);
      const { id } = await lineOf(summary);
      const set = (quantity_in_basket: unknown) =>
        call<{ error?: Record<string, string[]> }>('basket-set-item-quantity', {
          ...ref(summary),
          id,
          quantity_in_basket,
        });

      expect((await set(40)).status).toBe(200);
      expect((await lineOf(summary)).quantity_in_basket).toBe(40);
      expect((await set(500)).status).toBe(200);
      expect((await lineOf(summary)).quantity_in_basket).toBe(60);
      for (const bad of [0, -3, 2.5, 'сорок']) {
        const answer = await set(bad);
        expect(answer.status).toBe(422);
        expect(answer.body.error).toHaveProperty('quantity_in_basket');
      }
      expect((await lineOf(summary)).quantity_in_basket).toBe(60);

      const other = await newBasket(pads);
      const otherLine = await lineOf(other);
      expect(
        await call('basket-set-item-quantity', { ...ref(summary), id: otherLine.id, quantity_in_basket: 3 }),
      ).toEqual({ status: 404, body: { message: BASKET_ITEM_NOT_FOUND_MESSAGE, error: 'not_found' } });
      expect((await lineOf(other)).quantity_in_basket).toBe(1);
    });
  });

  describe('basket-delete-item and basket-cleaning-all-items', () => {
    it('deletes one line, answering the new count; a line it does not hold is a 404', async () => {
      const summary = await newBasket(filter);
      await ok('basket-add-item', { ...ref(summary), item: { id: pads } });
      const basket = await ok<Basket>('basket-show', ref(summary));
      const padsLine = basket.items.find((item) => item.offer_id === pads)!;

      expect(await ok('basket-delete-item', { ...ref(summary), id: padsLine.id })).toEqual({
        ...ref(summary),
        total_positions_in_basket: 1,
      });
      expect(await call('basket-delete-item', { ...ref(summary), id: padsLine.id })).toEqual({
        status: 404,
        body: { message: BASKET_ITEM_NOT_FOUND_MESSAGE, error: 'not_found' },
      });
      expect(
        await call('basket-delete-item', { ...ref(summary), basket_key: 'wrong', id: basket.items[0]!.id }),
      ).toEqual({
        status: 404,
        body: basketNotFoundBody,
      });
      expect((await call('basket-delete-item', ref(summary))).status).toBe(422);
      expect(await storedLines(database.db, summary.basket_id)).toEqual([
        { offerId: filter, quantity: 1, priceSeen: '512.40' },
      ]);
    });

    it('clears every line; the emptied basket keeps working', async () => {
      const summary = await newBasket(filter);
      await ok('basket-add-item', { ...ref(summary), item: { id: pads } });
      expect(await ok('basket-cleaning-all-items', ref(summary))).toEqual({
        ...ref(summary),
        total_positions_in_basket: 0,
      });
      expect(await ok<Basket>('basket-show', ref(summary))).toEqual({
        ...ref(summary),
        total_positions_in_basket: 0,
        items: [],
      });
      expect(await call('basket-cleaning-all-items', { ...ref(summary), basket_key: 'wrong' })).toEqual({
        status: 404,
        body: basketNotFoundBody,
      });
      expect((await call('basket-cleaning-all-items', { basket_id: summary.basket_id })).status).toBe(422);
      expect(
        (await ok<BasketSummary>('basket-add-item', { ...ref(summary), item: { id: pads } })).total_positions_in_basket,
      ).toBe(1);
    });
  });

  describe('under concurrency', () => {
    it('100 concurrent +1 steps on one line end at exactly the right quantity', async () => {
      const summary = await newBasket(pads);
      const { id } = (await ok<Basket>('basket-show', ref(summary))).items[0]!;
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          call('basket-changes-quantity-in-item', { ...ref(summary), id, quantity_in_basket: 1 }),
        ),
      );
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect(await storedLines(database.db, summary.basket_id)).toEqual([
        { offerId: pads, quantity: 101, priceSeen: '2300.00' },
      ]);
    });

    it('100 concurrent +1 steps stop exactly at the stock', async () => {
      const [offerId] = await insertTestOffers(database.db, [{ article: 'CAP-60', price: '1.00', quantity: 60 }]);
      const summary = await newBasket(offerId!);
      const { id } = (await ok<Basket>('basket-show', ref(summary))).items[0]!;
      await Promise.all(
        Array.from({ length: 100 }, () =>
          ok('basket-changes-quantity-in-item', { ...ref(summary), id, quantity_in_basket: 1 }),
        ),
      );
      expect((await storedLines(database.db, summary.basket_id))[0]?.quantity).toBe(60);
    });

    it('100 concurrent steps, +1 and -1 alternating, cancel out exactly', async () => {
      const summary = await newBasket(pads, 200);
      const { id } = (await ok<Basket>('basket-show', ref(summary))).items[0]!;
      await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          ok('basket-changes-quantity-in-item', { ...ref(summary), id, quantity_in_basket: index % 2 === 0 ? 1 : -1 }),
        ),
      );
      expect((await storedLines(database.db, summary.basket_id))[0]?.quantity).toBe(200);
    });

    it('50 concurrent adds of different offers to one new basket leave 50 lines', async () => {
      const summary = await newBasket(manyOffers[0]!);
      const answers = await Promise.all(
        manyOffers
          .slice(1)
          .map((offerId) => ok<BasketSummary>('basket-add-item', { ...ref(summary), item: { id: offerId } })),
      );
      expect(answers.every((answer) => answer.basket_id === summary.basket_id)).toBe(true);
      const basket = await ok<Basket>('basket-show', ref(summary));
      expect(basket.total_positions_in_basket).toBe(50);
      expect(new Set(basket.items.map((item) => item.offer_id))).toEqual(new Set(manyOffers));
    });

    it('30 concurrent adds of one offer with a stock of 20: exactly 20 succeed, the rest get 409', async () => {
      const [offerId] = await insertTestOffers(database.db, [{ article: 'RACE-20', price: '5.00', quantity: 20 }]);
      const [otherId] = await insertTestOffers(database.db, [{ article: 'RACE-OTHER', price: '5.00', quantity: 20 }]);
      const summary = await newBasket(otherId!);
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => call('basket-add-item', { ...ref(summary), item: { id: offerId } })),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(20);
      expect(statuses.filter((status) => status === 409)).toHaveLength(10);
      expect(
        (await storedLines(database.db, summary.basket_id)).find((line) => line.offerId === offerId)?.quantity,
      ).toBe(20);
    });
  });

  describe('after a merge at login', () => {
    it('the old anonymous key stops working everywhere; the lines are in the client basket', async () => {
      const anonymous = await newBasket(filter, 2);
      await ok('basket-add-item', { ...ref(anonymous), item: { id: pads } });
      const { id: lineId } = (await ok<Basket>('basket-show', ref(anonymous))).items[0]!;
      const clientId = await insertClient(database.db);

      const own = await database.db.transaction((tx) => claimBasketForClient(tx, clientId, ref(anonymous)));

      expect(await storedLines(database.db, own.basket_id)).toEqual([
        { offerId: filter, quantity: 2, priceSeen: '512.40' },
        { offerId: pads, quantity: 1, priceSeen: '2300.00' },
      ]);
      const old = ref(anonymous);
      for (const [path, payload] of [
        ['basket-show', old],
        ['basket-add-item', { ...old, item: { id: pads } }],
        ['basket-changes-quantity-in-item', { ...old, id: lineId, quantity_in_basket: 1 }],
        ['basket-delete-item', { ...old, id: lineId }],
        ['basket-cleaning-all-items', old],
      ] as const) {
        expect(await call(path, payload), path).toEqual({ status: 404, body: basketNotFoundBody });
      }
    });

    it('registration and login over HTTP merge the anonymous basket; only the signed-in owner reaches the result', async () => {
      const anonymous = await newBasket(filter, 2);
      await ok('basket-add-item', { ...ref(anonymous), item: { id: pads }, quantity: 3 });
      const email = `merge-${Date.now()}@example.ru`;
      const registered = await app.inject({
        method: 'POST',
        url: `${SHOP_API_PREFIX}client-registration`,
        payload: {
          email,
          password: 'correct-horse-1',
          password_confirmation: 'correct-horse-1',
          first_name: 'Ирина',
          last_name: 'Петрова',
          phone_number: '+7 999 123-45-67',
          ...ref(anonymous),
        },
      });
      expect(registered.statusCode).toBe(200);
      const client = (registered.json() as { data: { client: { access_token: string } & BasketSummary } }).data.client;
      expect(client.basket_id).not.toBe(anonymous.basket_id);
      expect(await call('basket-show', ref(anonymous))).toEqual({ status: 404, body: basketNotFoundBody });

      // Another anonymous basket, overlapping on the filter, brought to a later login.
      const second = await newBasket(filter, 2);
      const login = await app.inject({
        method: 'POST',
        url: `${SHOP_API_PREFIX}client-login`,
        payload: { email, password: 'correct-horse-1', ...ref(second) },
      });
      expect(login.statusCode).toBe(200);
      const again = (login.json() as { data: { client: { access_token: string } & BasketSummary } }).data.client;
      expect(ref(again as BasketSummary)).toEqual({ basket_id: client.basket_id, basket_key: client.basket_key });

      const show = (token: string | null) =>
        app.inject({
          method: 'POST',
          url: `${SHOP_API_PREFIX}basket-show`,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          payload: { basket_id: client.basket_id, basket_key: client.basket_key },
        });
      const owner = await show(again.access_token);
      expect(owner.statusCode).toBe(200);
      // The filter: 2 + 2 (within its stock of 5); the pads: 3, only in the first basket.
      expect((owner.json() as { data: Basket }).data.items).toMatchObject([
        { offer_id: filter, quantity_in_basket: 4 },
        { offer_id: pads, quantity_in_basket: 3 },
      ]);
      expect(await call('basket-show', ref(second))).toEqual({ status: 404, body: basketNotFoundBody });
      expect((await show(null)).statusCode).toBe(404);
      expect((await show('forged-token-of-nobody')).statusCode).toBe(404);
      const stranger = await app.inject({
        method: 'POST',
        url: `${SHOP_API_PREFIX}client-registration`,
        payload: {
          email: `stranger-${Date.now()}@example.ru`,
          password: 'another-pass-2',
          password_confirmation: 'another-pass-2',
          first_name: 'Олег',
          last_name: 'Сидоров',
          phone_number: '8 (999) 765 43 21',
        },
      });
      const strangerToken = (stranger.json() as { data: { client: { access_token: string } } }).data.client
        .access_token;
      expect((await show(strangerToken)).json()).toEqual(basketNotFoundBody);
    });

    it("a client's basket is not reachable with its key and no session", async () => {
      const clientId = await insertClient(database.db);
      const own = await database.db.transaction((tx) => claimBasketForClient(tx, clientId, null));
      expect(await call('basket-show', own)).toEqual({ status: 404, body: basketNotFoundBody });
      expect(await call('basket-add-item', { ...own, item: { id: pads } })).toEqual({
        status: 404,
        body: basketNotFoundBody,
      });
      expect(await storedLines(database.db, own.basket_id)).toEqual([]);
    });
  });
});
