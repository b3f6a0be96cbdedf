// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX, SHOP_API_PREFIX } from '@detal/contract/browser';
import type { AdminBill, AdminClient, AdminClientRow, Payment, StaffMember } from '@detal/contract';
import { ssrHarnessPerFile } from '../../../test/ssr-harness.ts';
import { ADMIN_TEMPLATE, STAFF_EDITOR, STAFF_MANAGER, pageGetter } from '../../../test/admin-ssr.ts';

/**
 * The payments and clients pages of the back office rendered on the server against a stand-in API: what a
 * manager sees, the filters kept in the URL and passed to the API, and a content editor's refusal.
 */

const manager = STAFF_MANAGER;
const editor = STAFF_EDITOR;
const template = ADMIN_TEMPLATE;
const bill: AdminBill = {
  id: 41,
  order_id: 17,
  client_id: 5,
  client_name: 'Грозный Иван Сергеевич',
  date_bill: '2026-11-20T09:00:00.000Z',
  price_sum: 1500,
  paid_sum: 400.5,
  remaining: 1099.5,
  state: 'partly_paid',
  paid_at: null,
};
const payment: Payment = {
  id: 9,
  bill_id: 41,
  order_id: 17,
  client_id: 5,
  client_name: 'Грозный Иван Сергеевич',
  amount: 400.5,
  date: '2026-11-21',
  reference: 'П/п № 512 от 21.11.2026, ООО «Опричник»',
  source: 'statement',
  staff_email: 'manager@shop.example.ru',
  created_at: '2026-11-21T10:00:00.000Z',
};
const row: AdminClientRow = {
  id: 5,
  name: 'Грозный Иван Сергеевич',
  email: 'ivan@example.ru',
  phone_number: '+79165554433',
  company_name: 'ООО «Опричник»',
  inn: '7708123456',
  group_name: 'Опт',
  blocked: true,
  created_at: '2026-11-01T09:00:00.000Z',
};
const client: AdminClient = {
  ...row,
  first_name: 'Иван',
  last_name: 'Грозный',
  middle_name: 'Сергеевич',
  is_business: true,
  group_id: 2,
  personal_discount: 7.5,
  blocked_at: '2026-11-23T10:00:00.000Z',
  balance: { billed: 1500, paid: 400.5, balance: 1099.5 },
  orders: [
    {
      id: 17,
      created_at: '2026-11-20T09:00:00.000Z',
      status: 'in_work',
      status_name: 'Частично выдан',
      total_price: 1500,
      count_position: 2,
    },
  ],
  orders_total: 1,
  bills: [bill],
  bills_total: 1,
  payments: [payment],
  payments_total: 1,
  groups: [
    { id: 1, name: 'Розница', is_default: true },
    { id: 2, name: 'Опт', is_default: false },
  ],
};

let signedInAs: StaffMember | null = null;
const calls: { path: string; url: string; body: unknown }[] = [];
const page = <T>(data: T[]) => ({ data, current_page: 1, last_page: 3, per_page: 50, total: 120 });

async function apiFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === `${SHOP_API_PREFIX}template`) return Response.json({ data: template });
  const path = url.pathname.replace(ADMIN_API_PREFIX, '');
  const body = request.method === 'POST' ? await request.json() : null;
  calls.push({ path, url: url.search, body });
  if (!signedInAs || !request.headers.get('cookie')?.includes('staff_session=live')) {
    return Response.json({ message: 'Войдите в панель управления', error: 'unauthorized' }, { status: 401 });
  }
  if (path === 'staff-me') return Response.json({ data: { staff: signedInAs } });
  if (signedInAs.role === 'content_editor') {
    return Response.json({ message: 'Недостаточно прав для этого действия', error: 'forbidden' }, { status: 403 });
  }
  if (path === 'payment-list') return Response.json({ data: page([payment]) });
  if (path === 'bill-list') return Response.json({ data: page([bill]) });
  if (path === 'client-list') return Response.json({ data: page([row]) });
  if (path === 'payer-list') return Response.json({ data: { payers: [payer] } });
  // The client card's «Взаиморасчёты» (issue 31; its own test: admin-ledger/ledger-ssr.test.ts).
  if (path === 'ledger-account-list') return Response.json({ data: { accounts: [] } });
  if (path === 'ledger-terms-get') {
    const none = { credit_limit: null, deferral_days: null, prepay_required: null };
    return Response.json({
      data: { own: none, effective: { credit_limit: null, deferral_days: 0, prepay_required: false } },
    });
  }
  // The client screen's returns (issue 32): none here.
  if (path === 'return-list') {
    return Response.json({ data: { data: [], current_page: 1, last_page: 1, per_page: 30, total: 0 } });
  }
  if (path === 'supplier-list') return Response.json({ data: { suppliers: [] } });
  if (path === 'client-show') {
    if ((body as { id: number }).id !== 5)
      return Response.json({ message: 'Клиент не найден', error: 'not_found' }, { status: 404 });
    return Response.json({ data: { client } });
  }
  return Response.json({ message: 'Не найдено', error: 'not_found' }, { status: 404 });
}

