import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../src/chromium.ts';

const baseUrl = inject('baseUrl');

/** Every public route of spec section 2 (plus /news and /articles) and the title it must show. */
const PUBLIC_ROUTES: ReadonlyArray<{ path: string; title: string | RegExp; heading: string | RegExp }> = [
  { path: '/', title: 'Автозапчасти по артикулу — Деталь', heading: 'Автозапчасти по артикулу' },
  { path: '/login', title: 'Вход — Деталь', heading: 'Вход' },
  { path: '/register', title: 'Регистрация — Деталь', heading: 'Регистрация' },
  { path: '/reset-password', title: 'Восстановление пароля — Деталь', heading: 'Восстановление пароля' },
  { path: '/cart', title: 'Корзина — Деталь', heading: 'Корзина' },
  { path: '/contacts', title: 'Контакты — Деталь', heading: 'Контакты' },
  { path: '/catalog', title: 'Каталог запчастей — Деталь', heading: 'Каталог запчастей' },
  // More than one brand sells OC 90: the chips page (a single brand would redirect to its full result).
  { path: '/search/OC90', title: /^OC 90 — .*KNECHT.*MAHLE.*предложени.* — Деталь$/, heading: 'Артикул OC 90' },
  {
    path: '/search/KNECHT/OC90',
    title: /^OC 90 KNECHT — цены и аналоги, \d+\s+предложени.* — Деталь$/,
    heading: 'KNECHT OC 90',
  },
  { path: '/articles', title: 'Статьи — Деталь', heading: 'Статьи' },
  { path: '/articles/delivery', title: 'Доставка автозапчастей по Москве и России — Деталь', heading: 'Доставка' },
  { path: '/news', title: 'Новости — Деталь', heading: 'Новости' },
  {
    path: '/news/zimnyaya-podgotovka-avtomobilya',
    title: 'Готовим автомобиль к зиме: что проверить в первую очередь — Деталь',
    heading: 'Готовим автомобиль к зиме: что проверить в первую очередь',
  },
  { path: '/catalog/filtry-maslyanye', title: 'Масляные фильтры — Деталь', heading: 'Масляные фильтры' },
  { path: '/recommendations', title: 'Рекомендуемые запчасти — Деталь', heading: 'Рекомендуемые запчасти' },
];

const PRIVATE_ROUTES = ['/orders', '/orders/create', '/orders/7', '/account', '/bills', '/bills/common', '/payment'];

let browser: Browser;
let context: BrowserContext;

