// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRequestHandler } from 'react-router';
import type { AppLoadContext, ServerBuild } from 'react-router';
import { createServer } from 'vite';
import type { ViteDevServer } from 'vite';
import { NBSP } from '@detal/contract';
import type { Template } from '@detal/contract';
import { FAKE_CLIENT_TOKEN, createFakeShopApi } from './fake-shop-api.ts';

/**
 * The real app rendered on the server, as the production server does it: the React Router build (here compiled
 * by Vite's dev server with the app's own config) handling Requests with `{ apiFetch }` as load context. The API
 * is the fake shop API, its template replaced by this file's own so that a test can make it fail.
 */

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const TELEGRAM_PREVIEW = 'TelegramBot (like TwitterBot)';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

const template: Template = {
  shop: {
    name: 'Деталь на Складской',
    phone: '+7 (495) 123-45-67',
    email: 'shop@detal.example',
    address: 'Москва, Складская ул., 1',
    work_hours: 'Пн–Сб 9:00–20:00',
  },
  menu: {
    header: [{ title: 'Новости', url: '/news' }],
    footer: [{ title: 'Оплата и доставка', url: '/articles/delivery' }],
  },
};

let vite: ViteDevServer;
let handle: (request: Request, context?: AppLoadContext) => Promise<Response>;
const shopApi = createFakeShopApi();
const { apiFetch, calls: apiCalls } = shopApi;
const answerTemplate = () => Response.json({ data: template });
shopApi.override('shop/template', answerTemplate);
const CLIENT_COOKIE = `token=${FAKE_CLIENT_TOKEN}`;

beforeAll(async () => {
  vite = await createServer({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
  });
  const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  const handler = createRequestHandler(build, 'production');
  handle = (request, context = { apiFetch }) => handler(request, context);
}, 60_000);

afterAll(async () => {
  await vite?.close();
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  handle(new Request(`http://shop.test${pathname}`, { headers: { 'user-agent': FIREFOX, ...headers } }));

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const h1Of = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

describe('server rendering', () => {
  it('renders a public page with its title, description, h1, header and the footer from the template', async () => {
    const response = await get('/cart', { cookie: CLIENT_COOKIE });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(titleOf(html)).toBe('Корзина — Деталь');
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(h1Of(html)).toBe('Корзина');
    expect(html).toContain('<html lang="ru"');
    expect(html).toContain('Поиск по артикулу');
    expect(html).toContain('Москва, Складская ул., 1');
    expect(html).toContain('href="tel:+74951234567"');
    expect(html).toContain('Оплата и доставка');
    expect(html).toContain('Кабинет');

    const call = apiCalls.findLast((request) => request.url.endsWith('/template'));
    expect(call?.url).toBe('http://shop.test/api/v1/shop/template');
    expect(call?.headers.get('cookie')).toBe(CLIENT_COOKIE);
    expect(call?.headers.get('authorization')).toBe(`Bearer ${FAKE_CLIENT_TOKEN}`);
    expect(call?.headers.get('x-visited-url')).toBe('http://shop.test/cart');
  });

  it('renders the page without template details when the template call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    shopApi.override('shop/template', () => Response.json({ message: 'Сбой', error: 'x' }, { status: 500 }));
    try {
      const response = await get('/contacts');
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(h1Of(html)).toBe('Контакты');
      expect(html).not.toContain('Складская');
      expect(html).toContain('© Деталь');
    } finally {
      shopApi.override('shop/template', answerTemplate);
    }
  });

  it.each([
    ['/', 'Автозапчасти по артикулу — Деталь'],
    ['/login', 'Вход — Деталь'],
    ['/register', 'Регистрация — Деталь'],
    ['/reset-password', 'Восстановление пароля — Деталь'],
    ['/contacts', 'Контакты — Деталь'],
    ['/catalog', 'Каталог запчастей — Деталь'],
    // Brand chips: two brands have OC 90, with three offers between them.
    ['/search/OC%2090', `OC 90 — KNECHT, MAHLE: 3${NBSP}предложения — Деталь`],
    // A brand's full result: two offers of W 712 and one analog, the article written as the brand writes it.
    ['/search/MANN-FILTER/W712', `W 712 MANN-FILTER — цены и аналоги, 3${NBSP}предложения — Деталь`],
    ['/articles', 'Статьи — Деталь'],
    ['/articles/delivery', 'Доставка запчастей по Москве — Деталь'],
    ['/news', 'Новости — Деталь'],
    ['/news/opening', 'Мы открылись на Складской — Деталь'],
  ])('public route %s answers 200 titled "%s" for an anonymous visitor', async (pathname, title) => {
    const response = await get(pathname);
    expect(response.status).toBe(200);
    expect(titleOf(await response.text())).toBe(title);
  });

  it.each([
    ['/orders', 'Мои заказы — Деталь'],
    ['/orders/create', 'Оформление заказа — Деталь'],
    ['/orders/42', 'Заказ № 42 — Деталь'],
    ['/account', 'Личный кабинет — Деталь'],
    ['/bills', 'Счета — Деталь'],
    ['/bills/common', 'Сводка по счетам — Деталь'],
    ['/payment', 'Оплата — Деталь'],
  ])('session route %s redirects an anonymous visitor to /login and renders for a client', async (pathname, title) => {
    const anonymous = await get(pathname);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe(`/login?next=${encodeURIComponent(pathname)}`);

    const client = await get(pathname, { cookie: CLIENT_COOKIE });
    expect(client.status).toBe(200);
    expect(titleOf(await client.text())).toBe(title);
  });

  it('sends a signed-in client from /login and /register to /', async () => {
    for (const pathname of ['/login', '/register']) {
      const response = await get(pathname, { cookie: CLIENT_COOKIE });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/');
    }
  });

  it('answers an unknown path with status 404 and the "Page Not Found" page inside the layout', async () => {
    const response = await get('/no/such/page');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(titleOf(html)).toBe('Page Not Found');
    expect(h1Of(html)).toBe('Page Not Found');
    expect(html).toContain('Поиск по артикулу');
  });

  it.each([GOOGLEBOT, TELEGRAM_PREVIEW])('gives the bot %s the status and a bare body', async (agent) => {
    const response = await get('/no/such/page', { 'user-agent': agent });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('404 Page Not Found');
  });

  it("puts the load context's CSP nonce on every inline script", async () => {
    const response = await handle(new Request('http://shop.test/news', { headers: { 'user-agent': FIREFOX } }), {
      apiFetch,
      cspNonce: 'n0nce-for-this-response',
    });
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(2);
    for (const script of scripts) expect(script).toContain('nonce="n0nce-for-this-response"');
  });

  it('renders pages for bots as for people', async () => {
    const response = await get('/catalog', { 'user-agent': GOOGLEBOT });
    expect(response.status).toBe(200);
    expect(h1Of(await response.text())).toBe('Каталог запчастей');
  });
});
