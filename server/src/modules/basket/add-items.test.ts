import type { FastifyInstance } from 'fastify';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASKET_NOT_FOUND_MESSAGE, shopEndpoints, type BasketAddItemsResult } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { baskets } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { callShop, registerClient } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { insertTestOffers, storedLines } from '../../../test/fixtures/baskets.ts';
import { NOTHING_IN_STOCK_MESSAGE } from './service.ts';

/* basket-add-items: the list search's «Добавить выбранные в корзину», one transaction, each line clamped to stock. */

describe('basket-add-items', () => {
  let database: Database;
  let app: FastifyInstance;
  let filter: number;
  let pads: number;
  let soldOut: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    [filter, pads, soldOut] = (await insertTestOffers(database.db, [
      { article: 'OC 90', price: '512.40', quantity: 5, deliveryDays: 0 },
      { article: 'P-123/4', price: '2300.00', quantity: 1000, deliveryDays: 3 },
      { article: 'BELT-9', price: '1800.50', quantity: 0, deliveryDays: null },
    ])) as [number, number, number];
    ({ app } = await buildTestApp(database));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function addItems(body: object, token: string | null = null) {
    const response = await callShop(app, 'basket-add-items', { body, token });
    return { status: response.statusCode, body: response.json() };
  }

  async function added(body: object, token: string | null = null): Promise<BasketAddItemsResult> {
    const answer = await addItems(body, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return shopEndpoints['basket-add-items'].response.parse(answer.body).data;
  }

  const basketCount = async () => (await database.db.select({ rows: count() }).from(baskets))[0]!.rows;

  it('creates an anonymous basket with every line, clamped to stock, the same offer twice added up', async () => {
    const result = await added({
      items: [
        { id: filter, quantity: 4 },
        { id: pads, quantity: 2 },
        { id: filter, quantity: 3 },
        { id: soldOut, quantity: 1 },
      ],
    });
    expect(result.total_positions_in_basket).toBe(2);
    expect(result.items).toEqual(
      expect.arrayContaining([
        { id: filter, requested: 7, added: 5 },
        { id: pads, requested: 2, added: 2 },
        { id: soldOut, requested: 1, added: 0 },
      ]),
    );
    expect(await storedLines(database.db, result.basket_id)).toEqual([
      { offerId: filter, quantity: 5, priceSeen: '512.40' },
      { offerId: pads, quantity: 2, priceSeen: '2300.00' },
    ]);
  });

  it('adds to the lines a basket holds, within what the stock leaves', async () => {
    const first = await added({ items: [{ id: filter, quantity: 2 }] });
    const ref = { basket_id: first.basket_id, basket_key: first.basket_key };
    const second = await added({
      ...ref,
      items: [
        { id: filter, quantity: 9 },
        { id: pads, quantity: 1 },
      ],
    });
    expect(second.items).toEqual(
      expect.arrayContaining([
        { id: filter, requested: 9, added: 3 },
        { id: pads, requested: 1, added: 1 },
      ]),
    );
    const lines = await storedLines(database.db, first.basket_id);
    expect(lines.map((line) => [line.offerId, line.quantity])).toEqual([
      [filter, 5],
      [pads, 1],
    ]);
  });

  it('changes nothing when no offer has stock left: 409, and no new basket', async () => {
    const before = await basketCount();
    const refused = await addItems({
      items: [
        { id: soldOut, quantity: 1 },
        { id: 2_000_000_000, quantity: 1 },
      ],
    });
    expect(refused).toEqual({ status: 409, body: { message: NOTHING_IN_STOCK_MESSAGE, error: 'conflict' } });
    expect(await basketCount()).toBe(before);
  });

  it("puts a signed-in client's lines into their own basket; another's basket answers 404", async () => {
    const client = await registerClient(app);
    const result = await added({ items: [{ id: pads, quantity: 3 }] }, client.token);
    expect(result.basket_id).toBe(client.basket_id);
    const other = await registerClient(app);
    const foreign = await addItems(
      { basket_id: client.basket_id, basket_key: client.basket_key, items: [{ id: pads, quantity: 1 }] },
      other.token,
    );
    expect(foreign).toEqual({ status: 404, body: { message: BASKET_NOT_FOUND_MESSAGE, error: 'not_found' } });
    expect((await storedLines(database.db, client.basket_id)).map((line) => line.quantity)).toEqual([3]);
  });

  it('takes over an anonymous basket a signed-in client sends, as basket-add-item does', async () => {
    const anonymous = await added({ items: [{ id: filter, quantity: 1 }] });
    const client = await registerClient(app);
    const result = await added(
      { basket_id: anonymous.basket_id, basket_key: anonymous.basket_key, items: [{ id: pads, quantity: 2 }] },
      client.token,
    );
    expect(result.basket_id).toBe(client.basket_id);
    const lines = await storedLines(database.db, client.basket_id);
    expect(lines.map((line) => [line.offerId, line.quantity])).toEqual([
      [filter, 1],
      [pads, 2],
    ]);
  });

  it('serializes concurrent adds into one basket: the stock is never exceeded', async () => {
    const [scarce] = await insertTestOffers(database.db, [{ article: 'SCARCE-1', price: '10.00', quantity: 6 }]);
    const first = await added({ items: [{ id: pads, quantity: 1 }] });
    const ref = { basket_id: first.basket_id, basket_key: first.basket_key };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => addItems({ ...ref, items: [{ id: scarce!, quantity: 4 }] })),
    );
    const addedTotal = answers
      .filter((answer) => answer.status === 200)
      .reduce((sum, answer) => sum + (answer.body as { data: BasketAddItemsResult }).data.items[0]!.added, 0);
    expect(addedTotal).toBe(6);
    const line = (await storedLines(database.db, first.basket_id)).find((stored) => stored.offerId === scarce);
    expect(line?.quantity).toBe(6);
  });

  it('refuses bad input in the contract shape', async () => {
    const empty = await addItems({ items: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.error).toEqual({ items: ['Не выбрано ни одной позиции'] });
    const half = await addItems({ basket_id: 1, items: [{ id: pads, quantity: 1 }] });
    expect(half.status).toBe(422);
    const zero = await addItems({ items: [{ id: pads, quantity: 0 }] });
    expect(zero.status).toBe(422);
  });
});
