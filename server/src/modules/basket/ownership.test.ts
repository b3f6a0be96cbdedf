import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASKET_NOT_FOUND_MESSAGE, type BasketRef } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/handlers.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { newBasketKey } from './basket-key.ts';
import { claimBasketForClient } from './merge.ts';
import { addItem, clearBasket, removeLine, showBasket, stepQuantity } from './service.ts';
import {
  basketRow,
  insertBasket,
  insertClient,
  insertTestOffers,
  storedLines,
} from '../../../test/fixtures/baskets.ts';

/**
 * Who may use which basket, with the caller as the auth module resolves it from a token (the HTTP layer hands
 * the service exactly this AuthContext).
 */
describe('basket ownership', () => {
  let database: Database;
  let filter: number;
  let pads: number;
  let alice: AuthContext;
  let bob: AuthContext;
  const visitor: AuthContext = { clientId: null, sessionId: null };

  beforeAll(async () => {
    database = await createTestDatabase();
    [filter, pads] = (await insertTestOffers(database.db, [
      { article: 'OWN-1', price: '100.00', quantity: 10 },
      { article: 'OWN-2', price: '200.00', quantity: 10 },
    ])) as [number, number];
    alice = { clientId: await insertClient(database.db, 'Алиса'), sessionId: 1 };
    bob = { clientId: await insertClient(database.db, 'Боб'), sessionId: 2 };
  });

  afterAll(async () => {
    await database?.close();
  });

  const expectBasketNotFound = async (promise: Promise<unknown>) => {
    const error: unknown = await promise.then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 404, message: BASKET_NOT_FOUND_MESSAGE });
  };

  const ownBasketOf = (auth: AuthContext) =>
    database.db.transaction((tx) => claimBasketForClient(tx, auth.clientId!, null));

  it("a client's basket answers its owner, and 404 to another client and to a visitor, even with the key", async () => {
    const own = await ownBasketOf(alice);
    await addItem(database.db, { ...own, item: { id: filter }, quantity: 2 }, alice);
    const { db } = database;
    const [line] = (await showBasket(db, own, alice)).items;

    for (const stranger of [bob, visitor]) {
      await expectBasketNotFound(showBasket(db, own, stranger));
      await expectBasketNotFound(addItem(db, { ...own, item: { id: pads }, quantity: 1 }, stranger));
      await expectBasketNotFound(stepQuantity(db, own, line!.id, 1, stranger));
      await expectBasketNotFound(removeLine(db, own, line!.id, stranger));
      await expectBasketNotFound(clearBasket(db, own, stranger));
    }
    expect(await storedLines(db, own.basket_id)).toEqual([{ offerId: filter, quantity: 2, priceSeen: '100.00' }]);
    expect((await showBasket(db, own, alice)).items).toHaveLength(1);
  });

  it('a signed-in client adding with no ids adds to their own basket', async () => {
    const { db } = database;
    const summary = await addItem(db, { basket_id: null, basket_key: null, item: { id: pads }, quantity: 1 }, bob);
    expect(summary).toEqual({ ...(await ownBasketOf(bob)), total_positions_in_basket: 1 });
    expect((await basketRow(db, summary.basket_id))?.clientId).toBe(bob.clientId);
  });

  it('a signed-in client reading an anonymous basket they hold gets it merged into theirs, with their ids', async () => {
    const { db } = database;
    const client: AuthContext = { clientId: await insertClient(db), sessionId: 3 };
    const anonymous: BasketRef = { basket_id: 0, basket_key: newBasketKey() };
    anonymous.basket_id = await insertBasket(db, anonymous.basket_key, null, [
      { offerId: filter, quantity: 3, priceSeen: '100.00' },
    ]);

    const shown = await showBasket(db, anonymous, client);

    const own = await ownBasketOf(client);
    expect(shown).toMatchObject({
      ...own,
      total_positions_in_basket: 1,
      items: [{ offer_id: filter, quantity_in_basket: 3 }],
    });
    await expectBasketNotFound(showBasket(db, anonymous, visitor));
    expect(await basketRow(db, anonymous.basket_id)).toBeNull();
  });

  it('a signed-in client adding to an anonymous basket they hold gets it merged and the line added', async () => {
    const { db } = database;
    const client: AuthContext = { clientId: await insertClient(db), sessionId: 4 };
    const anonymous: BasketRef = { basket_id: 0, basket_key: newBasketKey() };
    anonymous.basket_id = await insertBasket(db, anonymous.basket_key, null, [
      { offerId: filter, quantity: 1, priceSeen: '100.00' },
    ]);

    const summary = await addItem(db, { ...anonymous, item: { id: pads }, quantity: 2 }, client);

    expect(summary).toEqual({ ...(await ownBasketOf(client)), total_positions_in_basket: 2 });
    expect(await storedLines(db, summary.basket_id)).toEqual([
      { offerId: filter, quantity: 1, priceSeen: '100.00' },
      { offerId: pads, quantity: 2, priceSeen: '200.00' },
    ]);
  });

  it('anyone holding an anonymous basket key may change it; a visitor never gets a client basket for null ids', async () => {
    const { db } = database;
    const created = await addItem(
      db,
      { basket_id: null, basket_key: null, item: { id: filter }, quantity: 1 },
      visitor,
    );
    expect((await basketRow(db, created.basket_id))?.clientId).toBeNull();
    const [line] = (await showBasket(db, created, visitor)).items;
    // Steps by a signed-in holder of the key work on the anonymous basket itself.
    await stepQuantity(db, created, line!.id, 1, alice);
    expect(await storedLines(db, created.basket_id)).toEqual([{ offerId: filter, quantity: 2, priceSeen: '100.00' }]);
  });
});
