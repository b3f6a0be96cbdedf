import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_API_PREFIX, shopEndpoints } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { buildTestAppWithClock, callShop, registerClient } from '../../../test/helpers/clients.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await buildTestAppWithClock(database));
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('every session endpoint of the contract registry', () => {
  it('answers 401 without a token, with the placeholder, and with a revoked token', async () => {
    const client = await registerClient(app);
    expect((await callShop(app, 'client-logout', { token: client.token })).statusCode).toBe(200);

    const sessionEndpoints = Object.entries(shopEndpoints).filter(([, endpoint]) => endpoint.session);
    // The spec's session-only calls and the account endpoints beyond it.
    expect(sessionEndpoints.length).toBeGreaterThanOrEqual(13);

    const credentials: Array<[string, Record<string, string>]> = [
      ['no Authorization header', {}],
      ['the placeholder bearer', { authorization: 'Bearer 0000000' }],
      ['a revoked token', { authorization: `Bearer ${client.token}` }],
    ];
    for (const [key, endpoint] of sessionEndpoints) {
      for (const [label, headers] of credentials) {
        const response = await app.inject({
          method: endpoint.method,
          url: SHOP_API_PREFIX + endpoint.path.replace(':id', '1'),
          headers,
          // A body that would pass validation matters not: the session is checked first.
          ...(endpoint.method === 'POST' ? { payload: {} } : {}),
        });
        expect(response.statusCode, `${key} with ${label}`).toBe(401);
        expect(response.json(), `${key} with ${label}`).toEqual({
          message: 'Требуется вход в личный кабинет',
          error: 'unauthorized',
        });
      }
    }
  });
});
