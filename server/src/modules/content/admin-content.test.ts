import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SHOP_API_PREFIX, type AdminContent, type AdminNews, type AdminPage } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { auditLog } from '../../db/schema/index.ts';
import { readShopSetting } from '../../db/shop-settings.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { insertBrand, insertOffers, insertSupplier } from '../../../test/fixtures/offers.ts';

describe('back office: content', () => {
  let database: Database;
  let app: FastifyInstance;
  let editor: string;
  let editorId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await buildTestApp(database));
    editorId = (await createTestStaff(database.db, 'content_editor')).member.id;
    editor = await staffCookieFor(database.db, editorId);
    const mann = await insertBrand(database.db, 'MANN-FILTER');
    const supplier = await insertSupplier(database.db, 'АвтоРесурс');
    await insertOffers(database.db, mann, supplier, [
      { article: 'W 712/75', price: '500.00', quantity: 3, description: 'Фильтр масляный' },
      { article: 'W712/75', price: '520.00', quantity: 1 },
    ]);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const shopNews = (slug: string) => app.inject({ method: 'GET', url: `${SHOP_API_PREFIX}news-page/${slug}` });

  it('saves a news item sanitized, unpublishes it (gone from the shop) and publishes it again, each step audited', async () => {
    const saved = await callAdmin(app, 'news-save', {
      cookie: editor,
      body: {
        slug: 'novinka',
        title: 'Новинка',
        content_html: '<p>Привет <strong>всем</strong><script>alert(1)</script></p><p onclick="x()">Ещё</p>',
        published: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const item = (saved.json() as { data: { news: AdminNews } }).data.news;
    expect(item.content_html).toBe('<p>Привет <strong>всем</strong></p><p>Ещё</p>');
    expect(item.preview).toBe('Привет всем Ещё');
    expect((await shopNews('novinka')).statusCode).toBe(200);

    const off = await callAdmin(app, 'content-publish', {
      cookie: editor,
      body: { kind: 'news', id: item.id, published: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await shopNews('novinka')).statusCode).toBe(404);
    const listed = (await callAdmin(app, 'content-show', { cookie: editor })).json() as { data: AdminContent };
    expect(listed.data.news).toEqual([expect.objectContaining({ slug: 'novinka', published: false })]);

    await callAdmin(app, 'content-publish', { cookie: editor, body: { kind: 'news', id: item.id, published: true } });
    expect((await shopNews('novinka')).statusCode).toBe(200);
    const actions = await database.db
      .select({ action: auditLog.action, staffId: auditLog.staffId })
      .from(auditLog)
      .where(eq(auditLog.entity, 'news'));
    expect(actions.map((row) => row.action)).toEqual(['news.create', 'news.unpublish', 'news.publish']);
    expect(actions.every((row) => row.staffId === editorId)).toBe(true);
  });

  it('refuses a body with nothing left after sanitizing, under its field, and a bad slug by the contract', async () => {
    const empty = await callAdmin(app, 'page-save', {
      cookie: editor,
      body: { slug: 'pusto', title: 'Пусто', content_html: '<script>x()</script>', published: true },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ error: { content_html: [expect.stringContaining('Текст пуст')] } });
    const slug = await callAdmin(app, 'page-save', {
      cookie: editor,
      body: { slug: 'Плохой адрес', title: 'x', content_html: '<p>x</p>', published: true },
    });
    expect(slug.statusCode).toBe(422);
    expect(Object.keys((slug.json() as { error: object }).error)).toEqual(['slug']);
  });

  it('saves a page unpublished, previews HTML sanitized without writing', async () => {
    const saved = await callAdmin(app, 'page-save', {
      cookie: editor,
      body: { slug: 'dostavka', title: 'Доставка', content_html: '<h2>Курьер</h2><p>По Москве</p>', published: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = (saved.json() as { data: { page: AdminPage } }).data.page;
    expect(page).toMatchObject({ slug: 'dostavka', published: false, content_html: '<h2>Курьер</h2><p>По Москве</p>' });
    const shown = await callAdmin(app, 'page-show', { cookie: editor, body: { id: page.id } });
    expect((shown.json() as { data: { page: AdminPage } }).data.page.title).toBe('Доставка');

    const preview = await callAdmin(app, 'content-preview', {
      cookie: editor,
      body: { content_html: '<p><a href="javascript:alert(1)">ссылка</a><img src=x onerror=alert(1)></p>' },
    });
    expect(preview.json()).toEqual({ data: { content_html: expect.not.stringMatching(/javascript|onerror/) } });
  });

  it('saves the menus and the recommendation block picked by article search', async () => {
    const bad = await callAdmin(app, 'menus-save', {
      cookie: editor,
      body: { header: [{ title: 'Новости', url: 'javascript:alert(1)' }], footer: [] },
    });
    expect(bad.statusCode).toBe(422);
    // Browsers read `/\\host` as `//host` (and drop a tab or a line break): each would lead off-site.
    for (const offSite of [
      '/\\evil.example',
      '/\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '//evil.example',
    ]) {
      const refused = await callAdmin(app, 'menus-save', {
        cookie: editor,
        body: { header: [], footer: [{ title: 'Доставка', url: offSite }] },
      });
      expect(refused.statusCode, offSite).toBe(422);
      expect(JSON.stringify(refused.json().error)).toContain('Адрес: путь от корня сайта (/news) или ссылка http(s)');
    }
    const menus = await callAdmin(app, 'menus-save', {
      cookie: editor,
      body: { header: [{ title: 'Новости', url: '/news' }], footer: [{ title: 'VK', url: 'https://vk.com/shop' }] },
    });
    expect(menus.statusCode, menus.body).toBe(200);
    expect(await readShopSetting(database.db, 'menu')).toEqual({
      header: [{ title: 'Новости', url: '/news' }],
      footer: [{ title: 'VK', url: 'https://vk.com/shop' }],
    });

    const found = await callAdmin(app, 'recommendation-candidates', { cookie: editor, body: { article: 'w712-75' } });
    expect(found.json()).toEqual({
      data: { items: [{ brand: 'MANN-FILTER', article: 'W 712/75', description: 'Деталь W712/75', offers: 2 }] },
    });
    const saved = await callAdmin(app, 'recommendations-save', {
      cookie: editor,
      body: { items: [{ brand: 'mann-filter', article: 'W 712/75' }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as { data: AdminContent }).data.recommendations).toEqual([
      { brand: 'MANN-FILTER', article: 'W 712/75', description: 'Деталь W712/75' },
    ]);
    const home = await app.inject({ method: 'GET', url: `${SHOP_API_PREFIX}website-products-recommend-preview/1` });
    expect((home.json() as { data: unknown[] }).data).toHaveLength(1);
    const unknown = await callAdmin(app, 'recommendations-save', {
      cookie: editor,
      body: { items: [{ brand: 'НЕТ ТАКОГО', article: 'X1' }] },
    });
    expect(unknown.statusCode).toBe(422);
    expect((await readShopSetting(database.db, 'menu'))?.header).toHaveLength(1);
  });
});
