import type { FastifyInstance } from 'fastify';
import { eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_WORKING_CALENDAR,
  PER_PAGE_DEFAULT,
  PER_PAGE_MAX,
  SHOP_API_PREFIX,
  shopEndpoints,
  type NewsPreview,
} from '@detal/contract';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { useClock } from '../../http/clock.ts';
import type { Database } from '../../db/index.ts';
import { normalizeArticle } from '@detal/contract';
import { news, pages, recommendations } from '../../db/schema/index.ts';
import { seedDemoData } from '../../seed/index.ts';
import { demoNews } from '../../seed/news.ts';
import { demoPages } from '../../seed/pages.ts';
import { demoShopSettings } from '../../seed/shop-settings.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { insertBrand, insertOffers, insertSupplier } from '../../../test/fixtures/offers.ts';
import { NEWS_NOT_FOUND_MESSAGE, PAGE_NOT_FOUND_MESSAGE } from './handlers.ts';

const DAY_MS = 86_400_000;
/** The app's clock for the template's «now»: Wednesday 25 November 2026, 10:00 in Moscow. */
const NOW = new Date('2026-11-25T07:00:00.000Z');

/** The template's calendar at NOW: the default one, its days off from today on (4 November is gone). */
const TEMPLATE_CALENDAR = {
  now: NOW.toISOString(),
  time_zone: 'Europe/Moscow',
  working_weekdays: [1, 2, 3, 4, 5],
  holidays: DEFAULT_WORKING_CALENDAR.holidays.filter((day) => day >= '2026-11-25'),
  orders_until: '18:00',
};

async function startApp(database: Database): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { webBuildDir: null });
  const app = await buildApp({ config, database });
  useClock(app, () => NOW);
  await app.ready();
  return app;
}

/** GET a shop endpoint; answers the status and the parsed JSON body. */
async function getShop(app: FastifyInstance, path: string): Promise<{ status: number; body: unknown }> {
  const response = await app.inject({ method: 'GET', url: SHOP_API_PREFIX + path });
  return { status: response.statusCode, body: response.json() };
}

const notFoundBody = (message: string) => ({ message, error: 'not_found' });

