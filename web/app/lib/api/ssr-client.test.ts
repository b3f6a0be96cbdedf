// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLACEHOLDER_BEARER } from '@detal/contract/browser';
import { createServerApi } from './ssr-client.server.ts';
import { ApiError } from './errors.ts';
import { sendJson, startServer } from '../../../test/http-server.ts';
import type { TestServer } from '../../../test/http-server.ts';

const template = {
  shop: { name: 'Деталь', phone: '+7 495 123-45-67', email: 'shop@example.ru', address: 'Москва', work_hours: '9–18' },
  menu: { header: [], footer: [] },
};

let api: TestServer;
let catalogue: TestServer;

beforeAll(async () => {
  api = await startServer((request, response) => {
    if (request.url === '/api/v1/shop/template') return sendJson(response, 200, { data: template });
    if (request.url === '/api/v1/shop/client-me') return sendJson(response, 401, { message: 'Нет сессии', error: 'x' });
    return sendJson(response, 404, { message: 'Нет', error: 'not_found' });
  });
  catalogue = await startServer((_request, response) => sendJson(response, 200, { data: [] }));
});

afterAll(async () => {
  await api.close();
  await catalogue.close();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

const visitorRequest = (cookie?: string) =>
  new Request('https://shop.example:8443/orders?page=2', { headers: cookie ? { cookie } : {} });

describe('request layer during server rendering', () => {
  it("calls the API through the load context's apiFetch, forwarding the visitor's cookie and token", async () => {
    const seen: Request[] = [];
    const apiFetch = vi.fn(async (request: Request) => {
      seen.push(request);
      return Response.json({ data: template });
    });
    const server = createServerApi(visitorRequest('token=abc123; theme=light'), { apiFetch });

    await expect(server.callShop('template')).resolves.toEqual(template);

    expect(apiFetch).toHaveBeenCalledTimes(1);
    const [sent] = seen;
    expect(sent?.url).toBe('https://shop.example:8443/api/v1/shop/template');
    expect(sent?.method).toBe('GET');
    expect(sent?.headers.get('cookie')).toBe('token=abc123; theme=light');
    expect(sent?.headers.get('authorization')).toBe('Bearer abc123');
    expect(sent?.headers.get('x-visited-domain')).toBe('shop.example:8443');
    expect(sent?.headers.get('x-visited-url')).toBe('https://shop.example:8443/orders?page=2');
    expect(sent?.headers.get('accept')).toBe('application/json');
  });

  it('without apiFetch, calls API_ORIGIN over HTTP with the placeholder bearer for an anonymous visitor', async () => {
    vi.stubEnv('API_ORIGIN', api.origin);
    const server = createServerApi(visitorRequest());
    await expect(server.callShop('template')).resolves.toEqual(template);
    const received = api.received.at(-1);
    expect(received?.url).toBe('/api/v1/shop/template');
    expect(received?.headers.authorization).toBe(`Bearer ${PLACEHOLDER_BEARER}`);
    expect(received?.headers.cookie).toBeUndefined();
  });

  it('on 401 forgets the token for the rest of the render and reports it, without notifications', async () => {
    vi.stubEnv('API_ORIGIN', api.origin);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = createServerApi(visitorRequest('token=dead; theme=light'));

    const error = await server.callShop('client-me').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('invalid');
    expect(server.tokenRemoved()).toBe(true);

    await server.callShop('template');
    const after = api.received.at(-1);
    expect(after?.headers.authorization).toBe(`Bearer ${PLACEHOLDER_BEARER}`);
    expect(after?.headers.cookie).toBe('theme=light');
  });

  it("sends tech: calls to TECH_CATALOG_URL with global fetch, never with the visitor's cookie or token", async () => {
    vi.stubEnv('TECH_CATALOG_URL', `${catalogue.origin}/catalog/`);
    const apiFetch = vi.fn(async () => Response.json({ data: [] }));
    const server = createServerApi(visitorRequest('token=abc123'), { apiFetch });

    await expect(server.callTech('get-all-groups', { body: { key: 'k' } })).resolves.toEqual([]);

    expect(apiFetch).not.toHaveBeenCalled();
    const received = catalogue.received.at(-1);
    expect(received?.url).toBe('/catalog/get-all-groups');
    expect(received?.method).toBe('POST');
    expect(JSON.parse(received?.body ?? '')).toEqual({ key: 'k' });
    expect(received?.headers.cookie).toBeUndefined();
    expect(received?.headers.authorization).toBe(`Bearer ${PLACEHOLDER_BEARER}`);
  });
});
