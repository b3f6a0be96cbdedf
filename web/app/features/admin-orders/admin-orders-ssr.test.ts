// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderLine, StaffMember } from '@detal/contract';
import { ssrHarnessPerFile } from '../../../test/ssr-harness.ts';
import { STAFF_EDITOR, STAFF_MANAGER, pageGetter, staffApiStandIn, type StandInCall } from '../../../test/admin-ssr.ts';
import { pageOf, requestedReturn } from '../../../test/returns-fixtures.ts';

/** The back office's orders rendered on the server against a stand-in API: the queue and an order's screen. */

const manager = STAFF_MANAGER;
const editor = STAFF_EDITOR;

const line: AdminOrderLine = {
  id: 501,
  order_id: 42,
  created_at: '2026-11-24T07:15:00.000Z',
  client_id: 7,
  client_name: 'Петров Иван, ООО «Ромашка»',
  client_email: 'buyer@example.ru',
  client_phone: '+79991234567',
  article: 'OC90',
  brand_name: 'KNECHT',
  description: 'Фильтр масляный',
  supplier_id: 3,
  supplier_name: 'ООО Автоальянс (настоящее имя)',
  delivery: 2,
  quantity: 2,
  purchase_price: 300.5,
  price: 412.4,
  status: 'in_work',
  status_name: 'В работе',
  expected_day: '2026-11-20',
  late: true,
  order_comment: 'Позвонить за час',
};

const order: AdminOrder = {
  id: 42,
  created_at: '2026-11-24T07:15:00.000Z',
  status: 'in_work',
  status_name: 'Частично выдан',
  client: {
    id: 7,
    account_email: 'ivan@example.ru',
    last_name: 'Петров',
    first_name: 'Иван',
    middle_name: null,
    company_name: 'ООО «Ромашка»',
    email: 'buyer@example.ru',
    phone_number: '+79991234567',
  },
  delivery_method: { name: 'Курьер', price: 350, description: '' },
  delivery_address: 'г. Москва, ул. Тверская, д. 1',
  desired_date: '2026-11-26',
  desired_time: '19:30:00',
  comment: 'Позвонить за час',
  lines: [
    {
      id: 501,
      order_id: 42,
      article: 'OC90',
      brand_name: 'KNECHT',
      description: 'Фильтр масляный',
      supplier_id: 3,
      supplier_name: 'ООО Автоальянс (настоящее имя)',
      delivery: 2,
      quantity: 2,
      purchase_price: 300.5,
      price: 412.4,
      status: 'in_work',
      status_name: 'В работе',
      expected_day: '2026-11-26',
      late: false,
      total: 824.8,
      purchase_total: 601,
      margin: 223.8,
      margin_percent: 27.1,
      billed: true,
      history: [
        {
          id: 1,
          created_at: '2026-11-24T08:00:00.000Z',
          from_status: 'new',
          to_status: 'in_work',
          staff_id: 2,
          staff_name: 'Мария Иванова',
          note: 'Заказали утром',
        },
      ],
    },
    {
      id: 502,
      order_id: 42,
      article: 'W712/75',
      brand_name: 'MANN',
      description: 'Фильтр',
      supplier_id: 3,
      supplier_name: 'ООО Автоальянс (настоящее имя)',
      delivery: 2,
      quantity: 1,
      purchase_price: 100,
      price: 150,
      status: 'canceled',
      status_name: 'Отменён',
      expected_day: '2026-11-26',
      late: false,
      total: 150,
      purchase_total: 100,
      margin: 50,
      margin_percent: 33.3,
      billed: true,
      history: [
        {
          id: 2,
          created_at: '2026-11-24T08:05:00.000Z',
          from_status: 'new',
          to_status: 'canceled',
          staff_id: null,
          staff_name: null,
          note: 'CLI',
        },
      ],
    },
  ],
  totals: {
    items: 824.8,
    purchase: 601,
    margin: 223.8,
    margin_percent: 27.1,
    purchase_unknown: false,
    canceled: 150,
    due: 1174.8,
  },
  bill: { id: 9, price_sum: 1324.8, paid: true, revisions: [] },
  refund_due: 150,
};

let signedInAs: StaffMember | null = null;
const bodies: StandInCall[] = [];

