// `npm run screenshots -w e2e -- / /cart`: starts the production build and saves Chromium screenshots of the
// given paths at the three widths the shop is designed for (375, 768, 1440 px) into e2e/artifacts/.
// `--client` takes them as a newly registered client (for /orders, /bills, /account).
// `--staff` takes them as the shop's owner in the back office (`npm run screenshots -w e2e -- --staff /admin/staff
// /admin/audit`), at the back office's widths (768 and 1440 px), after inviting, signing in and blocking a few
// staff members so that the lists have rows; it needs the app it starts itself (no BASE_URL).
// `--orders` (with `--staff`) first places a few orders through the shop API and works their lines (statuses, a
// cancel), so that the queue and the order page have rows; `:order` in a path is the newest of those orders
// (`npm run screenshots -w e2e -- --staff --orders /admin/orders /admin/orders/:order`).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp } from './app-server.ts';
import { launchChromium } from './chromium.ts';
import { createFirstOwner, FIRST_OWNER } from './first-owner.ts';
import { placeOrderByApi } from './shop-client.ts';

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
try {
  mkdirSync(outDir, { recursive: true });
  for (const pagePath of (paths.length > 0 ? paths : ['/']).map((p) => p.replace(':order', String(orderId)))) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      if (token) await context.addCookies([{ name: 'token', value: token, url: baseUrl }]);
      if (staffSession) await context.addCookies([{ name: 'staff_session', value: staffSession, url: baseUrl }]);
      const page = await context.newPage();
      await page.goto(baseUrl + pagePath, { waitUntil: 'networkidle' });
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
