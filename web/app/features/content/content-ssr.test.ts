// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHOP_API_PREFIX, TECH_API_PREFIX } from '@detal/contract/browser';
import type { CatalogGroup, Offer, Paginated } from '@detal/contract';
import { writeContent } from '../../../test/shop-content.ts';
import type { NewsSpec, PageSpec } from '../../../test/shop-content.ts';
import { startShopServer } from '../../../test/shop-server.ts';
import type { ShopServer } from '../../../test/shop-server.ts';
import { sendJson, startServer } from '../../../test/http-server.ts';
import type { TestServer } from '../../../test/http-server.ts';
import { FIREFOX, startSsrHarness } from '../../../test/ssr-harness.ts';
import type { SsrHarness } from '../../../test/ssr-harness.ts';

/** The content and catalogue pages rendered on the server from the API, as a crawler or a first visit sees them. */

const PUBLIC_URL = 'https://detal.example';
let harness: SsrHarness;
let shop: ShopServer;
const api = {
  apiFetch: (request: Request) => shop.apiFetch(request),
  get calls() {
    return shop.calls;
  },
};

/** 23 published items, newest first: 'Мы открылись на Складской' (with an image), then 'Новость 22' … 'Новость 1'. */
const newsItems: NewsSpec[] = Array.from({ length: 23 }, (_, index) => {
  const number = 23 - index;
  return {
    slug: number === 23 ? 'opening' : `news-${number}`,
    title: number === 23 ? 'Мы открылись на Складской' : `Новость ${number}`,
    preview: `Анонс новости ${number}`,
    bodyHtml: `<p>Текст новости ${number}</p>`,
    publishedAt: new Date(Date.UTC(2024, 0, number, 9)),
    ...(number === 23 ? { imageUrl: '/images/opening.jpg' } : {}),
  };
});
/** Dated in the future: hidden everywhere until then. */
const futureNews: NewsSpec = {
  slug: 'coming-soon',
  title: 'Скоро открытие второго магазина',
  bodyHtml: '<p>Скоро</p>',
  publishedAt: new Date(Date.UTC(2099, 0, 1)),
};
const publishedPages: PageSpec[] = [
  {
    slug: 'delivery',
    title: 'Доставка',
    bodyHtml: '<h2>Курьер</h2><p>По Москве — 350 ₽.</p><table><tr><td>Самовывоз</td><td>0 ₽</td></tr></table>',
    metaTitle: 'Доставка запчастей по Москве',
    metaDescription: 'Курьер, самовывоз и транспортные компании.',
    published: true,
  },
  { slug: 'about', title: 'О компании', bodyHtml: '<p>Мы продаём запчасти.</p>', published: true },
];
const draftPage: PageSpec = { slug: 'draft', title: 'Черновик', bodyHtml: '<p>Не готово</p>', published: false };
const emptyGroup = { name: 'Пустая группа', slug: 'pustaya-gruppa' };

/** The real API's answer (its `data`) to a GET of the shop's endpoint or a POST of the catalogue's. */
async function apiData<T>(path: string, body?: object): Promise<T> {
  const url = body ? `http://shop.test${TECH_API_PREFIX}${path}` : `http://shop.test${SHOP_API_PREFIX}${path}`;
  const response = await shop.apiFetch(
    new Request(
      url,
      body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {},
    ),
  );
  return ((await response.json()) as { data: T }).data;
}
const groupItems = (groupId: number, page = 1) =>
  apiData<Paginated<Offer>>('get-group-items', { key: shop.techCatalogKey, group_id: groupId, page, per_page: 20 });

let groups: CatalogGroup[];
let recommended: Offer[];
/** A leaf group of the demo catalogue with more than one page of offers. */
let bigGroup: { group: CatalogGroup; parent: CatalogGroup; first: Paginated<Offer>; second: Paginated<Offer> };