const payer = {
  id: 3,
  kind: 'legal_entity',
  kind_name: 'Юридическое лицо',
  full_name: 'Общество с ограниченной ответственностью «Колесо»',
  short_name: 'ООО «Колесо»',
  inn: '7707083893',
  kpp: '773601001',
  ogrn: '1027700132195',
  legal_address: '117997, г. Москва, ул. Вавилова, д. 19',
  bank_name: 'ПАО Сбербанк',
  bik: '044525225',
  correspondent_account: '30101810400000000225',
  settlement_account: '40702810500000001234',
  is_default: true,
  archived: false,
  used: true,
  replaces_id: null,
  created_at: '2026-11-01T10:00:00.000Z',
};

const harness = ssrHarnessPerFile();

beforeEach(() => {
  signedInAs = manager;
  calls.length = 0;
});

const getPage = pageGetter(harness, apiFetch);
const get = (pathname: string) => getPage(pathname, 'staff_session=live');

describe('back office: payments and clients on the server', () => {
  it('renders /admin/payments: the record form, the statement upload, the filtered payments list', async () => {
    const response = await get('/admin/payments?date_from=2026-11-01&client_id=5&page=2');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Платежи — Деталь</title>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('aria-label="Записать платёж"');
    expect(html).toContain('name="amount"');
    expect(html).toContain('aria-label="Загрузить выписку"');
    expect(html).toContain('type="file"');
    expect(html).toContain('data-testid="payments-table"');
    expect(html).toContain('21.11.2026');
    expect(html).toContain('400,50\u00A0₽');
    expect(html).toContain('П/п № 512 от 21.11.2026, ООО «Опричник»');
    expect(html).toContain('выписка');
    expect(html).toMatch(/Платежей(<!-- -->)?: (<!-- -->)?120/);
    const call = calls.find((entry) => entry.path === 'payment-list');
    expect(call?.url).toBe('?page=2');
    expect(call?.body).toMatchObject({ date_from: '2026-11-01', client_id: 5, date_to: null, bill_id: null });
  });

  it('renders the bills tab with the paid / partly / unpaid state', async () => {
    const html = await (await get('/admin/payments?tab=bills&state=partly_paid')).text();
    expect(html).toContain('data-testid="bills-table"');
    expect(html).toContain('Оплачен частично');
    expect(html).toContain('1\u00A0099,50\u00A0₽');
    expect(calls.find((entry) => entry.path === 'bill-list')?.body).toMatchObject({ state: 'partly_paid' });
  });

  it('renders /admin/clients with the search kept in the URL', async () => {
    const html = await (await get('/admin/clients?q=%D0%B3%D1%80%D0%BE%D0%B7')).text();
    expect(html).toContain('<title>Клиенты — Деталь</title>');
    expect(html).toContain('data-testid="clients-table"');
    expect(html).toContain('value="гроз"');
    expect(html).toContain('href="/admin/clients/5"');
    expect(html).toContain('7708123456');
    expect(html).toContain('заблокирован');
    expect(calls.find((entry) => entry.path === 'client-list')?.body).toMatchObject({ q: 'гроз' });
  });

  it("renders a client's screen: balance, group and discount, orders, bills, payments, unblock", async () => {
    const html = await (await get('/admin/clients/5')).text();
    expect(html).toContain('<title>Грозный Иван Сергеевич — Деталь</title>');
    expect(html).toContain('data-testid="client-balance"');
    expect(html).toContain('Не оплачено по счетам');
    expect(html).toContain('1\u00A0099,50\u00A0₽');
    expect(html).toContain('value="7,5"');
    expect(html).toMatch(/<option value="Опт" selected="">Опт<\/option>|<option value="Опт" selected>/);
    expect(html).toContain('Заказ № 17');
    // The order's status as the server derived it from its lines (issue 26).
    expect(html).toContain('Частично выдан');
    expect(html).toContain('data-testid="client-blocked"');
    expect(html).toContain('>Разблокировать<');
    // The client's payers (issue 30): the requisites as a dense row, the default one marked.
    expect(html).toContain('Плательщики');
    expect(html).toContain('7707083893 / 773601001');
    expect(html).toContain('Основной');
  });

  it('answers 404 for a missing client, and tells a content editor the sections are not theirs', async () => {
    expect((await get('/admin/clients/99')).status).toBe(404);
    signedInAs = editor;
    expect(await (await get('/admin/payments')).text()).toContain('Платежи доступны владельцу и менеджерам магазина');
    expect(await (await get('/admin/clients')).text()).toContain('Клиенты доступны владельцу и менеджерам магазина');
  });
});
