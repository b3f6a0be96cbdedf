import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { callShop, freshAddress } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { LIST_SEARCH_MAX } from './limits.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await buildTestApp(database));
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const searchList = (remoteAddress: string) =>
  callShop(app, 'products-list-search', { remoteAddress, body: { text: 'OC90 Knecht 2' } });

describe(`search by list: ${LIST_SEARCH_MAX} per address and 10 minutes (issue 34)`, () => {
  it(
    'answers 429 in the contract’s shape with Retry-After past the limit; other addresses go on',
    { timeout: 120_000 },
    async () => {
      const address = freshAddress();
      for (let sent = 0; sent < LIST_SEARCH_MAX; sent += 1) {
        expect((await searchList(address)).statusCode).toBe(200);
      }
      const refused = await searchList(address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: 'Слишком много запросов. Подождите немного и попробуйте снова',
        error: 'too_many_requests',
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect((await searchList(freshAddress())).statusCode).toBe(200);
    },
  );
});
