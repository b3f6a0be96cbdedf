// `npm run screenshots -w e2e -- / /cart`: starts the production build and saves Chromium screenshots of the
// given paths at the three widths the shop is designed for (375, 768, 1440 px) into e2e/artifacts/.
// `--client` takes them as a newly registered client (for /orders, /bills, /account).
// `--staff` takes them as the shop's owner in the back office (`npm run screenshots -w e2e -- --staff /admin/staff
// /admin/audit`), at the back office's widths (768 and 1440 px), after inviting, signing in and blocking a few
// staff members so that the lists have rows; it needs the app it starts itself (no BASE_URL).
// `--orders` (with `--staff`) first places a few orders through the shop API and works their lines (statuses, a
// cancel), so that the queue and the order page have rows; `:order` in a path is the newest of those orders
// (`npm run screenshots -w e2e -- --staff --orders /admin/orders /admin/orders/:order`).
// With `--staff`, clients with orders,
// a partly paid and a paid bill and a blocked client are made too, for /admin/payments and /admin/clients; a path
// ending in `#statement` (`/admin/payments#statement`) is shot after uploading a bank statement on the page, and
// `/admin/pricing#preview` after typing an article into the pricing preview.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { startApp } from './app-server.ts';
import { launchChromium } from './chromium.ts';
import { createFirstOwner, FIRST_OWNER } from './first-owner.ts';
import { placeOrderByApi } from './shop-client.ts';
import { statementBytes } from '../../server/test/fixtures/statement.ts';

const asStaff = process.argv.includes('--staff');
const WIDTHS = asStaff ? ([768, 1440] as const) : ([375, 768, 1440] as const);
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');
const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));

const asClient = process.argv.includes('--client');
const withOrders = process.argv.includes('--orders');

/** A session of a newly registered client: its token, as the login cookie carries it. */
async function clientToken(baseUrl: string): Promise<string> {
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

/** The owner's staff session, after a staff of a few: a manager, an editor (invited, no password yet), a blocked one. */
async function ownerSession(baseUrl: string, ownerLink: string): Promise<string> {
  const password = 'пароль владельца для снимков';
  const token = new URL(ownerLink).searchParams.get('token')!;
  await adminPost(baseUrl, 'staff-set-password', { token, password, password_confirmation: password });
  const session = await adminPost(baseUrl, 'staff-sign-in', { email: FIRST_OWNER.email, password });
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
async function workedOrders(baseUrl: string, session: string): Promise<number> {
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

/** Clients, orders, payments (partial and full) and a blocked client for the payments and clients pages. */
async function salesData(baseUrl: string, cookie: string): Promise<void> {
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
  statementBills = [...first, ...second];
}

let statementBills: { id: number; price_sum: number }[] = [];
let ownerLink = '';
const app = process.env.BASE_URL
  ? null
  : await startApp({}, async (place) => {
      if (asStaff) ownerLink = await createFirstOwner(place);
    });
const baseUrl = process.env.BASE_URL ?? app!.baseUrl;
const browser = await launchChromium();
const token = asClient ? await clientToken(baseUrl) : null;
const staffSession = asStaff ? await ownerSession(baseUrl, ownerLink) : null;
const orderId = staffSession && withOrders ? await workedOrders(baseUrl, staffSession) : null;
/** Uploads a statement naming the unpaid bills (one matched, one partial, one without a bill number). */
async function uploadStatement(page: Page): Promise<void> {
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

/** Types an article into the pricing screen's preview and waits for its prices (`/admin/pricing#preview`). */
async function previewPrices(page: Page) {
  await page.getByTestId('pricing-preview-article').fill('OC 90');
  await page.getByTestId('pricing-preview').waitFor();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
}

try {
  if (staffSession) await salesData(baseUrl, `staff_session=${staffSession}`);
  mkdirSync(outDir, { recursive: true });
  for (const pagePath of (paths.length > 0 ? paths : ['/']).map((p) => p.replace(':order', String(orderId)))) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      if (token) await context.addCookies([{ name: 'token', value: token, url: baseUrl }]);
      if (staffSession) await context.addCookies([{ name: 'staff_session', value: staffSession, url: baseUrl }]);
      const page = await context.newPage();
      const [address, hash] = pagePath.split('#');
      await page.goto(baseUrl + address, { waitUntil: 'networkidle' });
      // Hydrated: the back office's buttons are enabled only then (SubmitButton).
      if (staffSession) await page.getByRole('button', { name: 'Выйти', disabled: false }).waitFor();
      if (hash === 'statement') await uploadStatement(page);
      if (hash === 'preview') await previewPrices(page);
      const name = `${pagePath.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      await context.close();
      console.log(path.join(outDir, name));
    }
  }
} finally {
  await browser.close();
  await app?.stop();
}
