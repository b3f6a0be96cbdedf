// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX, SHOP_API_PREFIX } from '@detal/contract/browser';
import type { AdminContent, AdminNews, AdminPricing, AdminSettingsView, StaffMember } from '@detal/contract';
import { ssrHarnessPerFile } from '../../../test/ssr-harness.ts';
import { ADMIN_TEMPLATE, STAFF_EDITOR, STAFF_MANAGER, pageGetter } from '../../../test/admin-ssr.ts';

/**
 * Issue 15's back office pages rendered on the server against a stand-in API: pricing, content (the news editor
 * renders without the browser-only Tiptap editor and shows the stored body instead), settings; and who is told a
 * page is not theirs (the API's 403 is the judge).
 */

const owner: StaffMember = { ...STAFF_MANAGER, id: 1, role: 'owner', name: 'Ольга Владелец' };

const pricing: AdminPricing = {
  groups: [
    {
      id: 1,
      name: 'Розница',
      is_default: true,
      clients: 12,
      profile_id: 7,
      profile: {
        group: 'Розница',
        base_markup: 20,
        bands: [
          { from: 0, to: 1000, markup: 60 },
          { from: 1000, to: null, markup: 25.5 },
        ],
        brands: { 'MANN-FILTER': 8 },
        suppliers: { АвтоРесурс: 15 },
        supplier_brands: [],
        rounding: 'rouble',
        min_margin: 30,
      },
    },
    {
      id: 2,
      name: 'Опт',
      is_default: false,
      clients: 3,
      profile_id: 9,
      profile: {
        group: 'Опт',
        base_markup: 10,
        bands: [],
        brands: {},
        suppliers: {},
        supplier_brands: [],
        rounding: 'kopeck',
        min_margin: 0,
      },
    },
  ],
  suppliers: [{ id: 1, name: 'АвтоРесурс' }],
};

const news: AdminNews = {
  id: 4,
  slug: 'postuplenie',
  title: 'Поступление фильтров',
  published: false,
  published_at: '2026-11-20T09:00:00.000Z',
  preview: 'Фильтры на складе',
  content_html: '<p>Фильтры <strong>MANN</strong> на складе</p>',
  image_url: null,
};

const content: AdminContent = {
  pages: [{ id: 2, slug: 'dostavka', title: 'Доставка', published: true, updated_at: '2026-11-21T09:00:00.000Z' }],
  news: [{ id: 4, slug: news.slug, title: news.title, published: false, published_at: news.published_at }],
  menu: { header: [{ title: 'Новости', url: '/news' }], footer: [] },
  recommendations: [{ brand: 'KNECHT', article: 'OC 90', description: 'Фильтр масляный' }],
};

const settings: AdminSettingsView = {
  shop: { name: 'Деталь', phone: '+7 495 123-45-67', email: 'shop@example.ru', address: 'Москва', work_hours: '9–20' },
  requisites: {
    name: 'ООО «Деталь»',
    inn: '7707083893',
    kpp: '773601001',
    address: 'Москва',
    bank_name: 'ПАО Сбербанк',
    bik: '044525225',
    settlement_account: '40702810500000001234',
    correspondent_account: '30101810400000000225',
  },
  vat: { rate: 20 },
  delivery_methods: [{ id: 2, name: 'Курьер', price_kopecks: 35050, description: 'По Москве', needs_address: true }],
  staff_notification: { email: null, fallback_email: 'env@shop.example.ru', fallback_source: 'env' },
  delivery_calendar: {
    working_weekdays: [1, 2, 3, 4, 5],
    holidays: ['2026-12-31', '2027-01-07'],
    orders_until: '18:00',
  },
};

let signedInAs: StaffMember = owner;
const OWNER_ONLY = new Set(['pricing-show', 'settings-show']);

async function apiFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === `${SHOP_API_PREFIX}template`) return Response.json({ data: ADMIN_TEMPLATE });
  const path = url.pathname.replace(ADMIN_API_PREFIX, '');
  if (!request.headers.get('cookie')?.includes('staff_session=live')) {
    return Response.json({ message: 'Войдите в панель управления', error: 'unauthorized' }, { status: 401 });
  }
  if (path === 'staff-me') return Response.json({ data: { staff: signedInAs } });
  const allowed = OWNER_ONLY.has(path) ? signedInAs.role === 'owner' : signedInAs.role !== 'manager';
  if (!allowed) return Response.json({ message: 'Доступ запрещён', error: 'forbidden' }, { status: 403 });
  if (path === 'pricing-show') return Response.json({ data: pricing });
  // The chosen group's default credit terms beside its prices (issue 31).
  if (path === 'ledger-terms-get') {
    const terms = { credit_limit: '100000.00', deferral_days: 7, prepay_required: false };
    return Response.json({ data: { own: terms, effective: terms } });
  }
  if (path === 'settings-show') return Response.json({ data: { settings } });
  if (path === 'content-show') return Response.json({ data: content });
  if (path === 'news-show') return Response.json({ data: { news } });
  return Response.json({ message: 'Не найдено', error: 'not_found' }, { status: 404 });
}

