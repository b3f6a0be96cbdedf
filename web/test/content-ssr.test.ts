// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_TECH_CATALOG_KEY, TECH_API_PREFIX } from '@detal/contract';
import { createFakeShopApi, fakeGroups, fakeNews, fakeOffers, fakePages } from './fake-shop-api.ts';
import { sendJson, startServer } from './http-server.ts';
import type { TestServer } from './http-server.ts';
import { FIREFOX, startSsrHarness } from './ssr-harness.ts';
import type { SsrHarness } from './ssr-harness.ts';

/** The content and catalogue pages rendered on the server from the API, as a crawler or a first visit sees them. */

const PUBLIC_URL = 'https://detal.example';
let harness: SsrHarness;
const api = createFakeShopApi();

beforeAll(async () => {
  harness = await startSsrHarness();
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

async function get(pathname: string): Promise<{ status: number; html: string; type: string | null }> {
  vi.stubEnv('PUBLIC_URL', PUBLIC_URL);
  const response = await harness.handle(
    new Request(`http://shop.internal:3000${pathname}`, { headers: { 'user-agent': FIREFOX } }),
    { apiFetch: api.apiFetch },
  );
  return { status: response.status, html: await response.text(), type: response.headers.get('content-type') };
}

const decode = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const h1Of = (html: string) => decode(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '');
/** The content of `<meta name|property="…" content="…">`. */
const metaOf = (html: string, name: string) => {
  const tag = new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(html);
  return tag ? decode(tag[1]!) : null;
};
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;
/** The visible text of the HTML (tags removed, entities decoded, whitespace collapsed), scripts left out. */
const textOf = (html: string) =>
  decode(
    html
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  );
const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => decode(match[1]!));

describe('home page', () => {
  it('carries the latest news, recommendations with add to basket, the catalogue groups and the search call to action', async () => {
    const { status, html } = await get('/');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('Автозапчасти по артикулу — Деталь');
    expect(h1Of(html)).toBe('Автозапчасти по артикулу');
    const text = textOf(html);
    for (const item of fakeNews.slice(0, 5)) expect(text).toContain(item.title);
    expect(text).not.toContain(fakeNews[5]!.title);
    for (const offer of fakeOffers.slice(0, 8)) expect(text).toContain(`${offer.brand_name} ${offer.article}`);
    expect(text).not.toContain(fakeOffers[8]!.article);
    expect(text).toContain('500,50 ₽');
    // The first offer is out of stock, the second can be added.
    expect(text).toContain('Нет в наличии');
    expect(html).toMatch(/<button[^>]*aria-label="В корзину"/);
    for (const name of ['Фильтры', 'Масляные фильтры', 'Тормозная система']) expect(text).toContain(name);
    const links = hrefsOf(html);
    expect(links).toEqual(
      expect.arrayContaining(['/news/opening', '/news', '/recommendations', '/catalog', '/catalog/filtry-maslyanye']),
    );
    expect(html).toMatch(/<form[^>]*role="search"[^>]*aria-label="Поиск запчасти по артикулу"/);
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/`);
    expect(metaOf(html, 'og:url')).toBe(`${PUBLIC_URL}/`);
    expect(metaOf(html, 'og:title')).toBe('Автозапчасти по артикулу');
    expect(metaOf(html, 'og:type')).toBe('website');
    expect(metaOf(html, 'og:description')).toBe(metaOf(html, 'description'));
  });

  it('still renders when a block fails: the failed block is left out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.override('shop/website-products-recommend-preview/1', () => Response.json({ message: 'Сбой', error: 'x' }, { status: 500 }));
    try {
      const { status, html } = await get('/');
      expect(status).toBe(200);
      expect(textOf(html)).toContain(fakeNews[0]!.title);
      expect(textOf(html)).not.toContain('Рекомендуем');
    } finally {
      api.override('shop/website-products-recommend-preview/1', null);
    }
  });
});

describe('news', () => {
  it('/news lists the newest ten with links to the next pages', async () => {
    const { status, html } = await get('/news');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('Новости — Деталь');
    const text = textOf(html);
    for (const item of fakeNews.slice(0, 10)) expect(text).toContain(item.title);
    expect(text).not.toContain(fakeNews[10]!.title);
    expect(text).toContain('23.01.2024');
    expect(hrefsOf(html)).toEqual(expect.arrayContaining(['/news?page=2', '/news?page=3']));
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/news`);
  });

  it('/news?page=3 is the last page, with its own title and canonical address', async () => {
    const { status, html } = await get('/news?page=3&utm_source=x');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('Новости, страница 3 — Деталь');
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/news?page=3`);
    const text = textOf(html);
    for (const item of fakeNews.slice(20)) expect(text).toContain(item.title);
    expect(text).not.toContain(fakeNews[19]!.title);
  });

  it.each(['/news?page=4', '/news?page=0', '/news?page=abc', '/news?page=-1'])('%s is a 404', async (pathname) => {
    const { status, html } = await get(pathname);
    expect(status).toBe(404);
    expect(titleOf(html)).toBe('Page Not Found');
  });

  it('/news/{slug} shows the item with article Open Graph tags and an absolute og:image', async () => {
    const item = fakeNews[0]!;
    const { status, html } = await get(`/news/${item.slug}`);
    expect(status).toBe(200);
    expect(titleOf(html)).toBe(`${item.title} — Деталь`);
    expect(h1Of(html)).toBe(item.title);
    expect(metaOf(html, 'description')).toBe(item.preview);
    expect(metaOf(html, 'og:type')).toBe('article');
    expect(metaOf(html, 'og:title')).toBe(item.title);
    expect(metaOf(html, 'og:image')).toBe(`${PUBLIC_URL}/images/opening.jpg`);
    expect(metaOf(html, 'article:published_time')).toBe(item.published_at);
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/news/opening`);
    expect(html).toContain(item.content_html);
    expect(textOf(html)).toContain('23.01.2024');
  });

  it('a news item without an image has no og:image', async () => {
    const { status, html } = await get(`/news/${fakeNews[1]!.slug}`);
    expect(status).toBe(200);
    expect(metaOf(html, 'og:image')).toBeNull();
  });

  it('an unknown news slug renders the 404 page with status 404', async () => {
    const { status, html } = await get('/news/no-such-news');
    expect(status).toBe(404);
    expect(titleOf(html)).toBe('Page Not Found');
    expect(h1Of(html)).toBe('Page Not Found');
    expect(metaOf(html, 'robots')).toBe('noindex');
  });
});

