import type { Page } from 'playwright-core';
import { statementBytes } from '../../server/test/fixtures/statement.ts';
import { FIRST_OWNER } from './first-owner.ts';
import { placeOrderByApi } from './shop-client.ts';

/**
 * A back office with something in it, made through the API as scripts (no browser): the owner's session after a
 * few staff were invited and one blocked, orders whose lines were worked, clients with bills paid in part and in
 * full, a blocked client, and a bank statement uploaded on /admin/payments. For the screenshots (screenshots.ts)
 * and the first-screen timings (bench/admin-first-screen.ts).
 */

/** A session of a newly registered client: its token, as the login cookie carries it. */
export async function clientToken(baseUrl: string): Promise<string> {
  const password = 'пароль для снимков';
  const response = await fetch(`${baseUrl}/api/v1/shop/client-registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `screenshots-${Date.now()}@example.test`,
      password,
      password_confirmation: password,
      first_name: 'Анна',
      last_name: 'Смирнова',
      phone_number: '+7 916 555-12-34',
    }),
  });
  if (!response.ok) throw new Error(`Registration answered ${response.status}`);
  return ((await response.json()) as { data: { client: { access_token: string } } }).data.client.access_token;
}

/** POSTs to the back office's API as a script (no Origin: no browser), answering the staff cookie it sets, if any. */
async function adminPost(baseUrl: string, endpoint: string, body: object, cookie = ''): Promise<string | null> {
  const response = await fetch(`${baseUrl}/api/v1/admin/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${endpoint} answered ${response.status}: ${await response.text()}`);
  return /staff_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? null;
}

/** The password ownerSession gives the first owner. */
const OWNER_PASSWORD = 'пароль владельца для снимков';

/** A new session of the owner ownerSession made (a journey that moves the clock past the session's life). */
export async function ownerSignIn(baseUrl: string): Promise<string> {
  return (await adminPost(baseUrl, 'staff-sign-in', { email: FIRST_OWNER.email, password: OWNER_PASSWORD }))!;
}

/** The owner's staff session, after a staff of a few: a manager, an editor (invited, no password yet), a blocked one. */
export async function ownerSession(baseUrl: string, ownerLink: string): Promise<string> {
  const password = OWNER_PASSWORD;
  const token = new URL(ownerLink).searchParams.get('token')!;
  await adminPost(baseUrl, 'staff-set-password', { token, password, password_confirmation: password });
  const session = await ownerSignIn(baseUrl);
  const cookie = `staff_session=${session}`;
  const invitees = [
    { email: 'maria.ivanova@example.ru', name: 'Мария Иванова', role: 'manager' },
    { email: 'pavel.smirnov@example.ru', name: 'Павел Смирнов', role: 'manager' },
    { email: 'redaktor@example.ru', name: 'Екатерина Кузнецова-Белозёрская', role: 'content_editor' },
  ];
  for (const invitee of invitees) await adminPost(baseUrl, 'staff-invite', invitee, cookie);
  const list = (await (
    await fetch(`${baseUrl}/api/v1/admin/staff-list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: '{}',
    })
  ).json()) as { data: { data: { id: number; email: string }[] } };
  const pavel = list.data.data.find((member) => member.email === 'pavel.smirnov@example.ru')!;
  await adminPost(baseUrl, 'staff-block', { id: pavel.id }, cookie);
  return session!;
}

