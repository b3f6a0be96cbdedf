import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX, IDEMPOTENCY_KEY_HEADER, SHOP_API_PREFIX } from '@detal/contract';
import {
  createDatabase,
  deleteRedisKeys,
  redisUrl,
  repoRoot,
  requestCount,
  startInstance,
  startNginx,
  type AppInstance,
  type RunningNginx,
  type TestDatabase,
} from './src/cluster.ts';
import { freePort } from '../scripts/free-port.mjs';

/*
 * The deployment the README describes, run for real: one PostgreSQL database, one Redis, two instances of the
 * production build (server/dist/main.js) and nginx with deploy/nginx/detal.conf balancing between them. Every
 * client call goes through nginx; only /metrics is read from each instance directly.
 */

const METRICS_TOKEN = `deploy-test-${randomBytes(12).toString('hex')}`;
const TECH_CATALOG_KEY = `deploy-test-${randomBytes(12).toString('hex')}`;
const REDIS_KEY_PREFIX = `detal-deploy-test:${randomBytes(6).toString('hex')}:`;
const PASSWORD = 'deploy test password 42';
const OWNER_EMAIL = 'owner@deploy.example.test';
let publicUrl: string;

let database: TestDatabase;
const instances: AppInstance[] = [];
let nginx: RunningNginx;

beforeAll(async () => {
  database = await createDatabase();
  const [proxyPort, ...ports] = await Promise.all([freePort(), freePort(), freePort()]);
  publicUrl = `http://127.0.0.1:${proxyPort}`;
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX,
    TRUST_PROXY: '1',
    PUBLIC_URL: publicUrl,
    TECH_CATALOG_KEY,
    METRICS_TOKEN,
    SEED_OFFERS: '300',
    LOG_LEVEL: 'warn',
    DATA_DIR: `/tmp/detal-deploy-unused-${randomBytes(4).toString('hex')}`,
  };
  // One after the other, as a rolling start does: the first migrates and seeds the empty database.
  for (const [index, port] of ports.entries()) {
    instances.push(await startInstance(`instance ${index + 1}`, port!, env));
  }
  nginx = await startNginx(proxyPort!, [ports[0]!, ports[1]!]);
});

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(instances.map((instance) => instance.stop()));
  await database?.drop();
  await deleteRedisKeys(REDIS_KEY_PREFIX);
});

interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** POSTs a shop endpoint through nginx, as the web does. */
async function shop<T = unknown>(
  endpoint: string,
  body: unknown,
  { token, headers = {} }: { token?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${nginx.url}${SHOP_API_PREFIX}${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token ?? '0000000'}`, ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON (an nginx error page): kept as text for the failure message
  }
  return { status: response.status, body: parsed as T };
}

const dataOf = <T>(answer: Answer): T => {
  if (answer.status !== 200) throw new Error(`Expected 200, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body as { data: T }).data;
};

interface Client {
  email: string;
  token: string;
  basket: { basket_id: number; basket_key: string };
}

let clientCounter = 0;

async function registerClient(): Promise<Client> {
  clientCounter += 1;
  const email = `deploy-${clientCounter}-${Date.now()}@example.test`;
  const { client } = dataOf<{ client: { access_token: string; basket_id: number; basket_key: string } }>(
    await shop('client-registration', {
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      first_name: 'Иван',
      last_name: 'Петров',
      phone_number: '+7 999 123-45-67',
    }),
  );
  return { email, token: client.access_token, basket: { basket_id: client.basket_id, basket_key: client.basket_key } };
}

const searchBody = { article: 'OC 90', brand_name: 'KNECHT' };

/** An offer of the demo catalogue, found through the search. */
async function someOfferId(): Promise<number> {
  const { result_products_search } = dataOf<{ result_products_search: { items: Array<{ id: number }> } }>(
    await shop('products-search', searchBody),
  );
  expect(result_products_search.items.length).toBeGreaterThan(0);
  return result_products_search.items[0]!.id;
}

async function basketLines(
  client: Client,
): Promise<Array<{ id: number; offer_id: number; quantity_in_basket: number }>> {
  return dataOf<{ items: Array<{ id: number; offer_id: number; quantity_in_basket: number }> }>(
    await shop('basket-show', client.basket, { token: client.token }),
  ).items;
}