describe('static pages and contacts', () => {
  it('/articles lists the published pages', async () => {
    const { status, html } = await get('/articles');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('Статьи — Деталь');
    for (const page of fakePages) expect(hrefsOf(html)).toContain(`/articles/${page.slug}`);
    expect(textOf(html)).toContain('Курьер, самовывоз и транспортные компании.');
  });

  it('/articles/{slug} shows the page with its meta title and description', async () => {
    const { status, html } = await get('/articles/delivery');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('Доставка запчастей по Москве — Деталь');
    expect(metaOf(html, 'description')).toBe('Курьер, самовывоз и транспортные компании.');
    expect(h1Of(html)).toBe('Доставка');
    expect(html).toContain(fakePages[0]!.content_html);
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/articles/delivery`);
  });

  it('a page without meta texts is titled by its title', async () => {
    const { status, html } = await get('/articles/about');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('О компании — Деталь');
    expect(metaOf(html, 'description')).toBe('О компании — магазин автозапчастей «Деталь».');
  });

  it('an unknown page slug is a 404', async () => {
    const { status, html } = await get('/articles/no-such-page');
    expect(status).toBe(404);
    expect(titleOf(html)).toBe('Page Not Found');
  });

  it('/contacts shows the address, every phone, the e-mail and the hours from the template', async () => {
    const { status, html } = await get('/contacts');
    expect(status).toBe(200);
    const text = textOf(html);
    for (const fact of ['Москва, Складская ул., 1', '+7 (495) 123-45-67', '+7 (495) 765-43-21', 'shop@detal.example', 'Пн–Сб 9:00–20:00']) {
      expect(text).toContain(fact);
    }
    expect(hrefsOf(html)).toEqual(
      expect.arrayContaining(['tel:+74951234567', 'tel:+74957654321', 'mailto:shop@detal.example', '/articles/delivery']),
    );
    // The menu's links to the shop's own pages are offered next: 'Оплата и доставка' in the fake template.
    expect(text).toContain('Полезно знать Оплата и доставка');
    expect(html).not.toMatch(/<iframe/);
  });
});

describe('catalogue', () => {
  it('/catalog shows the group tree with a link to every group', async () => {
    const { status, html } = await get('/catalog');
    expect(status).toBe(200);
    expect(h1Of(html)).toBe('Каталог запчастей');
    const links = hrefsOf(html);
    for (const slug of ['filtry', 'filtry-maslyanye', 'filtry-vozdushnye', 'tormoza']) expect(links).toContain(`/catalog/${slug}`);
  });

  it("a group page shows its place in the tree and the first page of its offers with add to basket", async () => {
    const { status, html } = await get('/catalog/filtry-maslyanye');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('Масляные фильтры — Деталь');
    expect(metaOf(html, 'description')).toMatch(/^Масляные фильтры \(Фильтры\): купить/);
    expect(h1Of(html)).toBe('Масляные фильтры');
    const text = textOf(html);
    expect(text).toContain('25 предложений');
    for (const offer of fakeOffers.slice(0, 20)) expect(text).toContain(offer.article);
    expect(text).not.toContain(fakeOffers[20]!.article);
    expect(hrefsOf(html)).toEqual(expect.arrayContaining(['/catalog', '/catalog/filtry', '/catalog/filtry-maslyanye?page=2']));
    expect(html).toMatch(/<button[^>]*aria-label="В корзину"/);
    // The group was found in the tree, then its offers asked for by id.
    const itemsCall = api.calls.filter((call) => call.url.endsWith(`${TECH_API_PREFIX}get-group-items`)).at(-1);
    expect(await itemsCall!.json()).toEqual({ key: DEMO_TECH_CATALOG_KEY, group_id: 2, page: 1, per_page: 20 });
  });

  it('the second page of a group has the rest, a page past the end is a 404', async () => {
    const second = await get('/catalog/filtry-maslyanye?page=2');
    expect(second.status).toBe(200);
    expect(titleOf(second.html)).toBe('Масляные фильтры, страница 2 — Деталь');
    for (const offer of fakeOffers.slice(20)) expect(textOf(second.html)).toContain(offer.article);
    expect((await get('/catalog/filtry-maslyanye?page=3')).status).toBe(404);
  });

  it('a parent group lists its sub-groups above the offers of them all', async () => {
    const { status, html } = await get('/catalog/filtry');
    expect(status).toBe(200);
    expect(hrefsOf(html)).toEqual(expect.arrayContaining(['/catalog/filtry-maslyanye', '/catalog/filtry-vozdushnye']));
    expect(textOf(html)).toContain('25 предложений');
    expect(html).toMatch(/<nav aria-label="Подгруппы"/);
  });

  it('a group without offers or sub-groups says so', async () => {
    const { status, html } = await get('/catalog/tormoza');
    expect(status).toBe(200);
    expect(textOf(html)).toContain('В этой группе пока нет предложений');
  });

  it('an unknown group is a 404', async () => {
    const { status, html } = await get('/catalog/no-such-group');
    expect(status).toBe(404);
    expect(titleOf(html)).toBe('Page Not Found');
  });

  it('/recommendations lists every recommended offer', async () => {
    const { status, html } = await get('/recommendations');
    expect(status).toBe(200);
    expect(h1Of(html)).toBe('Рекомендуемые запчасти');
    for (const offer of fakeOffers.slice(0, 10)) expect(textOf(html)).toContain(`${offer.brand_name} ${offer.article}`);
  });
});

describe('sitemap and robots', () => {
  it('/sitemap.xml lists the fixed pages, every page, news item and group at absolute addresses', async () => {
    const { status, html: xml, type } = await get('/sitemap.xml');
    expect(status).toBe(200);
    expect(type).toBe('application/xml; charset=utf-8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const groupSlugs = ['filtry', 'filtry-maslyanye', 'filtry-vozdushnye', 'tormoza'];
    expect(locations).toEqual([
      ...['/', '/catalog', '/news', '/articles', '/contacts', '/recommendations'].map((path) => PUBLIC_URL + path),
      ...fakePages.map((page) => `${PUBLIC_URL}/articles/${page.slug}`),
      ...fakeNews.map((item) => `${PUBLIC_URL}/news/${item.slug}`),
      ...groupSlugs.map((slug) => `${PUBLIC_URL}/catalog/${slug}`),
    ]);
    expect(xml).toContain(`<url><loc>${PUBLIC_URL}/news/opening</loc><lastmod>${fakeNews[0]!.published_at}</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${PUBLIC_URL}/articles/delivery</loc><lastmod>2024-03-01T10:00:00.000Z</lastmod></url>`);
    expect(groupSlugs).toHaveLength(fakeGroups.flatMap((group) => [group, ...group.children]).length);
  });

  it('/robots.txt allows the shop, keeps crawlers out of the API and private pages, and names the sitemap', async () => {
    const { status, html: text, type } = await get('/robots.txt');
    expect(status).toBe(200);
    expect(type).toBe('text/plain; charset=utf-8');
    const lines = text.split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of ['/api/', '/account', '/orders', '/bills', '/payment', '/cart', '/login']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('without PUBLIC_URL, absolute addresses use the origin the request came to', async () => {
    const response = await harness.handle(new Request('http://shop.internal:3000/robots.txt'), { apiFetch: api.apiFetch });
    expect(await response.text()).toContain('Sitemap: http://shop.internal:3000/sitemap.xml');
  });
});

describe('TECH_CATALOG_URL', () => {
  let external: TestServer;
  const externalGroups = [
    { id: 70, name: 'Внешняя группа', parent_id: null, children: [{ id: 71, name: 'Внешняя подгруппа', parent_id: 70, children: [] }] },
  ];
  const externalOffer = { ...fakeOffers[1]!, id: 9001, article: 'EXT-1', description: 'Деталь внешнего каталога' };

  beforeAll(async () => {
    external = await startServer((request, response) => {
      const body = JSON.parse(request.body || '{}') as { key?: string; group_id?: number };
      if (body.key !== 'external-key') return sendJson(response, 403, { message: 'Неверный ключ каталога', error: 'forbidden' });
      if (request.url === '/catalogue/get-all-groups') return sendJson(response, 200, { data: externalGroups });
      if (request.url === '/catalogue/get-group-items' && body.group_id === 71) {
        return sendJson(response, 200, { data: { data: [externalOffer], current_page: 1, last_page: 1, per_page: 20, total: 1 } });
      }
      return sendJson(response, 404, { message: 'Нет', error: 'not_found' });
    });
  });

  afterAll(async () => {
    await external?.close();
  });

  it('sends the catalogue pages\' tech: calls to the external service, with its key, and never to the shop', async () => {
    vi.stubEnv('TECH_CATALOG_URL', `${external.origin}/catalogue/`);
    vi.stubEnv('TECH_CATALOG_KEY', 'external-key');
    const techCallsBefore = api.calls.filter((call) => call.url.includes(TECH_API_PREFIX)).length;

    const catalog = await get('/catalog');
    expect(catalog.status).toBe(200);
    expect(textOf(catalog.html)).toContain('Внешняя группа');
    expect(textOf(catalog.html)).not.toContain('Масляные фильтры');
    // Groups without a slug are addressed by id.
    expect(hrefsOf(catalog.html)).toEqual(expect.arrayContaining(['/catalog/70', '/catalog/71']));

    const group = await get('/catalog/71');
    expect(group.status).toBe(200);
    expect(h1Of(group.html)).toBe('Внешняя подгруппа');
    expect(textOf(group.html)).toContain('EXT-1');
    expect(hrefsOf(group.html)).toContain('/catalog/70');

    const home = await get('/');
    expect(textOf(home.html)).toContain('Внешняя группа');

    const received = external.received.map((request) => `${request.method} ${request.url}`);
    expect(received).toEqual([
      'POST /catalogue/get-all-groups',
      'POST /catalogue/get-all-groups',
      'POST /catalogue/get-group-items',
      'POST /catalogue/get-all-groups',
    ]);
    for (const request of external.received) {
      expect(JSON.parse(request.body)).toMatchObject({ key: 'external-key' });
      // The visitor's session stays with the shop.
      expect(request.headers.authorization).toBe('Bearer 0000000');
      expect(request.headers.cookie).toBeUndefined();
    }
    expect(api.calls.filter((call) => call.url.includes(TECH_API_PREFIX)).length).toBe(techCallsBefore);
  });

  it('a catalogue that refuses the key shows the error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubEnv('TECH_CATALOG_URL', `${external.origin}/catalogue/`);
    vi.stubEnv('TECH_CATALOG_KEY', 'wrong-key');
    const { status, html } = await get('/catalog');
    expect(status).toBe(500);
    expect(titleOf(html)).toBe('Internal Server Error');
  });
});
