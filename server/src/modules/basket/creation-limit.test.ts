import type { FastifyInstance } from 'fastify';
import { count, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { baskets } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { callShop, freshAddress, registerClient } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { insertTestOffers } from '../../../test/fixtures/baskets.ts';
import { BASKET_CREATION_MAX } from './limits.ts';

let database: Database;
let app: FastifyInstance;
let offerId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  [offerId] = (await insertTestOffers(database.db, [{ article: 'LIMIT-1', price: '99.90', quantity: 1000 }])) as [
    number,
  ];
  ({ app } = await buildTestApp(database));
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const anonymousBaskets = async () =>
  (await database.db.select({ n: count() }).from(baskets).where(isNull(baskets.clientId)))[0]!.n;

const addToNewBasket = (remoteAddress: string, token: string | null = null) =>
  callShop(app, 'basket-add-item', {
    remoteAddress,
    token,
    body: { basket_id: null, basket_key: null, item: { id: offerId }, quantity: 1 },
  });

describe(`new anonymous baskets: ${BASKET_CREATION_MAX} per address and 10 minutes`, () => {
  it('answers 429 in the contract’s shape with Retry-After past the limit, and creates no basket', async () => {
    const address = freshAddress();
    const before = await anonymousBaskets();
    let held = { basket_id: 0, basket_key: '' };
    for (let created = 0; created < BASKET_CREATION_MAX; created += 1) {
      const response = await addToNewBasket(address);
      expect(response.statusCode).toBe(200);
      held = (response.json() as { data: typeof held }).data;
    }
    expect(await anonymousBaskets()).toBe(before + BASKET_CREATION_MAX);

    const refused = await addToNewBasket(address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Слишком много запросов. Подождите немного и попробуйте снова',
      error: 'too_many_requests',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await anonymousBaskets()).toBe(before + BASKET_CREATION_MAX);

    // The limit is on creating: the same address still fills a basket it holds, and other addresses create.
    const intoHeld = await callShop(app, 'basket-add-item', {
      remoteAddress: address,
      body: { ...held, item: { id: offerId }, quantity: 1 },
    });
    expect(intoHeld.statusCode).toBe(200);
    expect((await addToNewBasket(freshAddress())).statusCode).toBe(200);
  });

  it('a signed-in client’s add (their own basket) is not counted', async () => {
    const address = freshAddress();
    const client = await registerClient(app);
    for (let attempt = 0; attempt <= BASKET_CREATION_MAX; attempt += 1) {
      expect((await addToNewBasket(address, client.token)).statusCode).toBe(200);
    }
  });
});