const apiFetch = staffApiStandIn(
  { who: () => signedInAs, calls: bodies, lineCounts: { new_lines: 3, late_lines: 1 }, notFound: 'Заказ не найден' },
  (path) => {
    if (path === 'order-line-list') {
      return Response.json({ data: { data: [line], current_page: 2, last_page: 3, per_page: 50, total: 101 } });
    }
    if (path === 'supplier-list')
      return Response.json({ data: { suppliers: [{ id: 3, name: 'ООО Автоальянс (настоящее имя)' }] } });
    if (path === 'supplier-order-item-links') {
      return Response.json({
        data: {
          links: [
            {
              order_item_id: 501,
              kind: 'holds',
              supplier_order_id: 12,
              supplier_order_number: 'ЗП-12',
              supplier_id: 3,
              supplier_name: 'ООО Автоальянс (настоящее имя)',
              supplier_number: 'АА-777',
              state: 'partly_confirmed',
              state_name: 'Подтверждён частично',
              quantity: 2,
              confirmed_quantity: 1,
              refused_quantity: 1,
              refused_reason: 'Нет на складе',
              received_quantity: 0,
              receipt: null,
            },
          ],
        },
      });
    }
    // The order's returns (issue 32): one of line 501.
    if (path === 'return-list') return Response.json(pageOf([requestedReturn]));
    if (path === 'order-show') {
      const { id } = (bodies.at(-1)!.body ?? {}) as { id?: number };
      if (id === 42) return Response.json({ data: { order } });
    }
    return undefined;
  },
);

const harness = ssrHarnessPerFile();

beforeEach(() => {
  signedInAs = null;
  bodies.length = 0;
});

const get = pageGetter(harness, apiFetch);