async function clientWithLine(quantity: number): Promise<{ client: Client; lineId: number; offerId: number }> {
  const client = await registerClient();
  const offerId = await someOfferId();
  dataOf(await shop('basket-add-item', { ...client.basket, item: { id: offerId }, quantity }, { token: client.token }));
  const lines = await basketLines(client);
  return { client, lineId: lines[0]!.id, offerId };
}

const step2Form = (client: Client, lineIds: number[]) => ({
  ...client.basket,
  itemsForOrder: lineIds,
  client_shops_email: client.email,
  first_name: 'Иван',
  last_name: 'Петров',
  middle_name: null,
  company_name: null,
  phone_number: '+7 999 123-45-67',
  delivery_method_id: 3,
  delivery_address: 'г. Тула, ул. Ленина, д. 2',
  desired_date: '2099-12-31',
  desired_time: '10:00',
  comment: null,
});

const orderIdOf = (answer: Answer) => dataOf<{ orderForClient: { id: number } }>(answer).orderForClient.id;

/** Requests each instance answered on the shop API so far (its own /metrics, read directly). */
const shopRequestsPerInstance = (routeMatches = (route: string) => route.startsWith(SHOP_API_PREFIX)) =>
  Promise.all(instances.map((instance) => requestCount(instance, METRICS_TOKEN, routeMatches)));

const difference = (after: number[], before: number[]) => after.map((value, index) => value - before[index]!);

