import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_API_PREFIX,
  SHOP_API_PREFIX,
  adminEndpoints,
  shopEndpoints,
  type SearchResult,
  type SupplierSourceSaveInput,
} from '@detal/contract';
import { openDatabase, type Database } from '../../db/index.ts';
import {
  auditLog,
  backgroundJobs,
  notifications,
  offers,
  supplierFetches,
  supplierImports,
  supplierSources,
} from '../../db/schema/index.ts';
import { createMailer } from '../../mail/mailer.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase, testDriver } from '../../../test/helpers/db.ts';
import { textBodyOf, htmlBodyOf } from '../../../test/helpers/mail-message.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp.ts';
import { createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { insertSupplier } from '../../../test/fixtures/offers.ts';
import { sendDueNotifications } from '../notifications/sender.ts';
import { OrderChangedError } from '../orders/checkout/line-changes.ts';
import { placeOrder } from '../orders/checkout/place-order.ts';
import {
  countsOf,
  createCheckoutScene,
  step2Input,
  step2Request,
  writeDeliveryMethods,
} from '../../../test/fixtures/orders.ts';
import { nextFetchAfter } from './schedule.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { FAILURE_ALERT_AFTER, SOURCE_FETCH_JOB, runSourcesTick, type FetchSettings } from './fetcher.ts';

/*
 * Automatic price-list updates against a real local HTTP server (node:http): conditional requests, 304, 404,
 * garbage, basic authentication; the history; the staff's e-mail after repeated failures (real SMTP); stale lists
 * hidden from or flagged in the real search endpoint; two ticks never fetching one supplier twice at once.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const CSV_V1 =
  'article;brand;description;price;quantity\nOC90;MANN;Фильтр масляный;123.45;5\nW712/75;MANN;Фильтр;300;2\n';
const CSV_V2 =
  'article;brand;description;price;quantity\nOC90;MANN;Фильтр масляный;150.00;4\nW712/75;MANN;Фильтр;310;2\n';
const STAFF_EMAIL = 'staff@shop.example';

interface Served {
  body: string;
  requests: Array<{ url: string; headers: IncomingMessage['headers'] }>;
  delayMs: number;
}

const served: Served = { body: CSV_V1, requests: [], delayMs: 0 };
const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('hex')}"`;
const LAST_MODIFIED = 'Mon, 23 Nov 2026 06:00:00 GMT';

async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = request.url ?? '/';
  served.requests.push({ url, headers: request.headers });
  if (served.delayMs > 0) await sleep(served.delayMs);
  const send = (status: number, body: string, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'text/csv; charset=utf-8', ...headers });
    response.end(body);
  };
  if (url === '/price.csv') {
    const etag = etagOf(served.body);
    if (request.headers['if-none-match'] === etag) return void send(304, '', { etag });
    return void send(200, served.body, { etag, 'last-modified': LAST_MODIFIED });
  }
  // A server that ignores conditional requests: the content hash must catch an unchanged file.
  if (url === '/plain.csv') return void send(200, served.body);
  if (url === '/missing.csv') return void send(404, 'Not Found', { 'content-type': 'text/plain' });
  if (url === '/garbage') {
    return void send(200, '<!doctype html><html><body><h1>Личный кабинет</h1></body></html>', {
      'content-type': 'text/html',
    });
  }
  if (url === '/private.csv') {
    const expected = `Basic ${Buffer.from('detal:s3cret пароль').toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return void send(401, 'Unauthorized', { 'www-authenticate': 'Basic realm="prices"' });
    }
    return void send(200, served.body);
  }
  send(500, 'oops');
}

let server: Server;
let base: string;
const SUPPLIER_HOST = '127.0.0.1';
let database: Database;
let app: FastifyInstance;
let jobs: JobRunner;
let smtp: TestSmtpServer;
let tempDir: string;
let ownerCookie: string;
let managerCookie: string;
let editorCookie: string;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server.listen(0, SUPPLIER_HOST, resolve));
  base = `http://${SUPPLIER_HOST}:${(server.address() as AddressInfo).port}`;
  smtp = await startSmtpServer();
  tempDir = await mkdtemp(path.join(tmpdir(), 'detal-sources-'));
  database = await createTestDatabase();
  // The local supplier is on this machine: allowed as an operator allows a supplier on the shop's network.
  ({ app, jobs } = await buildTestApp(database, { supplierSourcesAllowedHosts: [SUPPLIER_HOST] }));
  ownerCookie = await staffCookieFor(database.db, (await createTestStaff(database.db, 'owner')).member.id);
  managerCookie = await staffCookieFor(database.db, (await createTestStaff(database.db, 'manager')).member.id);
  editorCookie = await staffCookieFor(database.db, (await createTestStaff(database.db, 'content_editor')).member.id);
});

afterAll(async () => {
  await jobs?.idle([SOURCE_FETCH_JOB]);
  await app?.close();
  await database?.close();
  await smtp?.close();
  await new Promise((resolve) => server?.close(resolve));
  await rm(tempDir, { recursive: true, force: true });
});

beforeEach(async () => {
  served.body = CSV_V1;
  served.requests = [];
  served.delayMs = 0;
  // Each test's ticks fetch only its own sources: the earlier tests' are put off.
  await database.db.update(supplierSources).set({ nextFetchAt: new Date('2100-01-01T00:00:00Z') });
});

let suppliersMade = 0;
async function newSupplier(): Promise<number> {
  suppliersMade += 1;
  return insertSupplier(database.db, `Поставщик ${suppliersMade}`, { displayName: `Склад ${suppliersMade}` });
}

const HOUR = 60 * 60 * 1000;
const settingsAt = (now: Date): FetchSettings => ({
  timeZone: 'Europe/Moscow',
  log: logger,
  tempDir,
  retryBaseMs: 60_000,
  allowedHosts: [SUPPLIER_HOST],
  now: () => now,
});

/** A tick at `hoursLater` hours from now (later ticks find the sources due again). */
const tickAt = (hoursLater: number, db: Database = database) =>
  runSourcesTick(db, settingsAt(new Date(Date.now() + hoursLater * HOUR)));

function adminUrl(key: keyof typeof adminEndpoints, supplierId: number): string {
  return ADMIN_API_PREFIX + adminEndpoints[key].path.replace(':id', String(supplierId));
}

async function callSource(
  key:
    | 'suppliers/:id/source'
    | 'suppliers/:id/source/save'
    | 'suppliers/:id/source/delete'
    | 'suppliers/:id/source/fetch-now'
    | 'suppliers/:id/source/fetches',
  supplierId: number,
  options: { cookie?: string; body?: object } = {},
) {
  const endpoint = adminEndpoints[key];
  const response = await app.inject({
    method: endpoint.method,
    url: adminUrl(key, supplierId),
    headers: { cookie: options.cookie ?? ownerCookie },
    ...(endpoint.method === 'POST' ? { payload: options.body ?? {} } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown>, raw: response.body };
}

async function saveSource(supplierId: number, input: Partial<SupplierSourceSaveInput> = {}, cookie?: string) {
  const body: SupplierSourceSaveInput = { url: `${base}/price.csv`, every_hours: 1, ...input };
  const answer = await callSource('suppliers/:id/source/save', supplierId, { body, cookie });
  expect(answer.status, answer.raw).toBe(200);
  return answer;
}

const fetchesOf = (supplierId: number) =>
  database.db
    .select()
    .from(supplierFetches)
    .where(eq(supplierFetches.supplierId, supplierId))
    .orderBy(supplierFetches.id);

const offersOf = (supplierId: number) =>
  database.db
    .select({ article: offers.article, price: offers.price, quantity: offers.quantity })
    .from(offers)
    .where(eq(offers.supplierId, supplierId))
    .orderBy(offers.article);

const sourceOf = async (supplierId: number) =>
  (await database.db.select().from(supplierSources).where(eq(supplierSources.supplierId, supplierId)))[0]!;

async function search(article: string): Promise<SearchResult> {
  const response = await app.inject({
    method: 'POST',
    url: `${SHOP_API_PREFIX}products-search`,
    payload: { article, brand_name: 'MANN' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const parsed = shopEndpoints['products-search'].response.parse(response.json());
  return parsed.data.result_products_search;
}

describe('the source settings through the API', () => {
  it('saves, shows the password only as «set», audits without it, and removes', async () => {
    const supplierId = await newSupplier();
    expect((await callSource('suppliers/:id/source', supplierId)).body).toEqual({
      data: { supplier: { id: supplierId, name: `Поставщик ${suppliersMade}` }, source: null },
    });
    const saved = await saveSource(supplierId, {
      url: `${base}/private.csv`,
      auth_user: 'detal',
      auth_password: 'tajna-123',
      every_hours: null,
      times: ['6:00', '18:30', '06:00'],
      stale_policy: 'hide',
      max_age_days: 3,
      import_options: { delimiter: ';' },
    });
    expect(saved.raw).not.toContain('tajna-123');
    const shown = await callSource('suppliers/:id/source', supplierId, { cookie: managerCookie });
    expect(shown.raw).not.toContain('tajna-123');
    expect(shown.body.data).toMatchObject({
      source: {
        url: `${base}/private.csv`,
        auth_user: 'detal',
        auth_password_set: true,
        every_hours: null,
        times: ['06:00', '18:30'],
        stale_policy: 'hide',
        max_age_days: 3,
        import_options: { delimiter: ';' },
        consecutive_failures: 0,
        fetching: false,
        stale_since: null,
      },
    });
    // Saving again without a password keeps it; the audit log never holds it.
    await saveSource(supplierId, { url: `${base}/private.csv`, auth_user: 'detal', every_hours: 6 });
    expect((await sourceOf(supplierId)).authPassword).toBe('tajna-123');
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'supplier'), eq(auditLog.entityId, String(supplierId))))
      .orderBy(auditLog.id);
    expect(audits.map((row) => row.action)).toEqual(['supplier_source.create', 'supplier_source.update']);
    expect(JSON.stringify(audits)).not.toContain('tajna-123');
    expect(audits[1]!.after).toMatchObject({ every_hours: 6, credentials_changed: false });

    expect((await callSource('suppliers/:id/source/delete', supplierId)).status).toBe(200);
    expect((await callSource('suppliers/:id/source', supplierId)).body).toMatchObject({ data: { source: null } });
    expect((await callSource('suppliers/:id/source/delete', supplierId)).status).toBe(404);
  });

  it('refuses a bad address or schedule in Russian, and content editors', async () => {
    const supplierId = await newSupplier();
    const refused = async (body: object) => {
      const answer = await callSource('suppliers/:id/source/save', supplierId, { body });
      expect(answer.status, answer.raw).toBe(422);
      return answer.body;
    };
    expect(await refused({ url: 'ftp://example.ru/p.csv', every_hours: 1 })).toMatchObject({
      error: { url: ['Адрес должен начинаться с http:// или https://'] },
    });
    expect(await refused({ url: 'https://user:pw@example.ru/p.csv', every_hours: 1 })).toMatchObject({
      error: { url: ['Логин и пароль укажите в полях «Логин» и «Пароль», а не в адресе'] },
    });
    expect(await refused({ url: 'https://example.ru/p.csv' })).toMatchObject({
      error: { every_hours: ['Укажите расписание: каждые N часов или время загрузки'] },
    });
    expect(await refused({ url: 'https://example.ru/p.csv', times: ['25:00'] })).toMatchObject({
      error: { times: ['Время «25:00» не в формате ЧЧ:ММ'] },
    });
    const editor = await callSource('suppliers/:id/source/save', supplierId, {
      cookie: editorCookie,
      body: { url: `${base}/price.csv`, every_hours: 1 },
    });
    expect(editor.status).toBe(403);
    expect(await database.db.select().from(supplierSources).where(eq(supplierSources.supplierId, supplierId))).toEqual(
      [],
    );
    expect((await callSource('suppliers/:id/source', 999_999)).status).toBe(404);
  });
});

describe('fetching on schedule', () => {
  it('imports the file, then a 304 imports nothing, then a changed file is imported', async () => {
    const supplierId = await newSupplier();
    await saveSource(supplierId);
    await tickAt(0);
    const [first] = await fetchesOf(supplierId);
    expect(first).toMatchObject({ outcome: 'imported', httpStatus: 200, rowsLoaded: 2, rowsRefused: 0, error: null });
    expect(first!.bytes).toBe(Buffer.byteLength(CSV_V1));
    expect(await offersOf(supplierId)).toEqual([
      { article: 'OC90', price: '123.45', quantity: 5 },
      { article: 'W712/75', price: '300.00', quantity: 2 },
    ]);
    const afterFirst = await sourceOf(supplierId);
    expect(afterFirst.etag).toBe(etagOf(CSV_V1));
    expect(afterFirst.lastSuccessfulImportAt).not.toBeNull();
    // Every hour: not due again within the hour.
    await tickAt(0.5);
    expect(served.requests.filter((request) => request.url === '/price.csv')).toHaveLength(1);

    await tickAt(1.1);
    const requests = served.requests.filter((request) => request.url === '/price.csv');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers['if-none-match']).toBe(etagOf(CSV_V1));
    expect(requests[1]!.headers['if-modified-since']).toBe(LAST_MODIFIED);
    expect((await fetchesOf(supplierId)).map((row) => [row.outcome, row.httpStatus, row.rowsLoaded])).toEqual([
      ['imported', 200, 2],
      ['not_modified', 304, null],
    ]);
    expect((await sourceOf(supplierId)).lastSuccessfulImportAt).toEqual(afterFirst.lastSuccessfulImportAt);

    served.body = CSV_V2;
    await tickAt(2.2);
    expect((await fetchesOf(supplierId)).at(-1)).toMatchObject({ outcome: 'imported', rowsLoaded: 2 });
    expect(await offersOf(supplierId)).toEqual([
      { article: 'OC90', price: '150.00', quantity: 4 },
      { article: 'W712/75', price: '310.00', quantity: 2 },
    ]);
    // The downloads are gone from the temporary folder.
    expect(await readdir(tempDir)).toEqual([]);
    // Both imports are in the supplier's one import history, beside its uploads and command-line imports.
    const history = await database.db
      .select({ source: supplierImports.source, status: supplierImports.status, loaded: supplierImports.rowsLoaded })
      .from(supplierImports)
      .where(eq(supplierImports.supplierId, supplierId))
      .orderBy(supplierImports.id);
    expect(history).toEqual([
      { source: 'schedule', status: 'done', loaded: 2 },
      { source: 'schedule', status: 'done', loaded: 2 },
    ]);
  });

  it('refuses a fetched list that would remove most offers: history, one e-mail, the same file not retried; allowed by the source', async () => {
    const supplierId = await newSupplier();
    served.body = `article;brand;price\n${Array.from({ length: 20 }, (_, index) => `R${index};MANN;${index + 1}`).join('\n')}\n`;
    await saveSource(supplierId, { url: `${base}/plain.csv` });
    await tickAt(0);
    expect(await offersOf(supplierId)).toHaveLength(20);

    served.body = 'article;brand;price\nR0;MANN;5\n';
    await tickAt(1.1);
    const refused = (await fetchesOf(supplierId)).at(-1);
    expect(refused).toMatchObject({ outcome: 'failed', httpStatus: 200 });
    expect(refused!.error).toContain('Новый прайс убрал бы 19 из 20 предложений поставщика (в нём 1 строка)');
    expect(await offersOf(supplierId)).toHaveLength(20);
    const alerts = () =>
      database.db
        .select({ payload: notifications.payload })
        .from(notifications)
        .where(
          and(
            eq(notifications.kind, 'staff_list_mass_removal'),
            sql`(${notifications.payload}->>'supplier_id')::int = ${supplierId}`,
          ),
        );
    expect(await alerts()).toMatchObject([
      { payload: { via: 'schedule', removal: { offers: 20, removed: 19, loaded: 1 } } },
    ]);
    // Not a failing source: no retry of the same bytes, no second e-mail.
    expect((await sourceOf(supplierId)).consecutiveFailures).toBe(0);
    await tickAt(2.2);
    expect((await fetchesOf(supplierId)).at(-1)).toMatchObject({ outcome: 'not_modified' });
    expect(await alerts()).toHaveLength(1);
    const history = await database.db
      .select({ status: supplierImports.status })
      .from(supplierImports)
      .where(eq(supplierImports.supplierId, supplierId))
      .orderBy(supplierImports.id);
    expect(history.map((row) => row.status)).toEqual(['done', 'failed']);

    // The source allows such lists: saving it forgets the file, the next fetch loads it.
    await saveSource(supplierId, { url: `${base}/plain.csv`, import_options: { allow_mass_removal: true } });
    await tickAt(3.3);
    expect((await fetchesOf(supplierId)).at(-1)).toMatchObject({ outcome: 'imported', rowsLoaded: 1 });
    expect(await offersOf(supplierId)).toHaveLength(1);
    // The later tests read the SMTP server's mail: this one is not theirs.
    await database.db.delete(notifications).where(eq(notifications.kind, 'staff_list_mass_removal'));
  });

  it('a new schedule counts from the last check', async () => {
    const supplierId = await newSupplier();
    await saveSource(supplierId);
    // Not fetched yet: still due at once.
    await saveSource(supplierId, { every_hours: 12 });
    expect((await sourceOf(supplierId)).nextFetchAt.getTime()).toBeLessThanOrEqual(Date.now());
    await tickAt(0);
    const checked = (await sourceOf(supplierId)).lastCheckedAt!;
    await saveSource(supplierId, { every_hours: 24 });
    expect((await sourceOf(supplierId)).nextFetchAt.getTime()).toBe(checked.getTime() + 24 * HOUR);
    await saveSource(supplierId, { every_hours: null, times: ['06:00'] });
    expect((await sourceOf(supplierId)).nextFetchAt).toEqual(
      nextFetchAfter({ everyHours: null, times: ['06:00'] }, checked, 'Europe/Moscow'),
    );
    expect(await fetchesOf(supplierId)).toHaveLength(1);
  });

  it('skips an unchanged file by its hash when the server ignores conditional requests', async () => {
    const supplierId = await newSupplier();
    await saveSource(supplierId, { url: `${base}/plain.csv` });
    await tickAt(0);
    await database.db.update(offers).set({ quantity: 99 }).where(eq(offers.supplierId, supplierId));
    await tickAt(1.1);
    const fetches = await fetchesOf(supplierId);
    expect(fetches.map((row) => [row.outcome, row.httpStatus])).toEqual([
      ['imported', 200],
      ['not_modified', 200],
    ]);
    expect(fetches[1]!.bytes).toBe(Buffer.byteLength(CSV_V1));
    // Nothing was imported: the offers kept the change made after the first import.
    expect((await offersOf(supplierId)).map((offer) => offer.quantity)).toEqual([99, 99]);
  });

  it('fetches at the set times of day in the shop’s time zone', () => {
    // 05:00 in Moscow (UTC+3) is 02:00 UTC; next 06:00 Moscow is 03:00 UTC the same day.
    const schedule = { everyHours: null, times: ['06:00', '18:30'] };
    expect(nextFetchAfter(schedule, new Date('2026-11-24T02:00:00Z'), 'Europe/Moscow').toISOString()).toBe(
      '2026-11-24T03:00:00.000Z',
    );
    expect(nextFetchAfter(schedule, new Date('2026-11-24T03:00:00Z'), 'Europe/Moscow').toISOString()).toBe(
      '2026-11-24T15:30:00.000Z',
    );
    expect(nextFetchAfter(schedule, new Date('2026-11-24T20:00:00Z'), 'Europe/Moscow').toISOString()).toBe(
      '2026-11-25T03:00:00.000Z',
    );
    // Across a daylight-saving change (Berlin, 29 March 2026: 02:00 -> 03:00).
    expect(
      nextFetchAfter(
        { everyHours: null, times: ['06:00'] },
        new Date('2026-03-28T12:00:00Z'),
        'Europe/Berlin',
      ).toISOString(),
    ).toBe('2026-03-29T04:00:00.000Z');
  });
});

describe('bad sources leave the previous list untouched', () => {
  it('records a 404, garbage and a refused password in Russian, retries, and keeps the offers', async () => {
    const supplierId = await newSupplier();
    await saveSource(supplierId);
    await tickAt(0);
    const before = await offersOf(supplierId);
    expect(before).toHaveLength(2);

    await saveSource(supplierId, { url: `${base}/missing.csv` });
    await tickAt(0);
    await saveSource(supplierId, { url: `${base}/garbage` });
    await tickAt(0);
    await saveSource(supplierId, { url: `${base}/private.csv`, auth_user: 'detal', auth_password: 'неверный' });
    await tickAt(0);
    const failed = (await fetchesOf(supplierId)).slice(1);
    expect(failed.map((row) => [row.outcome, row.httpStatus, row.error])).toEqual([
      ['failed', 404, 'Файл не найден по этому адресу (HTTP 404)'],
      [
        'failed',
        200,
        'Файл не похож на прайс-лист: не найдены столбцы артикул, бренд, цена. Прежний прайс оставлен без изменений.',
      ],
      ['failed', 401, 'Сервер поставщика отказал в доступе (HTTP 401): проверьте логин и пароль'],
    ]);
    expect(await offersOf(supplierId)).toEqual(before);
    // Each new address starts its count again; a failure is retried a minute later (test backoff), not in an hour.
    const source = await sourceOf(supplierId);
    expect(source.consecutiveFailures).toBe(1);
    const retryIn = source.nextFetchAt.getTime() - source.lastCheckedAt!.getTime();
    expect(retryIn).toBe(60_000);

    await saveSource(supplierId, { url: `${base}/private.csv`, auth_user: 'detal', auth_password: 's3cret пароль' });
    served.body = CSV_V2;
    await tickAt(0);
    expect((await fetchesOf(supplierId)).at(-1)).toMatchObject({ outcome: 'imported', rowsLoaded: 2 });
    expect((await offersOf(supplierId))[0]!.price).toBe('150.00');
  });

  it('e-mails the staff once after repeated failures, through the outbox and a real SMTP server', async () => {
    const supplierId = await newSupplier();
    await saveSource(supplierId, { url: `${base}/missing.csv` });
    const alerts = () =>
      database.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.kind, 'staff_source_failing'),
            sql`(${notifications.payload}->>'supplier_id')::int = ${supplierId}`,
          ),
        );
    // Retries come 1, 2, 4 … minutes later (test backoff): each tick an hour on finds it due.
    for (let attempt = 1; attempt <= FAILURE_ALERT_AFTER + 1; attempt += 1) {
      await tickAt(attempt);
      expect((await sourceOf(supplierId)).consecutiveFailures).toBe(attempt);
      expect(await alerts()).toHaveLength(attempt >= FAILURE_ALERT_AFTER ? 1 : 0);
    }
    expect((await fetchesOf(supplierId)).map((row) => row.outcome)).toEqual(['failed', 'failed', 'failed', 'failed']);

    const mark = smtp.received.length;
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'Деталь <shop@shop.example>', dataDir: tempDir });
    const report = await sendDueNotifications(database, {
      mailer,
      timeZone: 'Europe/Moscow',
      publicUrl: 'https://shop.example',
      staffEmailFallback: STAFF_EMAIL,
      log: logger,
      // The e-mail is due when the last failure was recorded, on the ticks' clock.
      now: () => new Date(Date.now() + 5 * HOUR),
    });
    expect(report.failed).toBe(0);
    const mail = await smtp.waitForMail(STAFF_EMAIL, mark);
    const text = textBodyOf(mail.raw);
    expect(text).toContain(`Прайс-лист поставщика «Поставщик ${suppliersMade}» не удаётся загрузить 3 раз подряд.`);
    expect(text).toContain('Последняя ошибка: Файл не найден по этому адресу (HTTP 404)');
    expect(text).toContain(`https://shop.example/admin/suppliers/${supplierId}/source`);
    expect(htmlBodyOf(mail.raw)).toContain('не удаётся загрузить <b>3</b> раз подряд');
    expect(smtp.received.slice(mark).filter((received) => received.to.includes(STAFF_EMAIL))).toHaveLength(1);
  });
});