describe('content API on the demo shop', () => {
  let database: Database;
  let app: FastifyInstance;
  let aboutId: number;
  const demoAbout = demoPages.find((page) => page.slug === 'about')!;
  const demoNewest = demoNews[0]!;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database, { offers: 500 });
    const { db } = database;
    await db.insert(pages).values([
      { slug: 'draft-page', title: 'Черновик', contentHtml: '<p>Ещё не готово</p>', published: false },
      { slug: '2024', title: 'Итоги года', contentHtml: '<p>Год в цифрах</p>' },
    ]);
    await db.insert(news).values({
      slug: 'future-news',
      title: 'Новость завтрашнего дня',
      preview: 'Ещё не опубликована',
      contentHtml: '<p>Завтра</p>',
      publishedAt: new Date(Date.now() + DAY_MS),
    });
    const [about] = await db.select({ id: pages.id }).from(pages).where(eq(pages.slug, 'about'));
    aboutId = about!.id;
    app = await startApp(database);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('template answers the shop card and menus from the settings, the working calendar and the app’s «now»', async () => {
    const { status, body } = await getShop(app, 'template');
    expect(status).toBe(200);
    expect(shopEndpoints.template.response.parse(body)).toEqual(body);
    expect(body).toEqual({
      data: { shop: demoShopSettings.shop, menu: demoShopSettings.menu, delivery_calendar: TEMPLATE_CALENDAR },
    });
    expect(TEMPLATE_CALENDAR.holidays[0]).toBe('2026-12-31');
  });

  it('page/{id} finds a published page by numeric id and by slug, with the same content', async () => {
    const expected = {
      id: aboutId,
      slug: 'about',
      title: demoAbout.title,
      content_html: demoAbout.contentHtml,
      meta_title: demoAbout.metaTitle,
      meta_description: demoAbout.metaDescription,
    };
    const byId = await getShop(app, `page/${aboutId}`);
    const bySlug = await getShop(app, 'page/about');
    for (const { status, body } of [byId, bySlug]) {
      expect(status).toBe(200);
      expect(shopEndpoints['page/:id'].response.parse(body)).toEqual(body);
      expect(body).toEqual({ data: expected });
    }
  });

  it('page/{id} finds a slug made of digits that is no page id, and shows unset meta texts as null', async () => {
    const { status, body } = await getShop(app, 'page/2024');
    expect(status).toBe(200);
    expect(shopEndpoints['page/:id'].response.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      data: {
        slug: '2024',
        title: 'Итоги года',
        content_html: '<p>Год в цифрах</p>',
        meta_title: null,
        meta_description: null,
      },
    });
  });

  it('page/{id} prefers the page with that id over a page whose slug is the same digits', async () => {
    const { db } = database;
    const [last] = await db.select({ id: max(pages.id) }).from(pages);
    const nextId = last!.id! + 2;
    // Stored first, so that a query without a preference would meet it first.
    await db.insert(pages).values({ slug: String(nextId), title: 'Тёзка по адресу' });
    const [target] = await db.insert(pages).values({ slug: 'target-page', title: 'Нужная страница' }).returning();
    expect(target!.id).toBe(nextId);
    const { status, body } = await getShop(app, `page/${nextId}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ data: { id: nextId, slug: 'target-page', title: 'Нужная страница' } });
  });

  it('page/{id} answers 404 for an unpublished page, an unknown slug and an id beyond the id column', async () => {
    const [draft] = await database.db.select({ id: pages.id }).from(pages).where(eq(pages.slug, 'draft-page'));
    for (const ref of ['draft-page', String(draft!.id), 'no-such-page', '99999999999999']) {
      const { status, body } = await getShop(app, `page/${ref}`);
      expect({ ref, status, body }).toEqual({ ref, status: 404, body: notFoundBody(PAGE_NOT_FOUND_MESSAGE) });
    }
  });

  it('page-list answers every published page without its body, by title', async () => {
    const { status, body } = await getShop(app, 'page-list');
    expect(status).toBe(200);
    const parsed = shopEndpoints['page-list'].response.parse(body);
    expect(parsed).toEqual(body);
    const stored = await database.db.select().from(pages).where(eq(pages.published, true));
    const expected = stored
      .map((row) => ({
        id: row.id,
        slug: row.slug,
        title: row.title,
        meta_description: row.metaDescription === '' ? null : row.metaDescription,
        updated_at: row.updatedAt.toISOString(),
      }))
      .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id));
    expect(parsed.data).toEqual(expected);
    const slugs = parsed.data.map((page) => page.slug);
    expect(slugs).toEqual(expect.arrayContaining([...demoPages.map((page) => page.slug), '2024']));
    expect(slugs).not.toContain('draft-page');
    expect(parsed.data.find((page) => page.slug === 'about')).toEqual({
      id: aboutId,
      slug: 'about',
      title: demoAbout.title,
      meta_description: demoAbout.metaDescription,
      updated_at: expect.any(String),
    });
  });

  it('news-page/{id} finds a published item by id and by slug', async () => {
    const [stored] = await database.db.select().from(news).where(eq(news.slug, demoNewest.slug));
    const expected = {
      id: stored!.id,
      slug: demoNewest.slug,
      title: demoNewest.title,
      preview: demoNewest.preview,
      content_html: demoNewest.contentHtml,
      published_at: stored!.publishedAt.toISOString(),
      image_url: null,
    };
    for (const ref of [String(stored!.id), demoNewest.slug]) {
      const { status, body } = await getShop(app, `news-page/${ref}`);
      expect(status).toBe(200);
      expect(shopEndpoints['news-page/:id'].response.parse(body)).toEqual(body);
      expect(body).toEqual({ data: expected });
    }
  });

  it('news-preview/{id} is the item without its body, by id and by slug', async () => {
    const full = await getShop(app, `news-page/${demoNewest.slug}`);
    const { content_html: body, ...withoutBody } = (full.body as { data: { id: number; content_html: string } }).data;
    expect(body).toBe(demoNewest.contentHtml);
    for (const ref of [String(withoutBody.id), demoNewest.slug]) {
      const preview = await getShop(app, `news-preview/${ref}`);
      expect(preview.status).toBe(200);
      expect(shopEndpoints['news-preview/:id'].response.parse(preview.body)).toEqual(preview.body);
      expect(preview.body).toEqual({ data: withoutBody });
      expect(Object.keys((preview.body as { data: object }).data)).not.toContain('content_html');
    }
    expect(await getShop(app, 'news-preview/no-such-news')).toEqual({
      status: 404,
      body: notFoundBody(NEWS_NOT_FOUND_MESSAGE),
    });
  });

  it('a news item dated in the future is hidden everywhere until then', async () => {
    const [future] = await database.db.select({ id: news.id }).from(news).where(eq(news.slug, 'future-news'));
    for (const path of ['news-page/future-news', `news-page/${future!.id}`, 'news-preview/future-news']) {
      const { status, body } = await getShop(app, path);
      expect({ path, status, body }).toEqual({ path, status: 404, body: notFoundBody(NEWS_NOT_FOUND_MESSAGE) });
    }
    const list = await getShop(app, 'news-list?per_page=100');
    const listed = (list.body as { data: { data: NewsPreview[]; total: number } }).data;
    expect(listed.total).toBe(demoNews.length);
    expect(listed.data.map((item) => item.slug)).toEqual(demoNews.map((item) => item.slug));
  });

  it('website-products-recommend-preview/1 answers the home block: one offer per recommended part', async () => {
    const { status, body } = await getShop(app, 'website-products-recommend-preview/1');
    expect(status).toBe(200);
    const parsed = shopEndpoints['website-products-recommend-preview/:id'].response.parse(body);
    expect(parsed).toEqual(body);
    const recommended = await database.db.select().from(recommendations).where(eq(recommendations.blockId, 1));
    expect(recommended.length).toBeGreaterThan(0);
    expect(parsed.data).toHaveLength(recommended.length);
    expect(new Set(parsed.data.map((offer) => `${offer.brand_name}|${normalizeArticle(offer.article)}`)).size).toBe(
      recommended.length,
    );
  });
});

describe('content API with exact data', () => {
  let database: Database;
  let app: FastifyInstance;
  const base = Date.UTC(2024, 0, 1);
  let recommendedOfferIds: { cheapPart: number; inStockCheapest: number };

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    // 25 published items a day apart (item-00 oldest); two share the newest day, where the higher id goes first.
    await db.insert(news).values(
      Array.from({ length: 25 }, (_, index) => ({
        slug: `item-${String(index).padStart(2, '0')}`,
        title: `Новость ${index}`,
        preview: `Анонс ${index}`,
        contentHtml: `<p>Текст ${index}</p>`,
        publishedAt: new Date(base + Math.min(index, 23) * DAY_MS),
        imageUrl: index === 0 ? '/images/news-0.jpg' : null,
      })),
    );
    await db.insert(news).values({ slug: 'later', title: 'Позже', publishedAt: new Date(Date.now() + DAY_MS) });

    const brandId = await insertBrand(db, 'ТЕСТ-БРЕНД');
    const supplierId = await insertSupplier(db, 'ООО Дистрибуция', {
      displayName: 'Склад Москва',
      deliveryProbability: 95,
    });
    const [outOfStockCheaper, inStockCheapest] = await insertOffers(db, brandId, supplierId, [
      { article: 'TST-1', price: '999.99', quantity: 0, deliveryDays: 1 },
      { article: 'TST-1', price: '1234.50', quantity: 3, deliveryDays: 2, weight: '0.250' },
      { article: 'TST-1', price: '1500.00', quantity: 5 },
    ]);
    expect(outOfStockCheaper).toBeDefined();
    const [cheapPart] = await insertOffers(db, brandId, supplierId, [
      { article: 'tst 2', description: 'Фильтр масляный', price: '0.10', quantity: 1 },
    ]);
    recommendedOfferIds = { cheapPart: cheapPart!, inStockCheapest: inStockCheapest! };
    await db.insert(recommendations).values([
      { blockId: 7, brandId, articleNormalized: 'TST2', position: 0 },
      { blockId: 7, brandId, articleNormalized: 'TST1', position: 1 },
      // A part nobody offers: left out of the block.
      { blockId: 7, brandId, articleNormalized: 'TST3', position: 2 },
    ]);
    app = await startApp(database);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const listPage = async (query: string) => {
    const { status, body } = await getShop(app, `news-list${query}`);
    expect(status).toBe(200);
    expect(shopEndpoints['news-list'].response.parse(body)).toEqual(body);
    return (
      body as {
        data: { data: NewsPreview[]; current_page: number; last_page: number; per_page: number; total: number };
      }
    ).data;
  };

  it('template shows an empty shop card and menus when no settings were written', async () => {
    const { status, body } = await getShop(app, 'template');
    expect(status).toBe(200);
    expect(shopEndpoints.template.response.parse(body)).toEqual(body);
    expect(body).toEqual({
      data: {
        shop: { name: '', phone: '', email: '', address: '', work_hours: '' },
        menu: { header: [], footer: [] },
        delivery_calendar: TEMPLATE_CALENDAR,
      },
    });
  });

  it('news-list pages published news newest first, 20 a page by default', async () => {
    const first = await listPage('');
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: PER_PAGE_DEFAULT, total: 25 });
    expect(first.data.map((item) => item.slug)).toEqual([
      'item-24',
      'item-23',
      ...Array.from({ length: 18 }, (_, offset) => `item-${String(22 - offset).padStart(2, '0')}`),
    ]);
    expect(first.data[2]).toEqual({
      id: first.data[2]!.id,
      slug: 'item-22',
      title: 'Новость 22',
      preview: 'Анонс 22',
      published_at: new Date(base + 22 * DAY_MS).toISOString(),
      image_url: null,
    });

    const second = await listPage('?page=2');
    expect(second).toMatchObject({ current_page: 2, last_page: 2, per_page: 20, total: 25 });
    expect(second.data.map((item) => item.slug)).toEqual(['item-04', 'item-03', 'item-02', 'item-01', 'item-00']);
    expect(second.data[4]!.image_url).toBe('/images/news-0.jpg');
  });

  it('news-list takes per_page from the query and answers a page past the end with no items', async () => {
    const third = await listPage('?page=3&per_page=10');
    expect(third).toMatchObject({ current_page: 3, last_page: 3, per_page: 10, total: 25 });
    expect(third.data.map((item) => item.slug)).toEqual(['item-04', 'item-03', 'item-02', 'item-01', 'item-00']);

    const pastTheEnd = await listPage('?page=9&per_page=10');
    expect(pastTheEnd).toEqual({ data: [], current_page: 9, last_page: 3, per_page: 10, total: 25 });
  });

  it('news-list caps per_page at 100', async () => {
    const capped = await listPage('?per_page=500');
    expect(capped).toMatchObject({ current_page: 1, per_page: PER_PAGE_MAX, total: 25 });
    expect(capped.data).toHaveLength(25);
  });

  it('news-list refuses page 0, a negative per_page and non-numbers with 422', async () => {
    for (const query of ['?page=0', '?per_page=0', '?per_page=-5', '?page=abc']) {
      const { status, body } = await getShop(app, `news-list${query}`);
      expect(status).toBe(422);
      expect(body).toMatchObject({ error: expect.any(Object) });
    }
  });

  it('website-products-recommend-preview answers per part its cheapest offer in stock, in block order, exact prices', async () => {
    const { status, body } = await getShop(app, 'website-products-recommend-preview/7');
    expect(status).toBe(200);
    expect(shopEndpoints['website-products-recommend-preview/:id'].response.parse(body)).toEqual(body);
    expect(body).toEqual({
      data: [
        {
          id: recommendedOfferIds.cheapPart,
          article: 'tst 2',
          brand_name: 'ТЕСТ-БРЕНД',
          description: 'Фильтр масляный',
          delivery: null,
          supplier_name: 'Склад Москва',
          delivery_probability: 95,
          price: 0.1,
          quantity: 1,
          weight: null,
        },
        {
          id: recommendedOfferIds.inStockCheapest,
          article: 'TST-1',
          brand_name: 'ТЕСТ-БРЕНД',
          description: 'Деталь TST-1',
          delivery: 2,
          supplier_name: 'Склад Москва',
          delivery_probability: 95,
          price: 1234.5,
          quantity: 3,
          weight: 0.25,
        },
      ],
    });
  });

  it('website-products-recommend-preview answers an empty list for an unknown block', async () => {
    for (const block of ['1', '999', 'home', '99999999999999']) {
      const { status, body } = await getShop(app, `website-products-recommend-preview/${block}`);
      expect({ block, status, body }).toEqual({ block, status: 200, body: { data: [] } });
    }
  });
});