/** A real session: the shop checks the token (client-me), so a made-up one would end at /login instead. */
async function newClientToken(): Promise<string> {
  const registration = await fetch(`${baseUrl}/api/v1/shop/client-registration`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: `shell-${Date.now()}-${Math.random().toString(36).slice(2)}@example.ru`,
      password: 'long-enough-password',
      password_confirmation: 'long-enough-password',
      first_name: 'Иван',
      last_name: 'Петров',
      phone_number: '+7 999 123-45-67',
    }),
  });
  expect(registration.status).toBe(200);
  const { data } = (await registration.json()) as { data: { client: { access_token: string } } };
  return data.client.access_token;
}

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('the shop shell in Chromium', () => {
  it('serves / rendered on the server, with the header and the footer from the shop template', async () => {
    const response = await fetch(baseUrl + '/');
    expect(response.status).toBe(200);
    const html = await response.text();
    // Content is in the HTML before any script runs.
    expect(html).toContain('<h1');
    expect(html).toContain('Автозапчасти по артикулу');
    expect(html).toMatch(/<footer[\s\S]*Деталь[\s\S]*<\/footer>/);
  });

  it('opens / and navigates to every public route, each with its title', async () => {
    context = await browser.newContext();
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(baseUrl + '/');
    await expect.poll(() => page.title()).toBe('Автозапчасти по артикулу — Деталь');
    for (const route of PUBLIC_ROUTES) {
      const response = await page.goto(baseUrl + route.path);
      expect(response?.status(), route.path).toBe(200);
      if (typeof route.title === 'string') expect(await page.title(), route.path).toBe(route.title);
      else expect(await page.title(), route.path).toMatch(route.title);
      await page.getByRole('heading', { level: 1, name: route.heading }).waitFor();
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('moves between pages client-side through the header links and the search box', async () => {
    context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(baseUrl + '/');
    const search = page.getByRole('combobox', { name: 'Поиск по артикулу' });
    await search.fill('oc 90');
    await search.press('Enter');
    await page.waitForURL(/\/search\/oc(%20| )90$/);
    await page.getByRole('heading', { level: 1, name: /oc 90/i }).waitFor();
    await page
      .getByRole('link', { name: /Корзина/ })
      .first()
      .click();
    await page.waitForURL(baseUrl + '/cart');
    await expect.poll(() => page.title()).toBe('Корзина — Деталь');
    await context.close();
  });

  it('sends an anonymous visitor from every private route to /login', async () => {
    context = await browser.newContext();
    const page = await context.newPage();
    for (const path of PRIVATE_ROUTES) {
      await page.goto(baseUrl + path);
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
      expect(new URL(page.url()).searchParams.get('next'), path).toBe(path);
      await page.getByRole('heading', { level: 1, name: 'Вход' }).waitFor();
    }
    await context.close();
  });

  it('sends a signed-in visitor from /login and /register to /', async () => {
    const token = await newClientToken();
    context = await browser.newContext();
    await context.addCookies([{ name: 'token', value: token, url: baseUrl }]);
    const page = await context.newPage();
    for (const path of ['/login', '/register']) {
      await page.goto(baseUrl + path);
      await page.waitForURL(baseUrl + '/');
    }
    await context.close();
  });

  it("puts a signed-in client's orders and bills one click away: the header when wide, the menu on a phone", async () => {
    const token = await newClientToken();
    // Reduced motion: the phone menu's drawer opens without sliding, so a click never lands on a link still moving in.
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    await context.addCookies([{ name: 'token', value: token, url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    const corner = page.getByRole('navigation', { name: 'Корзина и кабинет' });
    await corner.getByRole('link', { name: 'Мои заказы' }).click();
    await page.waitForURL(`${baseUrl}/orders`);
    // The account's tabs lead across its three pages and mark the open one.
    const tabs = page.getByRole('navigation', { name: 'Личный кабинет' });
    expect(await tabs.getByRole('link', { name: 'Мои заказы' }).getAttribute('aria-current')).toBe('page');
    await tabs.getByRole('link', { name: 'Счета' }).click();
    await page.waitForURL(`${baseUrl}/bills`);
    await page.getByRole('heading', { level: 1, name: 'Счета' }).waitFor();
    await tabs.getByRole('link', { name: 'Профиль' }).click();
    await page.waitForURL(`${baseUrl}/account`);
    // The address changes before React commits the page; the menu closes on that commit, so open it only after.
    await page.getByRole('heading', { level: 1, name: 'Личный кабинет' }).waitFor();

    // On a phone the header has a menu: the catalogue, the pages, a tappable phone number, the account, logout.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await corner.getByRole('link', { name: 'Мои заказы' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Меню' }).click();
    const menu = page.getByRole('navigation', { name: 'Меню магазина' });
    await menu.waitFor();
    expect(await menu.getByRole('link', { name: 'Каталог' }).getAttribute('href')).toBe('/catalog');
    expect(await menu.getByRole('link', { name: /^\+7/ }).getAttribute('href')).toMatch(/^tel:\+7\d{10}$/);
    await menu.getByRole('link', { name: 'Мои заказы' }).click();
    await page.waitForURL(`${baseUrl}/orders`);
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Меню' }).click();
    await menu.getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await corner.getByRole('link', { name: 'Войти' }).waitFor();
    await context.close();
  });

  it('shows Page Not Found with status 404 for an unknown path and for unknown content slugs', async () => {
    context = await browser.newContext();
    const page = await context.newPage();
    for (const path of ['/no-such-page', '/news/some-news', '/articles/no-such-page']) {
      const response = await page.goto(baseUrl + path);
      expect(response?.status(), path).toBe(404);
      expect(await page.title(), path).toBe('Page Not Found');
      await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    }
    await context.close();
  });

  it('gives search-engine bots the status and a bare body instead of the error page', async () => {
    const response = await fetch(baseUrl + '/no-such-page', {
      headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).not.toContain('<html');
  });

  it('scrolls to the top on navigation, and to the anchor when the URL has a hash', async () => {
    context = await browser.newContext({ viewport: { width: 375, height: 500 } });
    const page = await context.newPage();
    await page.goto(baseUrl + '/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page
      .getByRole('link', { name: /Корзина/ })
      .first()
      .click();
    await page.waitForURL(baseUrl + '/cart');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goto(baseUrl + '/#contacts-footer');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await context.close();
  });
});