describe('stale lists', () => {
  async function staleSupplier(policy: 'hide' | 'warn') {
    const supplierId = await newSupplier();
    await saveSource(supplierId, { stale_policy: policy, max_age_days: 3, every_hours: 24 });
    await tickAt(0);
    expect((await offersOf(supplierId)).length).toBe(2);
    // The last import was four days ago.
    const fourDaysAgo = new Date(Date.now() - 4 * 24 * HOUR);
    await database.db
      .update(supplierSources)
      .set({
        lastSuccessfulImportAt: fourDaysAgo,
        createdAt: fourDaysAgo,
        nextFetchAt: new Date(Date.now() + 24 * HOUR),
      })
      .where(eq(supplierSources.supplierId, supplierId));
    return supplierId;
  }

  const staleMails = (supplierId: number) =>
    database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, 'staff_list_stale'),
          sql`(${notifications.payload}->>'supplier_id')::int = ${supplierId}`,
        ),
      );

  const itemsOfSupplier = (result: SearchResult, name: string) =>
    result.items.filter((item) => item.supplier_name === name);

  it("'warn' keeps the offers in search with stale: true; one e-mail; an import makes it fresh again", async () => {
    const supplierId = await staleSupplier('warn');
    const shownName = `Склад ${suppliersMade}`;
    expect(itemsOfSupplier(await search('OC90'), shownName)[0]).not.toHaveProperty('stale');

    await tickAt(0);
    await tickAt(0.01);
    expect((await sourceOf(supplierId)).staleSince).not.toBeNull();
    const mails = await staleMails(supplierId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.payload).toMatchObject({ stale_policy: 'warn', max_age_days: 3 });
    const [item] = itemsOfSupplier(await search('OC90'), shownName);
    expect(item).toMatchObject({ article: 'OC90', stale: true });

    // «Загрузить сейчас» (a changed file): imported, fresh again, no flag.
    served.body = CSV_V2;
    const started = await callSource('suppliers/:id/source/fetch-now', supplierId, { cookie: managerCookie });
    expect(started.status, started.raw).toBe(200);
    await jobs.idle([SOURCE_FETCH_JOB]);
    // It ran as a job of the runner, not as a promise of the request.
    const [job] = await database.db
      .select({ state: backgroundJobs.state, payload: backgroundJobs.payload })
      .from(backgroundJobs)
      .where(eq(backgroundJobs.name, SOURCE_FETCH_JOB.name))
      .orderBy(desc(backgroundJobs.id))
      .limit(1);
    expect(job).toEqual({ state: 'completed', payload: { supplierId } });
    expect((await fetchesOf(supplierId)).at(-1)).toMatchObject({ outcome: 'imported', trigger: 'manual' });
    expect((await sourceOf(supplierId)).staleSince).toBeNull();
    expect(itemsOfSupplier(await search('OC90'), shownName)[0]).not.toHaveProperty('stale');
    const history = await callSource('suppliers/:id/source/fetches', supplierId);
    expect(history.body).toMatchObject({ data: { fetches: [{ outcome: 'imported', trigger: 'manual' }, {}] } });
  });

  it("'hide' takes the offers out of search and out of sale", async () => {
    const supplierId = await staleSupplier('hide');
    const shownName = `Склад ${suppliersMade}`;
    const [offer] = itemsOfSupplier(await search('OC90'), shownName);
    expect(offer).toBeDefined();
    const chipBefore = (await search('OC90')).items.length;

    await tickAt(0);
    expect(await staleMails(supplierId)).toHaveLength(1);
    const after = await search('OC90');
    expect(itemsOfSupplier(after, shownName)).toEqual([]);
    expect(after.items.length).toBe(chipBefore - 1);
    const added = await app.inject({
      method: 'POST',
      url: `${SHOP_API_PREFIX}basket-add-item`,
      payload: { item: { id: offer!.id }, quantity: 1, basket_id: null, basket_key: null },
    });
    expect(added.statusCode, added.body).toBeGreaterThanOrEqual(400);
    expect(added.statusCode).toBeLessThan(500);

    // A longer allowed age makes it fresh again at the next tick.
    await database.db.update(supplierSources).set({ maxAgeDays: 30 }).where(eq(supplierSources.supplierId, supplierId));
    await tickAt(0);
    expect(itemsOfSupplier(await search('OC90'), shownName)).toHaveLength(1);
    expect(await staleMails(supplierId)).toHaveLength(1);
  });
});

