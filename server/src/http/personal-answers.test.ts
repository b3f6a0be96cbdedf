import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPersonalEndpoint, shopEndpoints, type ShopEndpointPath } from '@detal/contract';
import type { Database } from '../db/index.ts';
import { PERSONAL_CACHE_CONTROL } from './routes.ts';
import { buildTestApp } from '../../test/helpers/app.ts';
import { callShop, registerClient } from '../../test/helpers/clients.ts';
import { createTestDatabase } from '../../test/helpers/db.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await buildTestApp(database));
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const entries = Object.entries(shopEndpoints) as [ShopEndpointPath, (typeof shopEndpoints)[ShopEndpointPath]][];
const withoutParams = entries.filter(([, endpoint]) => !endpoint.path.includes(':'));

describe('Cache-Control: no-store on personal answers', () => {
  it('the registry marks the session endpoints, the auth ones and every one that carries a basket key', () => {
    const personal = entries.filter(([, endpoint]) => isPersonalEndpoint(endpoint)).map(([path]) => path);
    for (const [path, endpoint] of entries) if (endpoint.session) expect(personal).toContain(path);
    expect(personal).toEqual(expect.arrayContaining(['basket-show', 'basket-add-item', 'client-login']));
    expect(personal).not.toContain('products-search');
  });

  it.each(withoutParams.filter(([, endpoint]) => isPersonalEndpoint(endpoint)).map(([path]) => path))(
    '%s answers with no-store, even to an anonymous caller or bad input',
    async (path) => {
      const response = await callShop(app, path, { body: {} });
      expect(response.statusCode).toBeGreaterThanOrEqual(200);
      expect(response.headers['cache-control']).toBe(PERSONAL_CACHE_CONTROL);
    },
  );

  it("a public endpoint may be cached for anonymous callers, never for a signed-in client's answer", async () => {
    const anonymous = await callShop(app, 'page-list');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBeUndefined();
    const client = await registerClient(app);
    const signedIn = await callShop(app, 'page-list', { token: client.token });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe(PERSONAL_CACHE_CONTROL);
  });
});
