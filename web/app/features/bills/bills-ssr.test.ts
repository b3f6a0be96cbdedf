// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill, BillPayment } from '@detal/contract';
import { FIREFOX, startSsrHarness } from '../../../test/ssr-harness.ts';
import type { SsrHarness } from '../../../test/ssr-harness.ts';

/** The bill pages rendered on the server from a stand-in for the shop API that records what it was asked. */

const TOKEN = 'a'.repeat(43);

const bill = (id: number, paid: boolean, price: number): Bill => ({
  id,
  created_at: '2025-03-01T09:00:00.000Z',
  date_bill: '2025-03-01T09:00:00.000Z',
  clients_shops_orders_id: id + 100,
  price_sum: price,
  paid,
  revision: 0,
  revisions: [{ revision: 0, issued_at: '2025-03-01T09:00:00.000Z', price_sum: price }],
});

const requisites: BillPayment['requisites'] = {
  name: 'ООО «Деталь-Тест»',
  inn: '7701234567',
  kpp: '770101001',
  address: 'г. Москва, ул. Тестовая, д. 1',
  bank_name: 'ПАО «Тестбанк»',
  bik: '044525999',
  settlement_account: '40702810900000012345',
  correspondent_account: '30101810400000000999',
};

interface Call {
  path: string;
  query: string;
  body: Record<string, unknown>;
  authorization: string | null;
}

let harness: SsrHarness;
let calls: Call[] = [];
/** The answer of the stand-in API by endpoint path; a number is an error status. */
let answers: Record<string, unknown> = {};

async function apiFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.replace('/api/v1/shop/', '');
  const body = request.method === 'POST' ? ((await request.json()) as Record<string, unknown>) : {};
  calls.push({ path, query: url.search, body, authorization: request.headers.get('authorization') });
  const answer = answers[path];
  if (typeof answer === 'number') {
    return Response.json(
      { message: answer === 404 ? 'Счёт не найден' : 'Требуется вход', error: 'x' },
      { status: answer },
    );
  }
  if (path === 'client-bill-payment-post' && body.billId && answers['payment-missing']) {
    return Response.json({ message: 'Счёт не найден', error: 'not_found' }, { status: 404 });
  }
  return Response.json({ data: answer ?? null });
}

async function get(pathname: string, cookie = `token=${TOKEN}`) {
  const response = await harness.handle(
    new Request(`http://shop.internal:3000${pathname}`, { headers: { 'user-agent': FIREFOX, cookie } }),
    { apiFetch },
  );
  const html = await response.text();
  const text = html
    // React marks the seams between text parts with empty comments: they are no spaces.
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    // No-break spaces (digit groups, ₽) read as plain spaces too.
    .replace(/\s+/g, ' ');
  return { status: response.status, headers: response.headers, text };
}

const list = (data: Bill[], page = 1, lastPage = 1) => ({
  data,
  current_page: page,
  last_page: lastPage,
  per_page: 20,
  total: data.length,
});

beforeAll(async () => {
  harness = await startSsrHarness();
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

describe('/bills on the server', () => {
  it('renders the list with statuses, sums and order links, sending the filters and page of the address', async () => {
    calls = [];
    answers = { template: null, 'client-bill-all-post': list([bill(12, false, 1234.5), bill(11, true, 99)], 2, 3) };
    const { status, text } = await get('/bills?date_from=2025-03-01&paid=false&page=2');
    expect(status).toBe(200);
    expect(text).toContain('Ждем оплаты');
    expect(text).toContain('Оплачен');
    expect(text).toContain('Заказ № 112');
    expect(text).toContain('1 234,50 ₽');
    const call = calls.find((entry) => entry.path === 'client-bill-all-post')!;
    expect(call.query).toBe('?page=2');
    expect(call.body).toEqual({ date_from: '2025-03-01', date_to: null, paid: false, per_page: 20 });
    expect(call.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('shows a reversed date range on the form without asking the API', async () => {
    calls = [];
    answers = { template: null };
    const { status, text } = await get('/bills?date_from=2025-03-05&date_to=2025-03-01');
    expect(status).toBe(200);
    expect(text).toContain('Дата «по» не может быть раньше даты «с»');
    expect(calls.some((entry) => entry.path === 'client-bill-all-post')).toBe(false);
  });

  it('sends a visitor whose session ended to /login and clears the dead token cookie', async () => {
    answers = { template: null, 'client-bill-all-post': 401 };
    const { status, headers } = await get('/bills?paid=true');
    expect(status).toBe(302);
    expect(headers.get('location')).toBe('/login?next=%2Fbills%3Fpaid%3Dtrue');
    expect(headers.get('set-cookie')).toMatch(/^token=; Path=\/; SameSite=Lax; Max-Age=0/);
  });

  it('sends a visitor without a token to /login before asking the API', async () => {
    calls = [];
    const { status, headers } = await get('/bills', '');
    expect(status).toBe(302);
    expect(headers.get('location')).toBe('/login?next=%2Fbills');
    expect(calls.some((entry) => entry.path.startsWith('client-bill'))).toBe(false);
  });
});

describe('/bills/common and /payment on the server', () => {
  it('summarizes billed, paid and awaiting sums', async () => {
    answers = {
      template: null,
      'client-bill-summary-post': {
        total: { count: 3, sum: 1333.5 },
        paid: { count: 1, sum: 99 },
        awaiting: { count: 2, sum: 1234.5 },
      },
      'client-bill-all-post': list([bill(12, false, 1234.5)]),
    };
    const { status, text } = await get('/bills/common');
    expect(status).toBe(200);
    expect(text).toContain('Выставлено 1 333,50 ₽ 3 счёта');
    expect(text).toContain('Ждут оплаты 1 234,50 ₽ 2 счёта');
    expect(text).toContain('Оплачено 7% выставленной суммы');
  });

  it('shows the requisites and the QR card of the chosen bill', async () => {
    calls = [];
    answers = {
      template: null,
      'client-bill-all-post': list([bill(12, false, 1234.5)]),
      'client-bill-payment-post': {
        requisites,
        vat_rate: 20,
        payment_term_days: 5,
        bill: {
          ...bill(12, false, 1234.5),
          purpose: 'Оплата по счёту № 12 от 01.03.2025',
          pay_until: '2025-03-06',
          qr_payload: 'ST00012|Name=x',
          qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>',
        },
      },
    };
    const { status, text } = await get('/payment?bill=12');
    expect(status).toBe(200);
    expect(calls.find((entry) => entry.path === 'client-bill-payment-post')?.body).toEqual({ billId: 12 });
    for (const value of Object.values(requisites)) expect(text).toContain(value);
    expect(text).toContain('Назначение платежа: Оплата по счёту № 12 от 01.03.2025');
    expect(text).toContain('Оплатить не позднее 06.03.2025');
    expect(text).toContain('Цены включают НДС 20%.');
    expect(text).toContain('Что происходит после оплаты');
  });

  it("says when the bill asked for is not the client's, and still tells how to pay", async () => {
    answers = {
      template: null,
      'payment-missing': true,
      'client-bill-all-post': list([]),
      'client-bill-payment-post': { requisites, vat_rate: null, payment_term_days: 5, bill: null },
    };
    const { status, text } = await get('/payment?bill=999');
    expect(status).toBe(200);
    expect(text).toContain('Счёт не найден');
    expect(text).toContain('Счёта № 999 нет среди ваших счетов');
    expect(text).toContain(requisites.settlement_account);
    expect(text).toContain('НДС не облагается.');
  });
});
