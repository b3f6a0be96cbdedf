import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { createApiFetch } from './api-fetch.ts';
import { API_CALLS_HEADER, loadWebBuild } from './web-app.ts';
import { createTestDatabase, testDriver } from '../../test/helpers/db.ts';
import { buildTestApp } from '../../test/helpers/app.ts';

/** A stand-in React Router build (server/index.js and client/), see its comments. */
const fixtureBuild = fileURLToPath(new URL('../../test/fixtures/web-build', import.meta.url));

interface RenderedState {
  status: number;
  loaderData: {
    root?: {
      url: string;
      cspNonce: string;
      health: { status: number; body: unknown };
      session: { status: number; body: unknown };
    };
  };
  actionData: Record<string, unknown> | null;
}

/** What the fixture's entry rendered into the page. */
function renderedState(html: string): RenderedState {
  const json = /<script type="application\/json" id="state">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error(`no rendered state in: ${html.slice(0, 200)}`);
  return JSON.parse(json) as RenderedState;
}

const BODY_LIMIT = 4096;

let database: Database;
let app: FastifyInstance;
let proxiedApp: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await buildTestApp(database, { webBuildDir: fixtureBuild, bodyLimit: BODY_LIMIT }));
  ({ app: proxiedApp } = await buildTestApp(database, { webBuildDir: fixtureBuild, trustProxy: true }));
});

afterAll(async () => {
  await app.close();
  await proxiedApp.close();
  await database.close();
});

describe('server render', () => {
  it('renders a page with the status, loader data and a CSP nonce that matches the header', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const state = renderedState(response.body);
    expect(state.status).toBe(200);
    const nonce = state.loaderData.root?.cspNonce;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(response.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    expect(response.body).toContain(`<script nonce="${nonce}">`);
  });

  it("answers the loaders' API calls in process, through the real routes, and counts them (x-api-calls)", async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    // The fixture's root loader asks two things: health and the session.
    expect(response.headers[API_CALLS_HEADER]).toBe('2');
    const root = renderedState(response.body).loaderData.root;
    expect(root?.health).toEqual({ status: 200, body: { status: 'ok', database: testDriver } });
    expect(root?.session).toEqual({
      status: 401,
      body: { message: 'Требуется вход в личный кабинет', error: 'unauthorized' },
    });
  });

  it("passes React Router's status for an unknown page (404)", async () => {
    const response = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(renderedState(response.body).status).toBe(404);
  });

  it('passes every Set-Cookie header on its own, with the status and the other headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/cookies' });
    expect(response.statusCode).toBe(201);
    expect(response.headers['set-cookie']).toEqual(['first=1; Path=/', 'second=2; Path=/; HttpOnly']);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe('cookies set');
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/cookies' });
    expect(response.statusCode).toBe(201);
    expect(response.headers['set-cookie']).toHaveLength(2);
    expect(response.body).toBe('');
  });

  it('streams a request body to a route action', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(3000, 1),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('received 3000 bytes');
  });

  it('refuses a body over the limit with 413, whether its length is declared or not', async () => {
    const declared = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(BODY_LIMIT + 1),
    });
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual({ message: 'Слишком большой запрос', error: 'payload_too_large' });

    const chunks = Array.from({ length: 8 }, () => Buffer.alloc(1024, 2));
    const streamed = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
      payload: Readable.from(chunks),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toEqual({ message: 'Слишком большой запрос', error: 'payload_too_large' });
  });

  it('hands a form post to the route action', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/feedback',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80' },
      payload: new URLSearchParams({ name: 'Иван' }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(renderedState(response.body).actionData).toEqual({ 'routes/feedback': { name: 'Иван' } });
  });
});

