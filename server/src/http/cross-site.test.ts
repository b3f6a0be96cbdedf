import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { buildTestApp } from '../../test/helpers/app.ts';
import { createTestDatabase } from '../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../test/helpers/staff.ts';
import { CROSS_SITE_MESSAGE } from './cross-site.ts';

/**
 * The back office's writes come only from the shop's own origins: PUBLIC_URL's and the ones CORS_ORIGINS lists,
 * whatever Host the request names (a name pointed at the shop, a rebound DNS name); without PUBLIC_URL (a
 * development machine, tests) the request's own origin, as before.
 */

let database: Database;
const apps: FastifyInstance[] = [];
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const owner = await createTestStaff(database.db, 'owner');
  cookie = await staffCookieFor(database.db, owner.member.id);
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database?.close();
});

async function startApp(overrides: Parameters<typeof buildTestApp>[1]): Promise<FastifyInstance> {
  const { app } = await buildTestApp(database, overrides);
  apps.push(app);
  return app;
}

/** A browser's POST of the back office from `origin` to the shop at `host`: its status. */
const post = async (app: FastifyInstance, host: string, origin: string, fetchSite = 'same-origin') =>
  (await callAdmin(app, 'staff-list', { cookie, body: {}, headers: { host, origin, 'sec-fetch-site': fetchSite } }))
    .statusCode;

describe('the cross-site check of the back office', () => {
  it('with PUBLIC_URL, trusts its origin and CORS_ORIGINS only, not the Host a request names', async () => {
    const app = await startApp({
      publicUrl: 'https://shop.example.ru',
      publicUrlConfigured: true,
      corsOrigins: ['https://admin.shop.example.ru'],
    });
    // A page of another name that reaches this server (a rebound DNS name, a stray virtual host) names itself
    // as Host and Origin alike: its own host is no proof of being the shop.
    expect(await post(app, 'evil.example', 'https://evil.example')).toBe(403);
    expect(await post(app, 'evil.example:80', 'http://evil.example:80')).toBe(403);
    // Behind a TLS proxy (no TRUST_PROXY needed: the origin is PUBLIC_URL's, not guessed from the request).
    expect(await post(app, 'shop.example.ru', 'https://shop.example.ru')).toBe(200);
    expect(await post(app, 'admin.shop.example.ru', 'https://admin.shop.example.ru')).toBe(200);
    // The shop's name over another scheme or port is another origin.
    expect(await post(app, 'shop.example.ru', 'http://shop.example.ru')).toBe(403);
    expect(await post(app, 'shop.example.ru:8443', 'https://shop.example.ru:8443')).toBe(403);
    const refused = await callAdmin(app, 'staff-invite', {
      cookie,
      body: { email: 'x@shop.example.ru', name: 'X', role: 'owner' },
      headers: { host: 'evil.example', origin: 'https://evil.example' },
    });
    expect(refused.json()).toEqual({ message: CROSS_SITE_MESSAGE, error: expect.any(String) });
    // A request with neither header comes from no browser (curl, the server's own calls) and passes.
    expect((await callAdmin(app, 'staff-list', { cookie, body: {} })).statusCode).toBe(200);
  });

  it('without PUBLIC_URL, trusts the origin the request came to (development, the Vite proxy)', async () => {
    const app = await startApp({ publicUrl: 'http://localhost:3000', publicUrlConfigured: false });
    expect(await post(app, 'localhost:5173', 'http://localhost:5173')).toBe(200);
    expect(await post(app, 'localhost:3000', 'http://localhost:3000')).toBe(200);
    expect(await post(app, 'localhost:5173', 'http://evil.example')).toBe(403);
    expect(await post(app, 'localhost:5173', 'http://localhost:5173', 'cross-site')).toBe(403);
  });
});