beforeAll(async () => {
  [harness, shop] = await Promise.all([startSsrHarness(), startShopServer()]);
  await writeContent(shop, {
    template: {
      shop: {
        name: 'Деталь на Складской',
        phone: '+7 (495) 123-45-67, +7 (495) 765-43-21',
        email: 'shop@detal.example',
        address: 'Москва, Складская ул., 1',
        work_hours: 'Пн–Сб 9:00–20:00',
      },
      menu: {
        header: [{ title: 'Новости', url: '/news' }],
        footer: [{ title: 'Оплата и доставка', url: '/articles/delivery' }],
      },
    },
    pages: [...publishedPages, draftPage],
    news: [...newsItems, futureNews],
    emptyGroups: [emptyGroup],
  });
  groups = await apiData<CatalogGroup[]>('get-all-groups', { key: shop.techCatalogKey });
  recommended = await apiData<Offer[]>('website-products-recommend-preview/1');
  for (const parent of groups) {
    for (const group of parent.children) {
      const first = await groupItems(group.id);
      if (first.last_page >= 2 && !bigGroup) bigGroup = { group, parent, first, second: await groupItems(group.id, 2) };
    }
  }
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await shop?.close();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

async function get(pathname: string): Promise<{ status: number; html: string; type: string | null }> {
  vi.stubEnv('PUBLIC_URL', PUBLIC_URL);
  const response = await harness.handle(
    new Request(`http://shop.internal:3000${pathname}`, { headers: { 'user-agent': FIREFOX } }),
    { apiFetch: api.apiFetch, techCatalogKey: shop.techCatalogKey },
  );
  return { status: response.status, html: await response.text(), type: response.headers.get('content-type') };
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
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
    for (const item of newsItems.slice(0, 5)) expect(text).toContain(item.title);
    expect(text).not.toContain(newsItems[5]!.title);
    expect(text).not.toContain(futureNews.title);
    expect(recommended.length).toBeGreaterThan(8);
    for (const offer of recommended.slice(0, 8)) expect(text).toContain(`${offer.brand_name} ${offer.article}`);
    expect(text).not.toContain(`${recommended[8]!.brand_name} ${recommended[8]!.article}`);
    expect(text).toMatch(/\d,\d\d ₽/);
    if (recommended.slice(0, 8).some((offer) => offer.quantity === 0)) expect(text).toContain('Нет в наличии');
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
    shop.failWith('website-products-recommend-preview/1', () =>
      Response.json({ message: 'Сбой', error: 'x' }, { status: 500 }),
    );
    try {
      const { status, html } = await get('/');
      expect(status).toBe(200);
      expect(textOf(html)).toContain(newsItems[0]!.title);
      expect(textOf(html)).not.toContain('Рекомендуем');
    } finally {
      shop.failWith('website-products-recommend-preview/1', null);
    }
  });
});