/** A back office call as a script, answering its data. */
async function adminCall<T>(baseUrl: string, endpoint: string, body: object, cookie: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1/admin/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${endpoint} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

async function shopPost<T>(baseUrl: string, endpoint: string, body: object, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1/shop/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${endpoint} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** Orders of three clients, their lines worked by the owner; answers the newest order's id. */
export async function workedOrders(baseUrl: string, session: string): Promise<number> {
  const cookie = `staff_session=${session}`;
  const names = [
    { first: 'Анна', last: 'Смирнова' },
    { first: 'Константин', last: 'Долгоруков-Завьялов' },
    { first: 'Глеб', last: 'Очередников' },
  ];
  let newest = 0;
  for (const [index, name] of names.entries()) {
    const placed = await placeOrderByApi(baseUrl, { password: 'пароль клиента для снимков', lines: 3, name });
    newest = placed.orderId;
    const { order } = await adminCall<{ order: { lines: { id: number }[] } }>(
      baseUrl,
      'order-show',
      { id: placed.orderId },
      cookie,
    );
    const [a, b, c] = order.lines.map((line) => line.id);
    if (index === 0) continue;
    await adminCall(
      baseUrl,
      'order-line-status',
      { line_ids: [a, b], status: 'in_work', note: 'Взяли в работу' },
      cookie,
    );
    await adminCall(baseUrl, 'order-line-status', { line_ids: [a], status: 'ready' }, cookie);
    if (index === 2) await adminCall(baseUrl, 'order-line-cancel', { line_id: c, note: 'Клиент передумал' }, cookie);
  }
  return newest;
}

/** A client registered with `orders` orders of one offer each (through the shop API); answers their bills. */
async function clientWithOrders(baseUrl: string, person: Record<string, string>, articles: string[]) {
  const password = 'пароль клиента для снимков';
  const email = `${person.last_name}-${Date.now()}@example.test`.toLowerCase();
  const { client } = await shopPost<{ client: { access_token: string; basket_id: number; basket_key: string } }>(
    baseUrl,
    'client-registration',
    { email, password, password_confirmation: password, ...person },
  );
  const token = client.access_token;
  const basket = { basket_id: client.basket_id, basket_key: client.basket_key };
  for (const article of articles) {
    const found = await shopPost<{
      result_products_search: { items: { id: number }[]; brands: { brand_name: string }[] };
    }>(baseUrl, 'products-search', { article }, token);
    const brand = found.result_products_search.brands[0]?.brand_name;
    const items = brand
      ? (
          await shopPost<{ result_products_search: { items: { id: number }[] } }>(
            baseUrl,
            'products-search',
            { article, brand_name: brand },
            token,
          )
        ).result_products_search.items
      : found.result_products_search.items;
    if (!items[0]) continue;
    await shopPost(baseUrl, 'basket-add-item', { item: { id: items[0].id }, quantity: 1, ...basket }, token);
    const shown = await shopPost<{ items: { id: number }[] }>(baseUrl, 'basket-show', basket, token);
    const itemsForOrder = shown.items.map((item) => item.id);
    const preorder = await shopPost<{ delivery_method: { id: number }[] }>(
      baseUrl,
      'basket-create-order-order-step1-from-items-post',
      { itemsForOrder, ...basket },
      token,
    );
    await shopPost(
      baseUrl,
      'create-order-order-step2-from-items-post',
      {
        ...basket,
        itemsForOrder,
        client_shops_email: email,
        ...person,
        delivery_method_id: preorder.delivery_method[0]!.id,
      },
      token,
    );
  }
  return (await shopPost<{ data: { id: number; price_sum: number }[] }>(baseUrl, 'client-bill-all-post', {}, token))
    .data;
}

/** A bill of salesData's clients: its number and sum. */
export interface SalesBill {
  id: number;
  price_sum: number;
}

/**
 * Clients, orders, payments (partial and full) and a blocked client for the payments and clients pages; answers
 * the bills made, for a statement naming them (uploadStatement).
 */
export async function salesData(baseUrl: string, cookie: string): Promise<SalesBill[]> {
  const today = new Date().toISOString().slice(0, 10);
  const first = await clientWithOrders(
    baseUrl,
    {
      first_name: 'Иван',
      last_name: 'Грозный',
      middle_name: 'Васильевич',
      phone_number: '+7 916 555-44-33',
      company_name: 'ООО «Опричник-Авто»',
    },
    ['OC90', 'W712/75'],
  );
  const second = await clientWithOrders(
    baseUrl,
    { first_name: 'Мария', last_name: 'Кюри', phone_number: '+7 903 111-22-33' },
    ['OC90'],
  );
  await clientWithOrders(baseUrl, { first_name: 'Пётр', last_name: 'Первый', phone_number: '+7 921 000-17-25' }, []);
  if (first[0])
    await adminPost(
      baseUrl,
      'payment-record',
      { bill_id: first[0].id, amount: first[0].price_sum, date: today, reference: 'п/п № 17, ООО «Опричник-Авто»' },
      cookie,
    );
  if (first[1])
    await adminPost(
      baseUrl,
      'payment-record',
      { bill_id: first[1].id, amount: 100.5, date: today, reference: 'частичная оплата' },
      cookie,
    );
  const clients = (await (
    await fetch(`${baseUrl}/api/v1/admin/client-list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: '{}',
    })
  ).json()) as { data: { data: { id: number; name: string }[] } };
  const peter = clients.data.data.find((client) => client.name.startsWith('Первый'));
  if (peter) await adminPost(baseUrl, 'client-block', { id: peter.id }, cookie);
  return [...first, ...second];
}

/** Uploads a statement naming the unpaid bills (one matched, one partial, one without a bill number). */
export async function uploadStatement(page: Page, statementBills: SalesBill[]): Promise<void> {
  const account = '40702810000000000000';
  const payer = '40702810400000011111';
  const [paidLater, partial] = statementBills.filter((_, index) => index !== 0 && index !== 1).concat(statementBills);
  const file = statementBytes(
    [account],
    [
      {
        number: '801',
        date: '23.11.2026',
        amount: (paidLater?.price_sum ?? 1).toFixed(2),
        payerAccount: payer,
        receiverAccount: account,
        payer: 'Кюри Мария',
        purpose: `Оплата по счету № ${paidLater?.id} от 23.11.2026`,
      },
      {
        number: '802',
        date: '23.11.2026',
        amount: '50.00',
        payerAccount: payer,
        receiverAccount: account,
        payer: 'ООО «Опричник-Авто»',
        purpose: `Оплата сч. ${partial?.id}, частично`,
      },
      {
        number: '803',
        date: '23.11.2026',
        amount: '1200.00',
        payerAccount: '40702810600000033333',
        receiverAccount: account,
        payer: 'ИП Сидоров А. А.',
        purpose: 'Оплата за запчасти по договору 15',
      },
      {
        number: '804',
        date: '23.11.2026',
        amount: '35000.00',
        payerAccount: account,
        receiverAccount: '40702810500000022222',
        purpose: 'Оплата поставщику',
      },
    ],
  );
  const input = page.getByLabel('Выписка банка (формат 1С, kl_to_1c.txt)');
  await input.setInputFiles({ name: 'kl_to_1c.txt', mimeType: 'text/plain', buffer: file });
  await page.getByRole('button', { name: 'Загрузить выписку', disabled: false }).click();
  await page.getByTestId('statement-result').waitFor();
  await page.waitForLoadState('networkidle');
}