describe('the request URL behind a proxy', () => {
  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' };

  it('uses X-Forwarded-Proto and X-Forwarded-Host when TRUST_PROXY allows', async () => {
    const response = await proxiedApp.inject({ method: 'GET', url: '/?from=proxy', headers: forwarded });
    expect(renderedState(response.body).loaderData.root?.url).toBe('https://shop.example/?from=proxy');
  });

  it('ignores them otherwise', async () => {
    const response = await app.inject({ method: 'GET', url: '/?from=proxy', headers: forwarded });
    expect(renderedState(response.body).loaderData.root?.url).toBe('http://localhost/?from=proxy');
  });

  it("lets a form posted on the proxy's public origin through React Router's origin check", async () => {
    const post = (target: FastifyInstance) =>
      target.inject({
        method: 'POST',
        url: '/feedback',
        headers: { ...forwarded, origin: 'https://shop.example', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=Anna',
      });
    const behindProxy = await post(proxiedApp);
    expect(behindProxy.statusCode).toBe(200);
    expect(renderedState(behindProxy.body).actionData).toEqual({ 'routes/feedback': { name: 'Anna' } });
    // Without trust the origins differ, and React Router refuses the action.
    expect((await post(app)).statusCode).toBe(400);
  });
});

describe('static files and paths that are not pages', () => {
  it('serves hashed assets with a long immutable cache, other files revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/entry.client-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toContain('entry');
    // A subresource's headers only: nosniff and CORP act on it, a page's policies (CSP, framing) would not.
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('public, max-age=0');
  });

  it('answers a missing asset and an unknown API path with the plain 404, not a page', async () => {
    for (const url of ['/assets/entry.client-old999.js', '/api/nothing', '/api']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Не найдено', error: 'not_found' });
    }
  });

  it('keeps the API JSON-only next to the pages', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/shop/products-search',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'article=OC90',
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('without a web build', () => {
  let emptyDir: string;
  let apiOnly: FastifyInstance;

  beforeAll(async () => {
    emptyDir = await mkdtemp(path.join(tmpdir(), 'detal-no-web-'));
    ({ app: apiOnly } = await buildTestApp(database, { webBuildDir: emptyDir }));
  });

  afterAll(async () => {
    await apiOnly.close();
    await rm(emptyDir, { recursive: true, force: true });
  });

  it('finds no build in an empty folder', async () => {
    expect(await loadWebBuild(emptyDir)).toBeNull();
    expect(await loadWebBuild(fixtureBuild)).toMatchObject({ ssr: true });
  });

  it('answers pages with the plain 404 and still serves the API', async () => {
    const page = await apiOnly.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ message: 'Не найдено', error: 'not_found' });
    expect((await apiOnly.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('apiFetch', () => {
  let echoApp: FastifyInstance;
  let external: Server;
  let externalUrl: string;

  beforeAll(async () => {
    ({ app: echoApp } = await buildTestApp(database, {}, (instance) => {
      instance.post('/api/test/echo', async (request, reply) => {
        reply.header('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
        return reply.code(202).send({
          body: request.body,
          query: request.query,
          ip: request.ip,
          requestId: request.id,
          authorization: request.headers.authorization,
        });
      });
      instance.get('/api/test/empty', async (_request, reply) => reply.code(204).send());
    }));
    external = createServer((_request, response) => response.end('from outside'));
    await new Promise<void>((resolve) => external.listen(0, '127.0.0.1', resolve));
    externalUrl = `http://127.0.0.1:${(external.address() as AddressInfo).port}/catalog`;
  });

  afterAll(async () => {
    await echoApp.close();
    await new Promise((resolve) => external.close(resolve));
  });

  it('sends method, path, query, headers and body through the app and returns its answer', async () => {
    const apiFetch = createApiFetch(echoApp, { ip: '198.51.100.4', requestId: 'page-1' });
    const response = await apiFetch(
      new Request('https://shop.example/api/test/echo?page=2', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer 0000000' },
        body: JSON.stringify({ basket_id: 5 }),
      }),
    );
    expect(response.status).toBe(202);
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(await response.json()).toEqual({
      body: { basket_id: 5 },
      query: { page: '2' },
      ip: '198.51.100.4',
      requestId: 'page-1',
      authorization: 'Bearer 0000000',
    });
  });

  it('returns no body for a 204', async () => {
    const apiFetch = createApiFetch(echoApp, { ip: '127.0.0.1', requestId: 'page-2' });
    const response = await apiFetch(new Request('http://localhost/api/test/empty'));
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('fetches anything outside /api/ over the network', async () => {
    const apiFetch = createApiFetch(echoApp, { ip: '127.0.0.1', requestId: 'page-3' });
    const response = await apiFetch(new Request(externalUrl));
    expect(await response.text()).toBe('from outside');
  });
});