describe('news', () => {
  it('/news lists the newest ten with links to the next pages', async () => {
    const { status, html } = await get('/news');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('Новости — Деталь');
    const text = textOf(html);
    for (const item of newsItems.slice(0, 10)) expect(text).toContain(item.title);
    expect(text).not.toContain(newsItems[10]!.title);
    expect(text).not.toContain(futureNews.title);
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
    for (const item of newsItems.slice(20)) expect(text).toContain(item.title);
    expect(text).not.toContain(`${newsItems[19]!.title} `);
  });

  it.each(['/news?page=4', '/news?page=0', '/news?page=abc', '/news?page=-1'])('%s is a 404', async (pathname) => {
    const { status, html } = await get(pathname);
    expect(status).toBe(404);
    expect(titleOf(html)).toBe('Page Not Found');
  });

  it('/news/{slug} shows the item with article Open Graph tags and an absolute og:image', async () => {
    const item = newsItems[0]!;
    const { status, html } = await get(`/news/${item.slug}`);
    expect(status).toBe(200);
    expect(titleOf(html)).toBe(`${item.title} — Деталь`);
    expect(h1Of(html)).toBe(item.title);
    expect(metaOf(html, 'description')).toBe(item.preview);
    expect(metaOf(html, 'og:type')).toBe('article');
    expect(metaOf(html, 'og:title')).toBe(item.title);
    expect(metaOf(html, 'og:image')).toBe(`${PUBLIC_URL}/images/opening.jpg`);
    expect(metaOf(html, 'article:published_time')).toBe(item.publishedAt.toISOString());
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/news/opening`);
    expect(html).toContain(item.bodyHtml);
    expect(textOf(html)).toContain('23.01.2024');
  });

  it('a news item without an image has no og:image', async () => {
    const { status, html } = await get(`/news/${newsItems[1]!.slug}`);
    expect(status).toBe(200);
    expect(metaOf(html, 'og:image')).toBeNull();
  });

  it('a news item dated in the future is a 404 until then', async () => {
    const { status } = await get(`/news/${futureNews.slug}`);
    expect(status).toBe(404);
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
    for (const page of publishedPages) expect(hrefsOf(html)).toContain(`/articles/${page.slug}`);
    expect(hrefsOf(html)).not.toContain(`/articles/${draftPage.slug}`);
    expect(textOf(html)).toContain('Курьер, самовывоз и транспортные компании.');
  });

  it('/articles/{slug} shows the page with its meta title and description', async () => {
    const { status, html } = await get('/articles/delivery');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('Доставка запчастей по Москве — Деталь');
    expect(metaOf(html, 'description')).toBe('Курьер, самовывоз и транспортные компании.');
    expect(h1Of(html)).toBe('Доставка');
    expect(html).toContain(publishedPages[0]!.bodyHtml);
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/articles/delivery`);
  });

  it('a page without meta texts is titled by its title', async () => {
    const { status, html } = await get('/articles/about');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('О компании — Деталь');
    expect(metaOf(html, 'description')).toBe('О компании — магазин автозапчастей «Деталь».');
  });

  it('an unpublished page is a 404', async () => {
    expect((await get(`/articles/${draftPage.slug}`)).status).toBe(404);
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
    for (const fact of [
      'Москва, Складская ул., 1',
      '+7 (495) 123-45-67',
      '+7 (495) 765-43-21',
      'shop@detal.example',
      'Пн–Сб 9:00–20:00',
    ]) {
      expect(text).toContain(fact);
    }
    expect(hrefsOf(html)).toEqual(
      expect.arrayContaining([
        'tel:+74951234567',
        'tel:+74957654321',
        'mailto:shop@detal.example',
        '/articles/delivery',
      ]),
    );
    // The menu's links to the shop's own pages are offered next: 'Оплата и доставка' in the test's template.
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
    for (const slug of ['filtry', 'filtry-maslyanye', 'filtry-vozdushnye', 'tormoznaya-sistema', emptyGroup.slug])
      expect(links).toContain(`/catalog/${slug}`);
  });

  it('a group page shows its place in the tree and the first page of its offers with add to basket', async () => {
    const { group, parent, first, second } = bigGroup;
    const { status, html } = await get(`/catalog/${group.slug}`);
    expect(status).toBe(200);
    expect(titleOf(html)).toBe(`${group.name} — Деталь`);
    expect(metaOf(html, 'description')?.startsWith(`${group.name} (${parent.name}): купить`)).toBe(true);
    expect(h1Of(html)).toBe(group.name);
    const text = textOf(html);
    expect(text).toMatch(new RegExp(`${first.total} предложени`));
    for (const offer of first.data) expect(text).toContain(offer.article);
    // Page 1 only: the parts first offered on page 2 are not shown (a part's offers may straddle the pages).
    const firstArticles = new Set(first.data.map((offer) => offer.article));
    for (const offer of second.data.filter(({ article }) => !firstArticles.has(article)))
      expect(text).not.toContain(offer.article);
    expect(hrefsOf(html)).toEqual(
      expect.arrayContaining(['/catalog', `/catalog/${parent.slug}`, `/catalog/${group.slug}?page=2`]),
    );
    expect(html).toMatch(/<button[^>]*aria-label="В корзину"/);
    // The group was found in the tree, then its offers asked for by id.
    const itemsCall = api.calls.filter((call) => call.url.endsWith(`${TECH_API_PREFIX}get-group-items`)).at(-1);
    expect(await itemsCall!.json()).toEqual({ key: shop.techCatalogKey, group_id: group.id, page: 1, per_page: 20 });
  });

  it('the second page of a group has the rest, a page past the end is a 404', async () => {
    const { group, second, first } = bigGroup;
    const page = await get(`/catalog/${group.slug}?page=2`);
    expect(page.status).toBe(200);
    expect(titleOf(page.html)).toBe(`${group.name}, страница 2 — Деталь`);
    for (const offer of second.data) expect(textOf(page.html)).toContain(offer.article);
    expect((await get(`/catalog/${group.slug}?page=${first.last_page + 1}`)).status).toBe(404);
  });

  it('a parent group lists its sub-groups above the offers of them all', async () => {
    const parent = groups.find((group) => group.slug === 'filtry')!;
    const { status, html } = await get('/catalog/filtry');
    expect(status).toBe(200);
    expect(hrefsOf(html)).toEqual(expect.arrayContaining(['/catalog/filtry-maslyanye', '/catalog/filtry-vozdushnye']));
    expect(textOf(html)).toMatch(new RegExp(`${(await groupItems(parent.id)).total} предложени`));
    expect(html).toMatch(/<nav aria-label="Подгруппы"/);
  });

  it('a group without offers or sub-groups says so', async () => {
    const { status, html } = await get(`/catalog/${emptyGroup.slug}`);
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
    for (const offer of recommended) expect(textOf(html)).toContain(`${offer.brand_name} ${offer.article}`);
  });
});