const harness = ssrHarnessPerFile();

beforeEach(() => {
  signedInAs = owner;
});

const getPage = pageGetter(harness, apiFetch);
const get = async (pathname: string) => {
  const response = await getPage(pathname, 'staff_session=live');
  return { status: response.status, html: await response.text() };
};

describe('back office: pricing, content and settings on the server', () => {
  it('renders /admin/pricing: the group, its bands and overrides as fields, the preview box, the navigation', async () => {
    const { status, html } = await get('/admin/pricing');
    expect(status).toBe(200);
    expect(html).toContain('<title>Цены — Деталь</title>');
    expect(html).toContain('Розница (по умолчанию) · клиентов 12');
    expect(html).toContain('data-testid="pricing-bands"');
    expect(html).toContain('value="25,5"');
    expect(html).toContain('value="MANN-FILTER"');
    expect(html).toMatch(/Профиль № (<!-- -->)?7/);
    expect(html).toContain('Предпросмотр');
    // The group's default credit terms (issue 31), its form beside the prices.
    expect(html).toContain('Кредитные условия группы «Розница» по умолчанию');
    expect(html).toContain('value="100000.00"');
    for (const section of ['Цены', 'Контент', 'Настройки']) expect(html).toContain(`>${section}<`);
    // Another group by the URL.
    expect((await get('/admin/pricing?group=%D0%9E%D0%BF%D1%82')).html).toMatch(/Профиль № (<!-- -->)?9/);
  });

  it('renders /admin/content with news, pages, menus and recommendations tabs', async () => {
    const { html } = await get('/admin/content');
    expect(html).toContain('<title>Контент — Деталь</title>');
    expect(html).toContain('data-testid="content-news"');
    expect(html).toContain('href="/admin/content/news/4"');
    expect(html).toContain('черновик');
    expect(html).toContain('Опубликовать');
    expect(html).toMatch(/Рекомендации \((<!-- -->)?1(<!-- -->)?\)/);
  });

  it("renders a news item's editor on the server without Tiptap: the stored body stands in until hydration", async () => {
    const { status, html } = await get('/admin/content/news/4');
    expect(status).toBe(200);
    expect(html).toContain('<title>Поступление фильтров — Деталь</title>');
    expect(html).toContain('data-testid="rich-text-loading"');
    expect(html).toContain('<p>Фильтры <strong>MANN</strong> на складе</p>');
    expect(html).toContain('value="postuplenie"');
    expect(html).toContain('Опубликовано (видно на сайте)');
    expect((await get('/admin/content/news/new')).html).toContain('Новая новость');
  });

  it('renders /admin/settings: contacts, requisites, VAT, delivery prices in roubles, the env fallback', async () => {
    const { html } = await get('/admin/settings');
    expect(html).toContain('<title>Настройки — Деталь</title>');
    expect(html).toContain('aria-label="Реквизиты"');
    expect(html).toContain('value="7707083893"');
    expect(html).toContain('value="350,50"');
    expect(html).toMatch(/<option value="20" selected="">20 %<\/option>/);
    expect(html).toContain('Пусто — письма идут на env@shop.example.ru');
    // The working calendar: weekdays ticked, the time, the days off as the owner reads them, a year a line.
    expect(html).toContain('aria-label="Рабочий календарь"');
    const weekday = (value: number) => new RegExp(`<input[^>]*type="checkbox"[^>]*value="${value}"`).exec(html)?.[0];
    expect(weekday(5)).toContain('checked=""');
    expect(weekday(6)).toBeDefined();
    expect(weekday(6)).not.toContain('checked=""');
    expect(html).toContain('value="18:00"');
    expect(html).toContain('31.12.2026\n07.01.2027</textarea>');
  });

  it("tells a content editor that pricing and settings are the owner's, and a manager that content is not theirs", async () => {
    signedInAs = STAFF_EDITOR;
    expect((await get('/admin/pricing')).html).toContain('Цены доступны только владельцу магазина');
    expect((await get('/admin/settings')).html).toContain('Настройки магазина доступны только владельцу');
    const editorPage = (await get('/admin/content')).html;
    expect(editorPage).toContain('data-testid="content-news"');
    expect(editorPage).not.toContain('>Цены<');
    signedInAs = STAFF_MANAGER;
    expect((await get('/admin/content')).html).toContain('Контент доступен владельцу и контент-редактору');
  });
});
