import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { basketItems, baskets } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { newBasketKey } from './basket-key.ts';
import { claimBasketForClient } from './merge.ts';
import {
  basketRow,
  insertBasket,
  insertClient,
  insertTestOffers,
  storedLines,
} from '../../../test/fixtures/baskets.ts';

describe('claimBasketForClient', () => {
  let database: Database;
  let offerIds: number[];

  beforeAll(async () => {
    database = await createTestDatabase();
    // Stock: A 4, B 10, C 10, D 0 (sold out since it was put in the basket).
    offerIds = await insertTestOffers(database.db, [
      { article: 'MRG-A', price: '100.00', quantity: 4 },
      { article: 'MRG-B', price: '50.00', quantity: 10 },
      { article: 'MRG-C', price: '95.00', quantity: 10 },
      { article: 'MRG-D', price: '10.00', quantity: 0 },
    ]);
  });

  afterAll(async () => {
    await database?.close();
  });

  const claim = (clientId: number, anonymous: { basket_id: number; basket_key: string } | null) =>
    database.db.transaction((tx) => claimBasketForClient(tx, clientId, anonymous));

  const clientBaskets = (clientId: number) => database.db.select().from(baskets).where(eq(baskets.clientId, clientId));

  it('creates the client basket once, with a random key of more than 128 bits, and finds it again', async () => {
    const clientId = await insertClient(database.db);
    const first = await claim(clientId, null);
    expect(first.basket_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(first.basket_key, 'base64url')).toHaveLength(24);
    const second = await claim(clientId, null);
    expect(second).toEqual(first);
    expect(await clientBaskets(clientId)).toHaveLength(1);
    expect((await basketRow(database.db, first.basket_id))?.clientId).toBe(clientId);
  });

  it('gives every concurrent login of one client the same single basket', async () => {
    const clientId = await insertClient(database.db);
    const results = await Promise.all(Array.from({ length: 12 }, () => claim(clientId, null)));
    expect(new Set(results.map((result) => result.basket_id)).size).toBe(1);
    expect(new Set(results.map((result) => result.basket_key)).size).toBe(1);
    expect(await clientBaskets(clientId)).toHaveLength(1);
  });

  it('merges an anonymous basket with overlapping offers: quantities add up to the stock, prices seen kept', async () => {
    const [a, b, c, d] = offerIds as [number, number, number, number];
    const { db } = database;
    const clientId = await insertClient(db);
    const ownKey = newBasketKey();
    const ownId = await insertBasket(db, ownKey, clientId, [
      { offerId: a, quantity: 2, priceSeen: '90.00' },
      { offerId: b, quantity: 1, priceSeen: '50.00' },
      { offerId: d, quantity: 1, priceSeen: '10.00' },
    ]);
    const anonymousKey = newBasketKey();
    const anonymousId = await insertBasket(db, anonymousKey, null, [
      { offerId: a, quantity: 3, priceSeen: '100.00' },
      { offerId: c, quantity: 25, priceSeen: '93.50' },
      { offerId: d, quantity: 2, priceSeen: '10.00' },
    ]);

    const claimed = await claim(clientId, { basket_id: anonymousId, basket_key: anonymousKey });

    expect(claimed).toEqual({ basket_id: ownId, basket_key: ownKey });
    expect(await storedLines(db, ownId)).toEqual([
      // 2 + 3 capped at the stock of 4; the client's own price seen stays.
      { offerId: a, quantity: 4, priceSeen: '90.00' },
      { offerId: b, quantity: 1, priceSeen: '50.00' },
      // New to the client: capped at the stock, with the price the visitor saw.
      { offerId: c, quantity: 10, priceSeen: '93.50' },
      // Sold out: a line never goes below 1; ordering it will tell the client.
      { offerId: d, quantity: 1, priceSeen: '10.00' },
    ]);
    expect(await basketRow(db, anonymousId)).toBeNull();
    expect(await db.select().from(basketItems).where(eq(basketItems.basketId, anonymousId))).toEqual([]);
  });

  it('turns the anonymous basket into a new client basket when the client had none', async () => {
    const [a, b] = offerIds as [number, number];
    const { db } = database;
    const clientId = await insertClient(db);
    const anonymousKey = newBasketKey();
    const anonymousId = await insertBasket(db, anonymousKey, null, [
      { offerId: a, quantity: 1, priceSeen: '100.00' },
      { offerId: b, quantity: 3, priceSeen: '49.00' },
    ]);

    const claimed = await claim(clientId, { basket_id: anonymousId, basket_key: anonymousKey });

    expect(claimed.basket_id).not.toBe(anonymousId);
    expect(claimed.basket_key).not.toBe(anonymousKey);
    expect(await storedLines(db, claimed.basket_id)).toEqual([
      { offerId: a, quantity: 1, priceSeen: '100.00' },
      { offerId: b, quantity: 3, priceSeen: '49.00' },
    ]);
    expect(await basketRow(db, anonymousId)).toBeNull();
  });

  it('leaves an anonymous basket alone when its key is wrong or its id unknown', async () => {
    const [a] = offerIds as [number];
    const { db } = database;
    const clientId = await insertClient(db);
    const anonymousKey = newBasketKey();
    const anonymousId = await insertBasket(db, anonymousKey, null, [{ offerId: a, quantity: 2, priceSeen: '100.00' }]);

    const wrongKey = await claim(clientId, { basket_id: anonymousId, basket_key: newBasketKey() });
    const prefixOfKey = await claim(clientId, { basket_id: anonymousId, basket_key: anonymousKey.slice(0, 16) });
    const unknownId = await claim(clientId, { basket_id: 2_000_000_000, basket_key: anonymousKey });

    expect(prefixOfKey).toEqual(wrongKey);
    expect(unknownId).toEqual(wrongKey);
    expect(await storedLines(db, wrongKey.basket_id)).toEqual([]);
    expect(await storedLines(db, anonymousId)).toEqual([{ offerId: a, quantity: 2, priceSeen: '100.00' }]);
    expect((await basketRow(db, anonymousId))?.clientId).toBeNull();
  });

  it("never takes another client's basket, even with its key", async () => {
    const [a] = offerIds as [number];
    const { db } = database;
    const owner = await insertClient(db, 'Владелец');
    const intruder = await insertClient(db, 'Чужой');
    const ownerKey = newBasketKey();
    const ownerBasketId = await insertBasket(db, ownerKey, owner, [{ offerId: a, quantity: 2, priceSeen: '100.00' }]);

    const claimed = await claim(intruder, { basket_id: ownerBasketId, basket_key: ownerKey });

    expect(claimed.basket_id).not.toBe(ownerBasketId);
    expect(await storedLines(db, claimed.basket_id)).toEqual([]);
    expect(await storedLines(db, ownerBasketId)).toEqual([{ offerId: a, quantity: 2, priceSeen: '100.00' }]);
    expect((await basketRow(db, ownerBasketId))?.clientId).toBe(owner);
  });

  it("does nothing when the visitor's basket already is the client's own", async () => {
    const [a] = offerIds as [number];
    const { db } = database;
    const clientId = await insertClient(db);
    const key = newBasketKey();
    const basketId = await insertBasket(db, key, clientId, [{ offerId: a, quantity: 2, priceSeen: '100.00' }]);

    expect(await claim(clientId, { basket_id: basketId, basket_key: key })).toEqual({
      basket_id: basketId,
      basket_key: key,
    });
    expect(await storedLines(db, basketId)).toEqual([{ offerId: a, quantity: 2, priceSeen: '100.00' }]);
  });

  it("runs inside the caller's transaction: a login that fails afterwards changes nothing", async () => {
    const [a] = offerIds as [number];
    const { db } = database;
    const clientId = await insertClient(db);
    const anonymousKey = newBasketKey();
    const anonymousId = await insertBasket(db, anonymousKey, null, [{ offerId: a, quantity: 1, priceSeen: '100.00' }]);

    await expect(
      db.transaction(async (tx) => {
        await claimBasketForClient(tx, clientId, { basket_id: anonymousId, basket_key: anonymousKey });
        throw new Error('session insert failed');
      }),
    ).rejects.toThrow('session insert failed');

    expect(await clientBaskets(clientId)).toEqual([]);
    expect(await storedLines(db, anonymousId)).toEqual([{ offerId: a, quantity: 1, priceSeen: '100.00' }]);
  });

  it('works given the database itself, in a transaction of its own', async () => {
    const [b] = offerIds as [number, number];
    const { db } = database;
    const clientId = await insertClient(db);
    const anonymousKey = newBasketKey();
    const anonymousId = await insertBasket(db, anonymousKey, null, [{ offerId: b, quantity: 2, priceSeen: '50.00' }]);

    const claimed = await claimBasketForClient(db, clientId, { basket_id: anonymousId, basket_key: anonymousKey });

    expect(await storedLines(db, claimed.basket_id)).toEqual([{ offerId: b, quantity: 2, priceSeen: '50.00' }]);
    expect(await basketRow(db, anonymousId)).toBeNull();
  });

  it('hands one anonymous basket claimed by two clients at once to exactly one of them', async () => {
    const [a, b] = offerIds as [number, number];
    const { db } = database;
    const first = await insertClient(db);
    const second = await insertClient(db);
    const anonymousKey = newBasketKey();
    const anonymousId = await insertBasket(db, anonymousKey, null, [
      { offerId: a, quantity: 1, priceSeen: '100.00' },
      { offerId: b, quantity: 2, priceSeen: '50.00' },
    ]);
    const ref = { basket_id: anonymousId, basket_key: anonymousKey };

    const [firstBasket, secondBasket] = await Promise.all([claim(first, ref), claim(second, ref)]);

    const linesOf = await Promise.all([
      storedLines(db, firstBasket.basket_id),
      storedLines(db, secondBasket.basket_id),
    ]);
    expect(linesOf.map((lines) => lines.length).sort()).toEqual([0, 2]);
    expect(await basketRow(db, anonymousId)).toBeNull();
  });

  it('merges two anonymous baskets brought by two concurrent logins of one client into one basket', async () => {
    const [a, b] = offerIds as [number, number];
    const { db } = database;
    const clientId = await insertClient(db);
    const keys = [newBasketKey(), newBasketKey()];
    const firstId = await insertBasket(db, keys[0]!, null, [{ offerId: a, quantity: 1, priceSeen: '100.00' }]);
    const secondId = await insertBasket(db, keys[1]!, null, [
      { offerId: a, quantity: 1, priceSeen: '100.00' },
      { offerId: b, quantity: 4, priceSeen: '50.00' },
    ]);

    const results = await Promise.all([
      claim(clientId, { basket_id: firstId, basket_key: keys[0]! }),
      claim(clientId, { basket_id: secondId, basket_key: keys[1]! }),
    ]);

    expect(results[0]).toEqual(results[1]);
    expect(await clientBaskets(clientId)).toHaveLength(1);
    expect(await storedLines(db, results[0].basket_id)).toEqual([
      { offerId: a, quantity: 2, priceSeen: '100.00' },
      { offerId: b, quantity: 4, priceSeen: '50.00' },
    ]);
  });
});