describe('sitemap and robots', () => {
  it('/sitemap.xml lists the fixed pages, every page, news item and group at absolute addresses', async () => {
    const { status, html: xml, type } = await get('/sitemap.xml');
    expect(status).toBe(200);
    expect(type).toBe('application/xml; charset=utf-8');
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const flatten = (tree: CatalogGroup[]): CatalogGroup[] =>
      tree.flatMap((group) => [group, ...flatten(group.children)]);
    const groupSlugs = flatten(groups).map((group) => group.slug!);
    expect(groupSlugs).toContain(emptyGroup.slug);
    expect(locations).toEqual([
      ...['/', '/catalog', '/news', '/articles', '/contacts', '/recommendations'].map((path) => PUBLIC_URL + path),
      ...publishedPages.map((page) => `${PUBLIC_URL}/articles/${page.slug}`),
      ...newsItems.map((item) => `${PUBLIC_URL}/news/${item.slug}`),
      ...groupSlugs.map((slug) => `${PUBLIC_URL}/catalog/${slug}`),
    ]);
    expect(xml).toContain(
      `<url><loc>${PUBLIC_URL}/news/opening</loc><lastmod>${newsItems[0]!.publishedAt.toISOString()}</lastmod></url>`,
    );
    // A page's last change is when it was saved.
    expect(xml).toMatch(
      new RegExp(`<url><loc>${PUBLIC_URL}/articles/delivery</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[^<]+Z</lastmod></url>`),
    );
  });

  it('/robots.txt allows the shop, keeps crawlers out of the API and private pages, and names the sitemap', async () => {
    const { status, html: text, type } = await get('/robots.txt');
    expect(status).toBe(200);
    expect(type).toBe('text/plain; charset=utf-8');
    const lines = text.split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of ['/api/', '/admin', '/account', '/orders', '/bills', '/payment', '/cart', '/login']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('without PUBLIC_URL, absolute addresses use the origin the request came to', async () => {
    const response = await harness.handle(new Request('http://shop.internal:3000/robots.txt'), {
      apiFetch: api.apiFetch,
      techCatalogKey: shop.techCatalogKey,
    });
    expect(await response.text()).toContain('Sitemap: http://shop.internal:3000/sitemap.xml');
  });
});

describe('TECH_CATALOG_URL', () => {
  let external: TestServer;
  const externalGroups = [
    {
      id: 70,
      name: 'Внешняя группа',
      parent_id: null,
      children: [{ id: 71, name: 'Внешняя подгруппа', parent_id: 70, children: [] }],
    },
  ];
  const externalOffer: Offer = {
    id: 9001,
    article: 'EXT-1',
    brand_name: 'MAHLE',
    description: 'Деталь внешнего каталога',
    delivery: 1,
    supplier_name: 'Склад Москва',
    delivery_probability: null,
    price: 501.5,
    quantity: 1,
    weight: null,
  };

  beforeAll(async () => {
    external = await startServer((request, response) => {
      const body = JSON.parse(request.body || '{}') as { key?: string; group_id?: number };
      if (body.key !== 'external-key')
        return sendJson(response, 403, { message: 'Неверный ключ каталога', error: 'forbidden' });
      if (request.url === '/catalogue/get-all-groups') return sendJson(response, 200, { data: externalGroups });
      if (request.url === '/catalogue/get-group-items' && body.group_id === 71) {
        return sendJson(response, 200, {
          data: { data: [externalOffer], current_page: 1, last_page: 1, per_page: 20, total: 1 },
        });
      }
      return sendJson(response, 404, { message: 'Нет', error: 'not_found' });
    });
  });

  afterAll(async () => {
    await external?.close();
  });

  it("sends the catalogue pages' tech: calls to the external service, with its key, and never to the shop", async () => {
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
