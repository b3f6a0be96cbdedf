import { Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_API_PREFIX, dataEnvelope, defineEndpoints, shopEndpoints } from '@detal/contract';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { HandlersFor } from './handlers.ts';
import { registerEndpoints } from './routes.ts';
import { sessionResolverOf } from '../modules/clients/sessions.ts';
import { createShopHandlers } from '../modules/index.ts';
import { limitRate, rateLimitRouteConfig } from './rate-limit.ts';
import { createTestDatabase, testDriver } from '../../test/helpers/db.ts';
import { buildTestApp, type LogLine } from '../../test/helpers/app.ts';

const PREFIX = '/api/test/';

/** A small registry of the contract's kind, to drive the route registration through every branch. */
const testEndpoints = defineEndpoints({
  'item/:id': {
    method: 'GET',
    path: 'item/:id',
    session: false,
    summary: 'An item',
    tags: ['test'],
    params: z.object({ id: z.coerce.number().int('Номер должен быть целым') }),
    query: z.object({ currency: z.enum(['RUB', 'USD']).default('RUB') }),
    response: dataEnvelope(z.object({ id: z.number(), currency: z.string(), anonymous: z.boolean() })),
  },
  'broken-answer': {
    method: 'GET',
    path: 'broken-answer',
    session: false,
    summary: 'Answers what its schema forbids',
    tags: ['test'],
    response: dataEnvelope(z.object({ total: z.number() })),
  },
  'not-built-yet': {
    method: 'POST',
    path: 'not-built-yet',
    session: false,
    summary: 'No module handles it',
    tags: ['test'],
    body: z.object({ name: z.string() }),
    response: dataEnvelope(z.object({ ok: z.boolean() })),
  },
  'private-not-built-yet': {
    method: 'GET',
    path: 'private-not-built-yet',
    session: true,
    summary: 'No module handles it, and it needs a session',
    tags: ['test'],
    response: dataEnvelope(z.object({ ok: z.boolean() })),
  },
  download: {
    method: 'POST',
    path: 'download',
    session: false,
    summary: 'A PDF',
    tags: ['test'],
    body: z.object({ billId: z.number() }),
    response: 'pdf',
  },
  limited: {
    method: 'POST',
    path: 'limited',
    session: false,
    summary: 'Rate-limited',
    tags: ['test'],
    response: dataEnvelope(z.object({ calls: z.number() })),
  },
});

const pdfBytes = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

let limitedCalls = 0;
const testHandlers: HandlersFor<typeof testEndpoints> = {
  'item/:id': async ({ params, query, auth }) => ({
    id: params.id,
    currency: query.currency,
    anonymous: auth.clientId === null,
  }),
  'broken-answer': async () => ({ total: 'a lot' }) as unknown as { total: number },
  download: async ({ body, reply }) => {
    reply.header('content-disposition', `attachment; filename="schet-${body.billId}.pdf"`);
    return new Uint8Array(pdfBytes);
  },
  limited: limitRate(async () => ({ calls: ++limitedCalls }), { max: 2, timeWindow: 60_000 }),
};

let database: Database;
let app: FastifyInstance;
let logs: LogLine[];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, logs } = await buildTestApp(database, {}, (instance) => {
    registerEndpoints(instance, sessionResolverOf(database.db), PREFIX, testEndpoints, testHandlers);
    instance.get('/api/test/plain-limited', rateLimitRouteConfig({ max: 1, timeWindow: 60_000 }), async () => ({
      ok: true,
    }));
  }));
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('GET /api/health', () => {
  it('answers 200 with the database driver in use', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: testDriver });
  });

  it('answers 503 in the error shape when the database does not answer', async () => {
    const down: Database = { ...database, ping: () => Promise.reject(new Error('connection refused')) };
    const { app: unhealthy, logs: unhealthyLogs } = await buildTestApp(down);
    try {
      const response = await unhealthy.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'База данных недоступна', error: 'database_unavailable' });
      expect(unhealthyLogs.some((line) => line.msg === 'database ping failed')).toBe(true);
    } finally {
      await unhealthy.close();
    }
  });
});

