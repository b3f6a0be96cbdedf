import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { cspNonce } from './security.ts';
import { createTestDatabase } from '../../test/helpers/db.ts';
import { buildTestApp, type LogLine } from '../../test/helpers/app.ts';

const PARTNER = 'https://partner.example';
const PAGE = '/test-page';
const FOREIGN = 'https://evil.example';

let database: Database;
let closedApp: FastifyInstance;
let closedLogs: LogLine[];
let openApp: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app: closedApp, logs: closedLogs } = await buildTestApp(database, {}, (app) => {
    // What the server render does: ask for the nonce, put it in the page's scripts.
    app.get(PAGE, async (_request, reply) => {
      const nonce = cspNonce(reply);
      return reply.type('text/html').send(`<script nonce="${nonce}">hydrate()</script>`);
    });
  }));
  ({ app: openApp } = await buildTestApp(database, { corsOrigins: [PARTNER] }));
});

afterAll(async () => {
  await closedApp.close();
  await openApp.close();
  await database.close();
});

const directives = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values] as const),
  );

describe('security headers', () => {
  it('sends the security headers on API answers and on errors', async () => {
    for (const url of ['/api/health', '/api/missing']) {
      const { headers } = await closedApp.inject({ method: 'GET', url });
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(headers['referrer-policy'], url).toBe('same-origin');
      expect(headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(headers['content-security-policy'], url).toBeDefined();
    }
  });

  it('allows no inline script in API answers', async () => {
    const policy = directives((await closedApp.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it('allows inline scripts in a rendered page only with its nonce, a new one for every response', async () => {
    const first = await closedApp.inject({ url: PAGE });
    const second = await closedApp.inject({ url: PAGE });
    const scriptSrc = directives(first.headers['content-security-policy']).get('script-src') ?? [];
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const nonce = scriptSrc.find((value) => value.startsWith("'nonce-"));
    expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==?'$/);
    expect(first.body).toContain(`<script nonce="${nonce!.slice(7, -1)}">`);
    expect(directives(second.headers['content-security-policy']).get('script-src')).not.toContain(nonce);
    expect(first.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('lets the browser reach an external technical catalogue when one is configured', async () => {
    const { app } = await buildTestApp(database, { techCatalogUrl: 'https://tech.example/api/' });
    try {
      const policy = directives((await app.inject({ url: '/api/health' })).headers['content-security-policy']);
      expect(policy.get('connect-src')).toEqual(["'self'", 'https://tech.example']);
    } finally {
      await app.close();
    }
  });
});

describe('CORS', () => {
  it('is closed by default: a foreign origin gets no Access-Control-Allow-Origin', async () => {
    const simple = await closedApp.inject({ method: 'GET', url: '/api/health', headers: { origin: FOREIGN } });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await closedApp.inject({
      method: 'OPTIONS',
      url: '/api/v1/shop/products-search',
      headers: { origin: FOREIGN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a configured origin, with credentials, and no other', async () => {
    const allowed = await openApp.inject({ method: 'GET', url: '/api/health', headers: { origin: PARTNER } });
    expect(allowed.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');

    const preflight = await openApp.inject({
      method: 'OPTIONS',
      url: '/api/v1/shop/products-search',
      headers: {
        origin: PARTNER,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization,x-visited-url',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('x-visited-url');

    const foreign = await openApp.inject({ method: 'GET', url: '/api/health', headers: { origin: FOREIGN } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('request ids and request logs', () => {
  it('echoes an incoming X-Request-Id', async () => {
    const response = await closedApp.inject({ url: '/api/health', headers: { 'x-request-id': 'edge-7f3a.1' } });
    expect(response.headers['x-request-id']).toBe('edge-7f3a.1');
  });

  it('makes one when none comes, or when the incoming one is not an id', async () => {
    const generated = await closedApp.inject({ url: '/api/missing' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const replaced = await closedApp.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id\twith "text"' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs the visited page headers with the request id, and never the credentials', async () => {
    await closedApp.inject({
      url: '/api/v1/shop/client-me',
      headers: {
        'x-request-id': 'visit-1',
        'x-visited-domain': 'shop.example',
        'x-visited-url': 'https://shop.example/orders?page=2',
        authorization: 'Bearer very-secret-token',
        cookie: 'token=very-secret-token',
      },
    });
    const incoming = closedLogs.find((line) => line.reqId === 'visit-1' && line.msg === 'incoming request');
    expect(incoming?.req).toMatchObject({
      method: 'GET',
      url: '/api/v1/shop/client-me',
      visitedDomain: 'shop.example',
      visitedUrl: 'https://shop.example/orders?page=2',
    });
    const completed = closedLogs.find((line) => line.reqId === 'visit-1' && line.msg === 'request completed');
    expect(completed?.res).toMatchObject({ statusCode: 401 });
    expect(JSON.stringify(closedLogs)).not.toContain('very-secret-token');
  });
});
