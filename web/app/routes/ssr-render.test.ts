// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { FIREFOX, startSsrHarness, type SsrHarness } from '../../test/ssr-harness.ts';
import { startShopServer } from '../../test/shop-server.ts';
import type { ShopServer } from '../../test/shop-server.ts';

/**
 * The real app rendered on the server, as the production server does it: the React Router build (here compiled
 * by Vite's dev server with the app's own config) handling Requests with `{ apiFetch }` as load context. The API
 * is the shop's real server on a demo database (test/shop-server.ts).
 */

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const TELEGRAM_PREVIEW = 'TelegramBot (like TwitterBot)';

let ssr: SsrHarness;
let handle: (request: Request, context?: AppLoadContext) => Promise<Response>;
let shop: ShopServer;
const apiFetch: ShopServer['apiFetch'] = (request) => shop.apiFetch(request);
let clientToken: string;
let clientCookie: string;

beforeAll(async () => {
  shop = await startShopServer();
  clientToken = (await shop.registerClient()).token;
  clientCookie = `token=${clientToken}`;
  ssr = await startSsrHarness();
  handle = (request, context = { apiFetch, techCatalogKey: shop.techCatalogKey }) => ssr.handle(request, context);
}, 60_000);

afterAll(async () => {
  await ssr?.close();
  await shop?.close();
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  handle(new Request(`http://shop.test${pathname}`, { headers: { 'user-agent': FIREFOX, ...headers } }));

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const h1Of = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

describe('server rendering', () => {
  it('renders a public page with its title, description, h1, header and the footer from the template', async () => {
    const response = await get('/cart', { cookie: clientCookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(titleOf(html)).toBe('Корзина — Деталь');
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(h1Of(html)).toBe('Корзина');
    expect(html).toContain('<html lang="ru"');
    expect(html).toContain('Поиск по артикулу');
    expect(html).toContain('г. Москва, ул. Автозаводская, д. 17, корп. 1');
    expect(html).toContain('href="tel:+74951234567"');
    expect(html).toContain('О компании');
    expect(html).toContain('Кабинет: Иван Петров');

    const call = shop.calls.findLast((request) => request.url.endsWith('/template'));
    expect(call?.url).toBe('http://shop.test/api/v1/shop/template');
    expect(call?.headers.get('cookie')).toBe(clientCookie);
    expect(call?.headers.get('authorization')).toBe(`Bearer ${clientToken}`);
    expect(call?.headers.get('x-visited-url')).toBe('http://shop.test/cart');
  });

  it('marks personal pages no-store (non-public routes, the basket, a reset link, any signed-in visit), not public ones', async () => {
    const cacheControlOf = async (pathname: string, headers: Record<string, string> = {}) =>
      (await get(pathname, headers)).headers.get('cache-control');
    for (const pathname of ['/orders', '/account', '/bills', '/orders/1', '/orders/create?items=1', '/contacts']) {
      expect(await cacheControlOf(pathname, { cookie: clientCookie }), pathname).toBe('private, no-store');
    }
    for (const pathname of ['/cart', '/reset-password?token=abc', '/login', '/register']) {
      expect(await cacheControlOf(pathname), pathname).toBe('private, no-store');
    }
    for (const pathname of ['/', '/contacts', '/news', '/articles']) {
      expect(await cacheControlOf(pathname), pathname).toBeNull();
    }
  });

  it.each(['/articles/%00', '/news/a%00b', '/catalog/%00', '/articles/%EF%BF%BF', '/news/%D8%00'])(
    'answers %s, a parameter the database cannot store, with the 404 page, not 500',
    async (pathname) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const response = await get(pathname);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Page Not Found');
    },
  );

  it('renders the page without template details when the template call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    shop.failWith('/template', () => Response.json({ message: 'Сбой', error: 'x' }, { status: 500 }));
    try {
      const response = await get('/contacts');
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(h1Of(html)).toBe('Контакты');
      expect(html).not.toContain('Автозаводская');
      expect(html).toContain('© Деталь');
    } finally {
      shop.failWith('/template', null);
    }
  });

  it.each([
    ['/', 'Автозапчасти по артикулу — Деталь'],
    ['/login', 'Вход — Деталь'],
    ['/register', 'Регистрация — Деталь'],
    ['/reset-password', 'Восстановление пароля — Деталь'],
    ['/contacts', 'Контакты — Деталь'],
    ['/catalog', 'Каталог запчастей — Деталь'],
    // Brand chips: two brands of the demo catalogue have OC 90.
    ['/search/OC%2090', /^OC 90 — KNECHT, MAHLE: \d+\s\S+ — Деталь$/],
    // A brand's full result, the article written as the brand writes it.
    ['/search/MANN-FILTER/W71275', /^W 712\/75 MANN-FILTER — цены и аналоги, \d+\s\S+ — Деталь$/],
    ['/articles', 'Статьи — Деталь'],
    ['/articles/delivery', /^Доставка.* — Деталь$/],
    ['/news', 'Новости — Деталь'],
    ['/news/postuplenie-filtrov-mann-filter', 'Поступление фильтров MANN-FILTER — Деталь'],
  ])('public route %s answers 200 titled "%s" for an anonymous visitor', async (pathname, title) => {
    const response = await get(pathname);
    expect(response.status).toBe(200);
    expect(titleOf(await response.text())).toMatch(title);
  });

  it.each([
    ['/orders', 'Мои заказы — Деталь'],
    ['/orders/create', 'Оформление заказа — Деталь'],
    ['/account', 'Личный кабинет — Деталь'],
    ['/bills', 'Счета — Деталь'],
    ['/bills/common', 'Сводка по счетам — Деталь'],
    ['/payment', 'Оплата — Деталь'],
  ])('session route %s redirects an anonymous visitor to /login and renders for a client', async (pathname, title) => {
    const anonymous = await get(pathname);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe(`/login?next=${encodeURIComponent(pathname)}`);

    const client = await get(pathname, { cookie: clientCookie });
    expect(client.status).toBe(200);
    expect(titleOf(await client.text())).toBe(title);
  });

  it('answers an order the client does not have with the 404 page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await get('/orders/42', { cookie: clientCookie });
    expect(response.status).toBe(404);
  });

  it('sends a signed-in client from /login and /register to /', async () => {
    for (const pathname of ['/login', '/register']) {
      const response = await get(pathname, { cookie: clientCookie });
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