describe('the back office orders on the server', () => {
  it('renders the queue with the filters of the URL passed to the API, the real supplier and the shortcuts', async () => {
    signedInAs = manager;
    const response = await get(
      '/admin/orders?status=new&status=in_work&supplier_id=3&client=Петров&order_id=42&date_from=2026-11-01&date_to=2026-11-24&page=2',
      'staff_session=live',
    );
    expect(response.status).toBe(200);
    // React separates adjacent texts with empty comments; the page reads without them.
    const html = (await response.text()).replaceAll('<!-- -->', '');
    expect(html).toContain('<title>Заказы — Деталь</title>');
    const call = bodies.find((entry) => entry.path === 'order-line-list')!;
    expect(call.query).toBe('?page=2');
    expect(call.body).toEqual({
      q: null,
      late: null,
      client_id: null,
      status: ['new', 'in_work'],
      supplier_id: 3,
      client: 'Петров',
      order_id: 42,
      date_from: '2026-11-01',
      date_to: '2026-11-24',
      per_page: 50,
    });
    expect(html).toContain('data-testid="order-queue"');
    for (const text of [
      'OC90',
      'KNECHT',
      'Фильтр масляный',
      'ООО Автоальянс (настоящее имя)',
      'Петров Иван, ООО «Ромашка»',
    ])
      expect(html).toContain(text);
    expect(html).toContain('300,50\u00a0₽');
    expect(html).toContain('412,40\u00a0₽');
    expect(html).toContain('href="/admin/orders/42"');
    expect(html).toContain('Позиций: 101');
    expect(html).toMatch(/Клавиши: j\/k/);
    expect(html).toContain('Изменить статус');
    // The chosen statuses stay checked in the filter form.
    expect(html).toMatch(/value="in_work" checked=""|checked="" [^>]*value="in_work"/);
  });

  it('searches by what the client says, shows age, expected day, lateness and the comment; links the client (issue 26, point 4)', async () => {
    signedInAs = manager;
    const response = await get('/admin/orders?q=ос+90&late=1&client_id=7', 'staff_session=live');
    expect(response.status).toBe(200);
    const html = (await response.text()).replaceAll('<!-- -->', '');
    const call = bodies.find((entry) => entry.path === 'order-line-list')!;
    expect(call.body).toMatchObject({ q: 'ос 90', late: true, client_id: 7 });
    // The search box keeps what was typed; «Просроченные» stays ticked; the client's filter is said.
    expect(html).toMatch(/name="q"[^>]*value="ос 90"|value="ос 90"[^>]*name="q"/);
    expect(html.match(/<input[^>]*name="late"[^>]*>/)?.[0]).toContain('checked=""');
    expect(html).toContain('Только клиент № 7');
    for (const header of ['Возраст', 'Ожидается']) expect(html).toContain(`>${header}</th>`);
    // Ordered 24 Nov 07:15 UTC: counted from the loader's now, whatever the day the test runs, in days.
    expect(html).toMatch(/data-testid="line-age"[^>]*>\d+ (мин|ч|дн\.)</);
    expect(html).toContain('20.11 · просрочено');
    expect(html).toContain('title="Ожидалась к 20.11.2026: просрочено"');
    expect(html).toContain('aria-label="Комментарий клиента: Позвонить за час"');
    expect(html).toContain('href="/admin/clients/7"');
  });

  it('shows the counts of new and late lines in the navigation, linked to the queue (issue 26, point 8)', async () => {
    signedInAs = manager;
    const html = (await (await get('/admin/orders/42', 'staff_session=live')).text()).replaceAll('<!-- -->', '');
    expect(bodies.some((entry) => entry.path === 'order-line-counts')).toBe(true);
    const linkOf = (label: string) => html.match(new RegExp(`<a[^>]*aria-label="${label}"[^>]*>`))?.[0] ?? '';
    expect(linkOf('Новых позиций: 3')).toContain('href="/admin/orders?status=new"');
    expect(linkOf('Просрочено позиций: 1')).toContain('href="/admin/orders?late=1"');
    // The navigation folds behind a burger on phones and tablets.
    expect(html).toMatch(/<button[^>]*aria-label="Разделы"/);

    signedInAs = editor;
    bodies.length = 0;
    const editorHtml = await (await get('/admin/content', 'staff_session=live')).text();
    expect(bodies.some((entry) => entry.path === 'order-line-counts')).toBe(false);
    expect(editorHtml).not.toContain('data-testid="order-counts"');
  });

  it('renders an order: client, delivery, lines with margin and history, totals and the refund owed', async () => {
    signedInAs = manager;
    const response = await get('/admin/orders/42', 'staff_session=live');
    expect(response.status).toBe(200);
    // React separates adjacent texts with empty comments; the page reads without them.
    const html = (await response.text()).replaceAll('<!-- -->', '');
    expect(html).toContain('<title>Заказ № 42 — Деталь</title>');
    // The line's return, linked (issue 32); the returns asked for are the order's.
    expect(html).toContain('href="/admin/returns/71"');
    expect(html).toContain('Возврат № 71, 2 шт. · Заявка');
    expect(bodies.find((call) => call.path === 'return-list')!.body).toEqual({ order_id: 42 });
    for (const text of [
      'Петров Иван',
      'ООО «Ромашка»',
      'buyer@example.ru',
      'ivan@example.ru',
      'г. Москва, ул. Тверская, д. 1',
      'Позвонить за час',
      'Курьер',
      '223,80\u00a0₽ (27,1%)',
      'Заказали утром',
      'Мария Иванова',
      'командная строка',
      'Отменён',
      'К возврату клиенту',
      '1\u00a0174,80\u00a0₽',
      'Счёт № 9',
      'Оплачен',
    ])
      expect(html).toContain(text);
    expect(html).toContain('data-testid="refund-due"');
    // The order's status as derived by the server, and the links to the client and to the queue (issue 26).
    expect(html).toMatch(/data-testid="order-status"[^]*?Частично выдан/);
    expect(html).toContain('href="/admin/clients/7"');
    expect(html).toContain('href="/admin/orders?order_id=42"');
    // Purchasing's side of the line (issue 29): its supplier order, the supplier's number, the quantities.
    expect(html).toContain('href="/admin/purchasing/orders/12"');
    expect(html).toContain('(№ АА-777) · заказана · 2 шт.: подтв. 1, отказ 1, получ. 0');
    // A canceled line offers no cancel; the one in work does.
    expect(html.match(/>Отменить</g)).toHaveLength(1);
  });

  it('answers 404 for an order that does not exist or an address that names none', async () => {
    signedInAs = manager;
    expect((await get('/admin/orders/43', 'staff_session=live')).status).toBe(404);
    expect((await get('/admin/orders/abc', 'staff_session=live')).status).toBe(404);
  });

  it('tells a content editor the orders are not theirs, and sends a visitor without a session to sign in', async () => {
    signedInAs = editor;
    const html = await (await get('/admin/orders', 'staff_session=live')).text();
    expect(html).toContain('Заказы доступны владельцу и менеджерам');
    expect(html).not.toContain('data-testid="order-queue"');
    signedInAs = null;
    const response = await get('/admin/orders/42');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/admin/login');
  });
});