describe('two instances behind nginx', () => {
  it('a client’s requests land on both instances; the basket and the checkout stay consistent', async () => {
    const before = await shopRequestsPerInstance();
    const { client, lineId, offerId } = await clientWithLine(2);

    // Every read of the basket, whichever instance answers it, sees the same line.
    for (let read = 0; read < 6; read += 1) {
      expect(await basketLines(client)).toEqual([
        expect.objectContaining({ id: lineId, offer_id: offerId, quantity_in_basket: 2 }),
      ]);
    }

    const preorder = await shop(
      'basket-create-order-order-step1-from-items-post',
      { ...client.basket, itemsForOrder: [lineId] },
      { token: client.token },
    );
    expect(preorder.status).toBe(200);
    const orderId = orderIdOf(
      await shop('create-order-order-step2-from-items-post', step2Form(client, [lineId]), {
        token: client.token,
        headers: { [IDEMPOTENCY_KEY_HEADER]: `checkout-${randomBytes(6).toString('hex')}` },
      }),
    );

    // The order, the list and the bill, read afterwards through either instance; the line left the basket.
    for (let read = 0; read < 2; read += 1) {
      const order = dataOf<{ id: number; items: Array<{ quantity: number }> }>(
        await shop('show-client-order-post', { id: orderId }, { token: client.token }),
      );
      expect(order.id).toBe(orderId);
      expect(order.items.map((item) => item.quantity)).toEqual([2]);
      const list = dataOf<{ data: Array<{ id: number }> }>(
        await shop('show-client-all-orders-post', {}, { token: client.token }),
      );
      expect(list.data.map((listed) => listed.id)).toEqual([orderId]);
      const bills = dataOf<{ data: Array<{ clients_shops_orders_id: number }> }>(
        await shop('client-bill-all-post', {}, { token: client.token }),
      );
      expect(bills.data.map((bill) => bill.clients_shops_orders_id)).toEqual([orderId]);
    }
    expect(await basketLines(client)).toEqual([]);

    const hits = difference(await shopRequestsPerInstance(), before);
    console.log(
      `[deploy] one client's journey: ${hits.reduce((a, b) => a + b)} shop requests, per instance ${hits.join(' / ')}`,
    );
    expect(hits.every((count) => count > 0)).toBe(true);
  });

  it('20 concurrent identical step-2 submissions (one Idempotency-Key) split across the instances: one order', async () => {
    const { client, lineId } = await clientWithLine(1);
    const isStep2 = (route: string) => route.endsWith('create-order-order-step2-from-items-post');
    const before = await shopRequestsPerInstance(isStep2);
    const key = `double-click-${randomBytes(6).toString('hex')}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        shop('create-order-order-step2-from-items-post', step2Form(client, [lineId]), {
          token: client.token,
          headers: { [IDEMPOTENCY_KEY_HEADER]: key },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    const hits = difference(await shopRequestsPerInstance(isStep2), before);
    const orderIds = new Set(answers.filter((answer) => answer.status === 200).map(orderIdOf));
    console.log(
      `[deploy] 20 concurrent step-2: statuses ${summary(statuses)}, per instance ${hits.join(' / ')}, order ids ${[...orderIds].join(', ')}`,
    );
    expect(statuses).toEqual(Array(20).fill(200));
    expect(orderIds.size).toBe(1);
    expect(hits.every((count) => count > 0)).toBe(true);
    const list = dataOf<{ data: Array<{ id: number }> }>(
      await shop('show-client-all-orders-post', {}, { token: client.token }),
    );
    expect(list.data.map((order) => order.id)).toEqual([...orderIds]);
  });

  it('the sign-in limit holds at 10 per e-mail across both instances: the 11th attempt is 429', async () => {
    const client = await registerClient();
    const isLogin = (route: string) => route.endsWith('/client-login');
    const before = await shopRequestsPerInstance(isLogin);
    const statuses: number[] = [];
    // No device cookie is kept between calls (fetch has no cookie jar): a stranger's attempts.
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      statuses.push((await shop('client-login', { email: client.email, password: 'wrong password' })).status);
    }
    const rightPassword = (await shop('client-login', { email: client.email, password: PASSWORD })).status;
    const hits = difference(await shopRequestsPerInstance(isLogin), before);
    console.log(
      `[deploy] sign-in: attempts 1-11 answered ${statuses.join(' ')}, then the right password ${rightPassword}; per instance ${hits.join(' / ')}`,
    );
    expect(statuses.slice(0, 10).every((status) => status !== 429 && status >= 400 && status < 500)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(rightPassword).toBe(429);
    expect(hits.every((count) => count > 0)).toBe(true);
  });

  it('a price list larger than nginx’s usual 2 MB, uploaded in the back office, arrives and is imported', async () => {
    const cookie = await signedInOwner();
    const supplierName = `Поставщик ${randomBytes(4).toString('hex')}`;
    const { supplier } = dataOf<{ supplier: { id: number } }>(
      await admin('supplier-save', { name: supplierName, display_name: 'Склад загрузки' }, cookie),
    );
    // About 10 MB: 150,000 rows of a real-shaped list.
    const rows = 150_000;
    const lines = ['Артикул;Бренд;Наименование;Цена;Количество'];
    for (let row = 0; row < rows; row += 1)
      lines.push(`UPL${row};DEPLOYPARTS;Фильтр масляный ${row};${100 + (row % 900)},50;${row % 20}`);
    const file = Buffer.from(`${lines.join('\n')}\n`, 'utf8');
    expect(file.length).toBeGreaterThan(8 * 1024 * 1024);

    const started = Date.now();
    const response = await fetch(
      `${nginx.url}${ADMIN_API_PREFIX}import-upload?kind=price_list&supplier_id=${supplier.id}&file_name=big.csv`,
      { method: 'POST', headers: { cookie, 'content-type': 'application/octet-stream' }, body: file },
    );
    const text = await response.text();
    expect(response.status, text).toBe(200);
    const queued = (JSON.parse(text) as { data: { import: { id: number; file_bytes: number } } }).data.import;
    expect(queued.file_bytes).toBe(file.length);

    let imported: { status: string; rows_loaded: number | null; error: string | null } | undefined;
    for (let attempt = 0; attempt < 240; attempt += 1) {
      imported = dataOf<{ import: typeof imported }>(await admin('import-show', { id: queued.id }, cookie)).import;
      if (!['queued', 'running'].includes(imported!.status)) break;
      await sleep(250);
    }
    console.log(
      `[deploy] upload through nginx: ${(file.length / 1024 / 1024).toFixed(1)} MB, ${rows} rows, ` +
        `${imported?.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(imported).toMatchObject({ status: 'done', rows_loaded: rows, error: null });
    const found = dataOf<{ result_products_search: { items: Array<{ article: string }> } }>(
      await shop('products-search', { article: 'UPL12345', brand_name: 'DEPLOYPARTS' }),
    ).result_products_search.items;
    expect(found.map((item) => item.article)).toContain('UPL12345');
  });

  it('SIGTERM to one instance during a steady load of searches loses no request', async () => {
    // nginx logs a request after answering it: the earlier tests' last lines may still be coming (a run counted 201).
    let logStart = nginx.accessLog().length;
    for (let settled = false; !settled;) {
      await sleep(300);
      const now = nginx.accessLog().length;
      settled = now === logStart;
      logStart = now;
    }
    const total = 200;
    const intervalMs = 10;
    const stopped = instances[1]!;
    const pending: Array<Promise<number>> = [];
    const started = Date.now();
    for (let sent = 0; sent < total; sent += 1) {
      if (sent === 60) stopped.signal('SIGTERM');
      pending.push(
        shop('products-search', searchBody).then(
          (answer) => answer.status,
          () => 0,
        ),
      );
      // Paced against the clock, not by the sleeps alone, so that the rate stays at one per interval.
      await sleep(Math.max(0, started + (sent + 1) * intervalMs - Date.now()));
    }
    const statuses = await Promise.all(pending);
    const seconds = (Date.now() - started) / 1000;
    const exitCode = await stopped.exited;

    // nginx's log: which instance answered each search, and which ones were tried first and failed.
    const lines = nginx
      .accessLog()
      .slice(logStart)
      .filter((line) => line.endsWith('/products-search'));
    const answeredBy = new Map<string, number>();
    let retried = 0;
    for (const line of lines) {
      const upstreams = /"([^"]*)" "([^"]*)"/.exec(line);
      const tried = upstreams?.[1]?.split(', ') ?? [];
      if (tried.length > 1) retried += 1;
      const last = tried.at(-1) ?? '-';
      answeredBy.set(last, (answeredBy.get(last) ?? 0) + 1);
    }
    const byInstance = instances
      .map((instance) => `${instance.name} ${answeredBy.get(`127.0.0.1:${instance.port}`) ?? 0}`)
      .join(', ');
    console.log(
      `[deploy] SIGTERM under load: ${total} searches in ${seconds.toFixed(1)} s (${Math.round(total / seconds)}/s), ` +
        `statuses ${summary(statuses)}; answered by ${byInstance}; ${retried} retried on the other instance; ` +
        `${instances[1]!.name} exited with code ${exitCode}`,
    );
    expect(statuses).toEqual(Array(total).fill(200));
    expect(exitCode, `${stopped.name} should stop cleanly; its log:\n${stopped.output()}`).toBe(0);
    expect(lines).toHaveLength(total);
  });
});

/** POSTs a back office endpoint through nginx with the staff cookie. */
async function admin(endpoint: string, body: unknown, cookie?: string): Promise<Answer> {
  const response = await fetch(`${nginx.url}${ADMIN_API_PREFIX}${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') ? (JSON.parse(text) as unknown) : text };
}

/**
 * The shop's owner, made as a shop makes its first one (`npm run admin -- staff-create --link` on the shared
 * database), who sets a password through the link and signs in: the staff cookie.
 */
async function signedInOwner(): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/src/cli/admin.ts',
      'staff-create',
      '--email',
      OWNER_EMAIL,
      '--name',
      'Ольга Владелец',
      '--role',
      'owner',
      '--link',
    ],
    { cwd: repoRoot, env: { ...process.env, DATABASE_URL: database.url, PUBLIC_URL: publicUrl, LOG_LEVEL: 'warn' } },
  );
  const token = /set-password\?token=(\S+)/.exec(stdout)?.[1];
  if (!token) throw new Error(`staff-create printed no set-password link:\n${stdout}`);
  dataOf(await admin('staff-set-password', { token, password: PASSWORD, password_confirmation: PASSWORD }));
  const response = await fetch(`${nginx.url}${ADMIN_API_PREFIX}staff-sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: OWNER_EMAIL, password: PASSWORD }),
  });
  expect(response.status, await response.text()).toBe(200);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('staff_session='));
  if (!cookie) throw new Error('staff-sign-in set no staff_session cookie');
  return cookie.split(';')[0]!;
}

/** `200×19, 503×1` */
function summary(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${status}×${count}`).join(', ');
}
