import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/index.ts';
import { buildTestApp, type LogLine } from '../../test/helpers/app.ts';
import { createTestDatabase } from '../../test/helpers/db.ts';

/**
 * One-time links (a staff member's set-password link, a client's reset link) carry their token in the query: the
 * request log shows where a request went, never the token (issue 34, point 8).
 */

let database: Database;
let app: FastifyInstance;
let logs: LogLine[];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, logs } = await buildTestApp(database));
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const SECRET = 'Zq7secretTokenValue_0123456789abcdefghijklmnop';

describe('the request log', () => {
  it.each([
    ['/admin/set-password?token=' + SECRET, '/admin/set-password?token=[Redacted]'],
    ['/reset-password?token=' + SECRET + '&next=%2Faccount', '/reset-password?token=[Redacted]&next=%2Faccount'],
    ['/reset-password.data?token=' + SECRET, '/reset-password.data?token=[Redacted]'],
    ['/api/v1/shop/template?x=1&access_token=' + SECRET, '/api/v1/shop/template?x=1&access_token=[Redacted]'],
  ])('logs %s without the token', async (url, shown) => {
    const since = logs.length;
    await app.inject({ method: 'GET', url });
    const lines = logs.slice(since);
    expect(JSON.stringify(lines)).not.toContain(SECRET);
    expect(lines.map((line) => (line.req as { url?: string } | undefined)?.url).filter(Boolean)).toContain(shown);
  });

  it('logs the page a call was made for (X-Visited-Url) without its token', async () => {
    const since = logs.length;
    await app.inject({
      method: 'GET',
      url: '/api/v1/shop/template',
      headers: { 'x-visited-url': `https://shop.example.ru/admin/set-password?token=${SECRET}` },
    });
    const lines = logs.slice(since);
    expect(JSON.stringify(lines)).not.toContain(SECRET);
    expect(lines.map((line) => (line.req as { visitedUrl?: string } | undefined)?.visitedUrl)).toContain(
      'https://shop.example.ru/admin/set-password?token=[Redacted]',
    );
  });

  it('keeps the rest of a URL as it came, queries without secrets included', async () => {
    const since = logs.length;
    await app.inject({ method: 'GET', url: '/search/OC%2090?brand=MANN&page=2' });
    const urls = logs.slice(since).map((line) => (line.req as { url?: string } | undefined)?.url);
    expect(urls).toContain('/search/OC%2090?brand=MANN&page=2');
  });
});
