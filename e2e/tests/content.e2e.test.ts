import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CatalogGroup, NewsPreview, PageSummary, Paginated } from '@detal/contract';
import { launchChromium } from '../src/chromium.ts';
import { E2E_TECH_CATALOG_KEY } from '../src/app-server.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function apiData<T>(path: string, body?: object): Promise<T> {
  const response = await fetch(
    baseUrl + path,
    body ? { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } } : {},
  );
  expect(response.status, path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const latestNews = () => apiData<Paginated<NewsPreview>>('/api/v1/shop/news-list?per_page=5').then((list) => list.data);

/** A page whose console errors are collected (a hydration mismatch or a failed call shows there). */
async function openPage(context: BrowserContext): Promise<{ page: Page; consoleErrors: string[] }> {
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  return { page, consoleErrors };
}

/** The number of lines the header's basket link shows (its badge). */
const basketCount = (page: Page) =>
  page
    .getByRole('banner')
    .locator('a[href="/cart"]')
    .innerText()
    .then((text) => Number(text.match(/\d+\s*$/)?.[0]));

describe('content and catalogue in Chromium', () => {
  it('the home page HTML, fetched without running scripts, already holds the latest news and recommendations', async () => {
    const news = await latestNews();
    expect(news.length).toBe(5);
    const response = await fetch(baseUrl + '/');
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = html
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&');
    for (const item of news) {
      expect(text).toContain(item.title);
      expect(text).toContain(`href="/news/${item.slug}"`);
    }
    expect(text).toContain('Рекомендуем');
    expect(text).toContain('href="/recommendations"');
    expect(text).toContain(`<link rel="canonical" href="${baseUrl}/"/>`);
  });

  it('home -> a news item -> back', async () => {
    const [first] = await latestNews();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const { page, consoleErrors } = await openPage(context);
    await page.goto(baseUrl + '/');
    await page.getByRole('heading', { level: 1, name: 'Автозапчасти по артикулу' }).waitFor();
    const news = page.getByRole('region', { name: 'Новости' });
    await news.getByRole('link', { name: first!.title }).click();
    await page.waitForURL(`${baseUrl}/news/${first!.slug}`);
    await page.getByRole('heading', { level: 1, name: first!.title }).waitFor();
    expect(await page.title()).toBe(`${first!.title} — Деталь`);
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseUrl}/news/${first!.slug}`);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Автозапчасти по артикулу' }).waitFor();
    expect(await page.title()).toBe('Автозапчасти по артикулу — Деталь');
    // The news list pages through ?page=.
    await page.getByRole('link', { name: 'Все новости' }).click();
    await page.waitForURL(`${baseUrl}/news`);
    await page.getByRole('heading', { level: 1, name: 'Новости' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a static page from the footer, and the list of pages', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const { page, consoleErrors } = await openPage(context);
    await page.goto(baseUrl + '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Доставка' }).click();
    await page.waitForURL(`${baseUrl}/articles/delivery`);
    await page.getByRole('heading', { level: 1, name: 'Доставка' }).waitFor();
    expect(await page.title()).toBe('Доставка автозапчастей по Москве и России — Деталь');
    await page.getByRole('heading', { level: 2, name: 'Способы получения' }).waitFor();
    await page.getByRole('navigation', { name: 'Навигационная цепочка' }).getByRole('link', { name: 'Статьи' }).click();
    await page.waitForURL(`${baseUrl}/articles`);
    const pages = await apiData<PageSummary[]>('/api/v1/shop/page-list');
    for (const item of pages) await page.getByRole('link', { name: item.title, exact: true }).first().waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("the catalogue down to a group's offers, one added to the basket from its row", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const { page, consoleErrors } = await openPage(context);
    await page.goto(baseUrl + '/catalog');
    await page.getByRole('heading', { level: 1, name: 'Каталог запчастей' }).waitFor();
    await page.getByRole('link', { name: 'Фильтры', exact: true }).click();
    await page.waitForURL(`${baseUrl}/catalog/filtry`);
    await page.getByRole('navigation', { name: 'Подгруппы' }).getByRole('link', { name: 'Масляные фильтры' }).click();
    await page.waitForURL(`${baseUrl}/catalog/filtry-maslyanye`);
    await page.getByRole('heading', { level: 1, name: 'Масляные фильтры' }).waitFor();
    const table = page.getByRole('table', { name: 'Масляные фильтры: предложения' });
    const rows = table.getByRole('row').filter({ has: page.getByRole('button', { name: 'В корзину' }) });
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await basketCount(page)).toBe(0);
    await rows.first().getByRole('button', { name: 'В корзину' }).click();
    await expect.poll(() => basketCount(page)).toBe(1);

    // The next page of the group is a link of its own.
    const pager = page.getByRole('navigation', { name: 'Страницы списка' });
    await pager.getByRole('link', { name: 'Страница 2' }).click();
    await page.waitForURL(`${baseUrl}/catalog/filtry-maslyanye?page=2`);
    await expect.poll(() => page.title()).toBe('Масляные фильтры, страница 2 — Деталь');
    expect(await rows.count()).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('recommendations: one added to the basket from its card on the home page, all of them on their own page', async () => {
    const context = await browser.newContext({ viewport: { width: 768, height: 900 } });
    const { page } = await openPage(context);
    await page.goto(baseUrl + '/');
    const block = page.getByRole('region', { name: 'Рекомендуем' });
    const card = block
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'В корзину' }) })
      .first();
    await card.getByRole('button', { name: 'В корзину' }).click();
    await expect.poll(() => basketCount(page)).toBe(1);
    await block.getByRole('link', { name: 'Все рекомендации' }).click();
    await page.waitForURL(`${baseUrl}/recommendations`);
    await page.getByRole('heading', { level: 1, name: 'Рекомендуемые запчасти' }).waitFor();
    expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(await block.count());
    await context.close();
  });

  it('an unknown news slug shows Page Not Found with status 404', async () => {
    const context = await browser.newContext();
    const { page } = await openPage(context);
    const response = await page.goto(baseUrl + '/news/no-such-news-item');
    expect(response?.status()).toBe(404);
    expect(await page.title()).toBe('Page Not Found');
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    for (const path of ['/articles/no-such-page', '/catalog/no-such-group', '/news?page=999']) {
      expect((await fetch(baseUrl + path)).status, path).toBe(404);
    }
    await context.close();
  });

  it('/sitemap.xml lists every page, news item and group of the shop; /robots.txt points to it', async () => {
    const response = await fetch(baseUrl + '/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    const locations = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]));
    const pages = await apiData<PageSummary[]>('/api/v1/shop/page-list');
    const news = await apiData<Paginated<NewsPreview>>('/api/v1/shop/news-list?per_page=100');
    const groups = await apiData<CatalogGroup[]>('/api/tech/get-all-groups', { key: E2E_TECH_CATALOG_KEY });
    const flatten = (list: CatalogGroup[]): CatalogGroup[] =>
      list.flatMap((group) => [group, ...flatten(group.children)]);
    const expected = [
      ...['/', '/catalog', '/news', '/articles', '/contacts', '/recommendations'],
      ...pages.map((page) => `/articles/${page.slug}`),
      ...news.data.map((item) => `/news/${item.slug}`),
      ...flatten(groups).map((group) => `/catalog/${group.slug}`),
    ].map((path) => baseUrl + path);
    expect(locations).toEqual(new Set(expected));
    expect(news.total).toBe(news.data.length);

    // Every address in it answers 200.
    for (const location of [...locations].slice(0, 40)) expect((await fetch(location!)).status, location).toBe(200);

    const robots = await (await fetch(baseUrl + '/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
    expect(robots).toContain('Disallow: /api/');
  });
});