describe('a hidden stale list is not sold', () => {
  it('the checkout refuses its basket line as out of stock (409) and writes no order', async () => {
    await writeDeliveryMethods(database.db);
    const scene = await createCheckoutScene(database.db, [{ price: '100.00', stock: 5, inBasket: 1 }]);
    const [offer] = await database.db
      .select({ supplierId: offers.supplierId })
      .from(offers)
      .where(eq(offers.id, scene.offerIds[0]!));
    await database.db.insert(supplierSources).values({
      supplierId: offer!.supplierId,
      url: `${base}/price.csv`,
      everyHours: 24,
      stalePolicy: 'hide',
      maxAgeDays: 1,
      staleSince: new Date(),
      nextFetchAt: new Date('2100-01-01T00:00:00Z'),
    });
    try {
      const attempt = placeOrder(database.db, scene.clientId, step2Request(step2Input(scene)), null, {
        timeZone: 'Europe/Moscow',
      });
      await expect(attempt).rejects.toBeInstanceOf(OrderChangedError);
      await expect(attempt).rejects.toMatchObject({ changes: [{ available: 0, quantityInBasket: 1 }] });
      expect(await countsOf(database.db, scene.clientId)).toMatchObject({ orders: 0 });
    } finally {
      await database.db.delete(supplierSources).where(eq(supplierSources.supplierId, offer!.supplierId));
    }
    // Fresh again: the same basket line is ordered.
    const placed = await placeOrder(database.db, scene.clientId, step2Request(step2Input(scene)), null, {
      timeZone: 'Europe/Moscow',
    });
    expect(placed.created).toBe(true);
  });
});

describe('two instances', () => {
  it('never fetch one supplier twice at once; «Загрузить сейчас» during a fetch is a 409', async () => {
    const supplierId = await newSupplier();
    await saveSource(supplierId);
    // A second instance: its own connection on PostgreSQL; on the embedded database the same one (one process).
    const other =
      testDriver === 'postgres' && database.connectionString
        ? await openDatabase({ databaseUrl: database.connectionString })
        : database;
    try {
      served.delayMs = 400;
      const ticks = [tickAt(0), tickAt(0, other), tickAt(0)];
      await sleep(150);
      const during = await callSource('suppliers/:id/source/fetch-now', supplierId);
      expect(during.status, during.raw).toBe(409);
      expect(during.body).toMatchObject({ message: 'Прайс этого поставщика уже загружается: дождитесь окончания' });
      const reports = await Promise.all(ticks);
      expect(reports.map((report) => report.fetched).sort()).toEqual([0, 0, 1]);
      expect(served.requests.filter((request) => request.url === '/price.csv')).toHaveLength(1);
      expect(await fetchesOf(supplierId)).toHaveLength(1);
      expect((await sourceOf(supplierId)).fetchingUntil).toBeNull();
    } finally {
      if (other !== database) await other.close();
    }
  });
});