describe('a real shop endpoint (content module)', () => {
  it('answers inside the { data } envelope', async () => {
    const response = await app.inject({ method: 'GET', url: `${SHOP_API_PREFIX}news-list?per_page=5` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { data: [], current_page: 1, last_page: 1, per_page: 5, total: 0 },
    });
  });

  it("answers the module's 404 in the error shape", async () => {
    const response = await app.inject({ method: 'GET', url: `${SHOP_API_PREFIX}page/no-such-page` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Страница не найдена', error: 'not_found' });
  });
});

describe('routes from an endpoint registry', () => {
  it('wraps the handler payload in { data }, with params and query parsed by their schemas', async () => {
    const response = await app.inject({ method: 'GET', url: `${PREFIX}item/42?currency=USD` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: 42, currency: 'USD', anonymous: true } });
  });

  it('applies schema defaults before the handler sees the query', async () => {
    const response = await app.inject({ method: 'GET', url: `${PREFIX}item/7` });
    expect(response.json()).toEqual({ data: { id: 7, currency: 'RUB', anonymous: true } });
  });

  it('validates path parameters', async () => {
    const response = await app.inject({ method: 'GET', url: `${PREFIX}item/1.5` });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Проверьте правильность заполнения полей',
      error: { id: ['Номер должен быть целым'] },
    });
  });

  it('turns a payload that breaks the response schema into a logged 500', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `${PREFIX}broken-answer`,
      headers: { 'x-request-id': 'broken-1' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Внутренняя ошибка сервера. Попробуйте повторить позже',
      error: 'internal_error',
    });
    const logged = logs.find((line) => line.msg === 'request failed' && line.reqId === 'broken-1');
    expect(JSON.stringify(logged?.err)).toContain('total');
  });

  it('answers 501 for an endpoint no module handles, after validating its body', async () => {
    const invalid = await app.inject({ method: 'POST', url: `${PREFIX}not-built-yet`, payload: {} });
    expect(invalid.statusCode).toBe(422);
    const valid = await app.inject({ method: 'POST', url: `${PREFIX}not-built-yet`, payload: { name: 'x' } });
    expect(valid.statusCode).toBe(501);
    expect(valid.json()).toEqual({ message: 'Этот раздел магазина ещё не подключён', error: 'unavailable' });
  });

  it('answers 401 rather than 501 for an unhandled session endpoint', async () => {
    const response = await app.inject({ method: 'GET', url: `${PREFIX}private-not-built-yet` });
    expect(response.statusCode).toBe(401);
  });

  it('sends a PDF endpoint its bytes as application/pdf, untouched', async () => {
    const response = await app.inject({ method: 'POST', url: `${PREFIX}download`, payload: { billId: 12 } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="schet-12.pdf"');
    expect(response.rawPayload.equals(pdfBytes)).toBe(true);
  });

  it('limits a handler marked with limitRate, with 429 and a Russian message', async () => {
    const answers = [];
    for (let call = 0; call < 3; call += 1) {
      answers.push(await app.inject({ method: 'POST', url: `${PREFIX}limited` }));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
    expect(answers[2]?.json()).toEqual({
      message: 'Слишком много запросов. Подождите немного и попробуйте снова',
      error: 'too_many_requests',
    });
    expect(Number(answers[2]?.headers['retry-after'])).toBeGreaterThan(0);
    expect(limitedCalls).toBe(2);
  });

  it('counts each client address on its own', async () => {
    const other = await app.inject({ method: 'POST', url: `${PREFIX}limited`, remoteAddress: '203.0.113.9' });
    expect(other.statusCode).toBe(200);
  });

  it('limits a hand-registered route through rateLimitRouteConfig', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/test/plain-limited' });
    const second = await app.inject({ method: 'GET', url: '/api/test/plain-limited' });
    expect([first.statusCode, second.statusCode]).toEqual([200, 429]);
  });

  it('leaves routes without a limit unlimited', async () => {
    const statuses = [];
    for (let call = 0; call < 5; call += 1) {
      statuses.push((await app.inject({ method: 'GET', url: `${PREFIX}item/1` })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('the shop registry', () => {
  it('routes every shop endpoint: session ones answer 401 to the placeholder, unhandled ones 501', async () => {
    const handled = createShopHandlers({
      config: loadConfig({}),
      database,
      techCatalogKey: 'test',
      metrics: new Registry(),
    });
    for (const [key, endpoint] of Object.entries(shopEndpoints)) {
      if (!endpoint.session && key in handled) continue;
      const response = await app.inject({
        method: endpoint.method,
        url: SHOP_API_PREFIX + endpoint.path.replace(':id', '1'),
        headers: { authorization: 'Bearer 0000000' },
        ...(endpoint.method === 'POST' ? { payload: {} } : {}),
      });
      // An empty body may fail validation first; what matters is that the route exists and is not served.
      const expected = endpoint.session ? [401] : endpoint.method === 'POST' ? [422, 501] : [501];
      expect(expected, `${key} answered ${response.statusCode}`).toContain(response.statusCode);
    }
  });
});
