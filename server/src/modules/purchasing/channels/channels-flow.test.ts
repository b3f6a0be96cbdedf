import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import pino from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX, adminEndpoints, type SupplierOrderChannelSaveInput } from '@detal/contract';
import type { Database } from '../../../db/index.ts';
import {
  notifications,
  orderItems,
  supplierOrderDispatches,
  supplierOrderLines,
  supplierOrders,
  supplierPurchaseSettings,
} from '../../../db/schema/index.ts';
import { createMailer } from '../../../mail/mailer.ts';
import { SecretBox } from '../../../shared/secret-box.ts';
import { startAbcpSite, type AbcpSite, type AbcpSiteOptions } from '../../../../test/helpers/abcp-server.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../../test/helpers/db.ts';
import { attachmentsOf, textBodyOf } from '../../../../test/helpers/mail-message.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../test/helpers/smtp.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../../test/helpers/staff.ts';
import { createPurchaseScene, type PurchaseScene } from '../../../../test/fixtures/purchasing-channels.ts';
import { readRecordsHere } from '../../catalog/import/record-source.ts';
import { sendDueNotifications } from '../../notifications/sender.ts';
import { CHANNELS_RUN_JOB } from './api-jobs.ts';
import { runChannelsTick, type ApiRunSettings } from './api-runs.ts';
import { sendSupplierOrder } from './dispatch.ts';

/*
 * The channels around supplier orders (decision 0050), over the real back-office API, the real outbox and SMTP,
 * and the local ABCP site: the order as the supplier's file, the confirmation file applied or refused, the order
 * e-mailed once with its file, the order placed through the API once (also after a run that died after placing
 * it), states polled into quantities, and failing suppliers kept apart and shown. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */

const SECRETS_KEY = randomBytes(32);
const PASSWORD = 'Секрет-API-517';
const PASSWORD_MD5 = createHash('md5').update(PASSWORD, 'utf8').digest('hex');
const TZ = 'Europe/Moscow';

let database: Database;
let test: TestApp;
let smtp: TestSmtpServer;
let manager: string;
const sites: AbcpSite[] = [];
const logLines: string[] = [];
const log = pino(
  { level: 'debug' },
  new Writable({ write: (chunk, _enc, done) => void (logLines.push(String(chunk)), done()) }),
);

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
  test = await buildTestApp(database, {
    secretsKey: SECRETS_KEY.toString('base64'),
    supplierSourcesAllowedHosts: ['127.0.0.1'],
    shopTimeZone: TZ,
  });
  manager = await staffCookieFor(database.db, (await createTestStaff(database.db, 'manager')).member.id);
}, 120_000);

afterAll(async () => {
  await test?.app.close();
  await smtp?.close();
  for (const site of sites) await site.close();
  await database?.close();
});

async function saveChannel(supplierId: number, body: Partial<SupplierOrderChannelSaveInput>) {
  const response = await callAdmin(test.app, 'supplier-order-channel-save', {
    cookie: manager,
    body: { supplier_id: supplierId, channel: 'manual', ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.settings;
}

async function download(supplierOrderId: number) {
  return callAdmin(test.app, 'supplier-order-export', {
    cookie: manager,
    body: { supplier_order_id: supplierOrderId },
  });
}

async function rowsOf(bytes: Buffer, options: { format: 'csv' | 'xlsx'; encoding?: 'utf8' | 'cp1251' }) {
  const rows: string[][] = [];
  for await (const batch of readRecordsHere(bytes, { ...options, delimiter: ';' })) {
    rows.push(...batch.records.map((record) => record.fields));
  }
  return rows;
}

function uploadConfirmation(supplierOrderId: number, bytes: Buffer, name = 'подтверждение.csv') {
  const endpoint = adminEndpoints['supplier-order-confirmation-import'];
  return test.app.inject({
    method: 'POST',
    url: `${ADMIN_API_PREFIX}${endpoint.path}?supplier_order_id=${supplierOrderId}&file_name=${encodeURIComponent(name)}`,
    headers: { cookie: manager, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
}

const linesOf = (supplierOrderId: number) =>
  database.db
    .select({
      id: supplierOrderLines.id,
      article: supplierOrderLines.article,
      quantity: supplierOrderLines.quantity,
      confirmed: supplierOrderLines.confirmedQuantity,
      refused: supplierOrderLines.refusedQuantity,
      reason: supplierOrderLines.refusedReason,
      ref: supplierOrderLines.supplierLineRef,
      price: supplierOrderLines.confirmedPrice,
    })
    .from(supplierOrderLines)
    .where(eq(supplierOrderLines.supplierOrderId, supplierOrderId))
    .orderBy(supplierOrderLines.id);

const orderOf = async (id: number) =>
  (await database.db.select().from(supplierOrders).where(eq(supplierOrders.id, id)))[0]!;

describe('the file channel', () => {
  let scene: PurchaseScene;

  beforeAll(async () => {
    scene = await createPurchaseScene(database.db, [
      { price: '1234.56', stock: 10, inBasket: 2 },
      { price: '310.00', stock: 10, inBasket: 4 },
    ]);
  });

  it("downloads the order as the supplier's XLSX, then as its Windows-1251 CSV", async () => {
    await saveChannel(scene.supplierId, { channel: 'file' });
    const xlsx = await download(scene.supplierOrderId);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('ЗП-')}`);
    const rows = await rowsOf(xlsx.rawPayload, { format: 'xlsx' });
    expect(rows[0]).toEqual(['Артикул', 'Бренд', 'Наименование', 'Количество', 'Цена', 'Сумма']);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[3]])).toEqual([
      [scene.parts[0]!.article, scene.parts[0]!.brand, '2'],
      [scene.parts[1]!.article, scene.parts[1]!.brand, '4'],
    ]);

    await saveChannel(scene.supplierId, {
      channel: 'file',
      order_template: {
        format: 'csv',
        encoding: 'cp1251',
        columns: [{ field: 'Бренд' }, { field: 'Артикул' }, { field: 'Количество', header: 'Кол-во' }],
      },
    });
    const csv = await download(scene.supplierOrderId);
    expect(csv.headers['content-type']).toBe('text/csv; charset=windows-1251');
    expect(iconv.decode(csv.rawPayload, 'win1251').split('\r\n')[0]).toBe('Бренд;Артикул;Кол-во');
  });

  it('refuses a confirmation file with unknown articles, changing nothing, then applies a good one', async () => {
    const ordered = await callAdmin(test.app, 'supplier-order-mark-sent', {
      cookie: manager,
      body: { id: scene.supplierOrderId, supplier_number: null },
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    await saveChannel(scene.supplierId, {
      channel: 'file',
      confirmation_template: {
        format: 'csv',
        encoding: 'cp1251',
        columns: [{ field: 'brand' }, { field: 'article' }, { field: 'confirmed' }, { field: 'reason' }],
      },
    });
    const [first, second] = scene.parts;
    const unknown = iconv.encode(
      `Бренд;Артикул;Подтв;Причина\r\n${first!.brand};${first!.article};2;\r\nBOSCH;0 986 452 041;1;\r\n`,
      'win1251',
    );
    const refused = await uploadConfirmation(scene.supplierOrderId, unknown);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'В заказе нет артикула из файла: BOSCH 0 986 452 041. Файл не принят, ничего не изменено',
    );
    expect((await linesOf(scene.supplierOrderId)).map((line) => [line.confirmed, line.refused])).toEqual([
      [0, 0],
      [0, 0],
    ]);

    const good = iconv.encode(
      `Бренд;Артикул;Подтв;Причина\r\n${first!.brand};${first!.article};2;\r\n${second!.brand};${second!.article};3;Нет на складе\r\n`,
      'win1251',
    );
    const applied = await uploadConfirmation(scene.supplierOrderId, good);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data.result).toEqual({ lines: 2, confirmed: 5, refused: 1 });
    const lines = await linesOf(scene.supplierOrderId);
    expect(lines.map((line) => [line.confirmed, line.refused, line.reason])).toEqual([
      [2, 0, null],
      [3, 1, 'Нет на складе'],
    ]);
    const statuses = await database.db
      .select({ status: orderItems.status, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, scene.orderId))
      .orderBy(orderItems.id);
    expect(statuses).toContainEqual({ status: 'supplier_refused', quantity: 1 });
    // The same file again changes nothing.
    const again = await uploadConfirmation(scene.supplierOrderId, good);
    expect(again.statusCode, again.body).toBe(200);
    expect((await linesOf(scene.supplierOrderId)).map((line) => [line.confirmed, line.refused])).toEqual([
      [2, 0],
      [3, 1],
    ]);
  });
});

describe('the e-mail channel', () => {
  it('sends the order once to the supplier, with its file, however often «send» is pressed', async () => {
    const scene = await createPurchaseScene(database.db, [{ price: '99.90', stock: 5, inBasket: 3 }]);
    await saveChannel(scene.supplierId, { channel: 'email', order_email: 'zakaz@supplier.example' });
    const sends = await Promise.all(
      [1, 2, 3].map(() =>
        callAdmin(test.app, 'supplier-order-channel-send', {
          cookie: manager,
          body: { supplier_order_id: scene.supplierOrderId },
        }),
      ),
    );
    for (const sent of sends) expect(sent.statusCode, sent.body).toBe(200);
    const keys = new Set(sends.map((sent) => sent.json().data.dispatch.idempotency_key));
    expect(keys.size).toBe(1);
    expect((await orderOf(scene.supplierOrderId)).state).toBe('sent');
    const queued = await database.db.select().from(notifications).where(eq(notifications.kind, 'supplier_order'));
    expect(queued).toHaveLength(1);

    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'shop@shop.example', dataDir: '/nonexistent' });
    const settings = { mailer, timeZone: TZ, publicUrl: 'https://shop.example', staffEmailFallback: undefined, log };
    await sendDueNotifications(database, settings);
    await sendDueNotifications(database, settings);
    const mail = await smtp.waitForMail('zakaz@supplier.example');
    expect(smtp.received.filter((message) => message.to.includes('zakaz@supplier.example'))).toHaveLength(1);
    expect(textBodyOf(mail.raw)).toContain('Направляем заказ ЗП-');
    const [attachment] = attachmentsOf(mail.raw);
    // The Cyrillic name goes as RFC 2231 parameters (filename*0*=utf-8''%D0%97…; continued when long).
    const encoded = [...mail.raw.matchAll(/filename\*(?:\d+)?\*?=([^;\r\n]+)/gi)].map((match) => match[1]!).join('');
    expect(decodeURIComponent(encoded.replace(/^utf-8''/i, ''))).toMatch(/^ЗП-\d+\.xlsx$/);
    const rows = await rowsOf(attachment!.content, { format: 'xlsx' });
    expect(rows[1]!.slice(0, 2)).toEqual([scene.parts[0]!.article, scene.parts[0]!.brand]);
    expect(rows[1]![3]).toBe('3');
  });

  it('refuses to send by e-mail without the address, or a supplier ordered by hand', async () => {
    const scene = await createPurchaseScene(database.db, [{ price: '10.00', stock: 5, inBasket: 1 }]);
    const manual = await callAdmin(test.app, 'supplier-order-channel-send', {
      cookie: manager,
      body: { supplier_order_id: scene.supplierOrderId },
    });
    expect(manual.statusCode).toBe(422);
    expect(manual.json().message).toContain('скачайте файл заказа');
    expect((await orderOf(scene.supplierOrderId)).state).toBe('draft');
  });
});

const STATUSES = [
  { id: '201', name: 'Ожидает обработки' },
  { id: '202', name: 'Заказано' },
  { id: '203', name: 'Отказ' },
];

async function abcpSupplier(scene: PurchaseScene, extra: Partial<AbcpSiteOptions> = {}) {
  const site = await startAbcpSite({
    login: `shop-${scene.supplierId}`,
    password: PASSWORD,
    articles: scene.parts.map((part, index) => ({
      brand: part.brand,
      number: part.article,
      description: 'Деталь',
      price: Number(part.price),
      availability: 50,
      packing: 1,
      deliveryPeriod: 24,
      deliveryPeriodMax: 48,
      supplierCode: '900',
      itemKey: `key-${scene.supplierId}-${index}`,
      supplierDescription: 'Склад',
    })),
    statuses: STATUSES,
    initialStatusId: '201',
    paymentMethods: [{ id: '1', name: 'Безнал' }],
    shipmentMethods: [],
    shipmentAddresses: [],
    ...extra,
  });
  sites.push(site);
  await saveChannel(scene.supplierId, {
    channel: 'api',
    api: { base_url: site.url, login: `shop-${scene.supplierId}`, password: PASSWORD, payment_method_id: '1' },
    status_map: { '201': { stage: 'ordered' }, '202': { stage: 'confirmed' }, '203': { stage: 'refused' } },
  });
  return site;
}

const runSettings = (now = () => new Date(), timeoutMs = 5_000): ApiRunSettings => ({
  box: new SecretBox(SECRETS_KEY),
  transport: { outbound: { allowedHosts: ['127.0.0.1'] }, timeoutMs, log },
  timeZone: TZ,
  now,
});

const dueNow = (supplierId: number) =>
  database.db
    .update(supplierPurchaseSettings)
    .set({ nextPollAt: new Date(Date.now() - 1000) })
    .where(eq(supplierPurchaseSettings.supplierId, supplierId));

async function send(supplierOrderId: number) {
  const sent = await callAdmin(test.app, 'supplier-order-channel-send', {
    cookie: manager,
    body: { supplier_order_id: supplierOrderId },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json().data.dispatch;
}

describe('the API channel (ABCP)', () => {
  it('places the order once, then follows its states into quantities', async () => {
    const scene = await createPurchaseScene(database.db, [
      { price: '500.00', stock: 10, inBasket: 2 },
      { price: '120.00', stock: 10, inBasket: 1 },
    ]);
    const site = await abcpSupplier(scene);
    const dispatch = await send(scene.supplierOrderId);
    expect(dispatch).toMatchObject({ channel: 'api', state: 'pending' });
    await test.jobs.idle([CHANNELS_RUN_JOB]);
    await runChannelsTick(database, runSettings());
    expect(site.orders.size).toBe(1);
    const [placed] = [...site.orders.values()];
    expect(placed!.clientOrderNumber).toBe(dispatch.idempotency_key);
    const [row] = await database.db
      .select()
      .from(supplierOrderDispatches)
      .where(eq(supplierOrderDispatches.supplierOrderId, scene.supplierOrderId));
    expect(row).toMatchObject({ state: 'sent', supplierOrderNumbers: [placed!.number] });
    expect((await orderOf(scene.supplierOrderId)).supplierNumber).toBe(placed!.number);
    const refs = (await linesOf(scene.supplierOrderId)).map((line) => line.ref);
    expect(refs).toEqual(placed!.positions.map((position) => position.positionId));

    // The supplier confirms the first line and refuses the second; the next run reads it.
    site.setPosition(placed!.number, placed!.positions[0]!.positionId, { statusId: '202' });
    site.setPosition(placed!.number, placed!.positions[1]!.positionId, { statusId: '203' });
    await dueNow(scene.supplierId);
    await runChannelsTick(database, runSettings());
    expect(site.orders.size).toBe(1);
    const lines = await linesOf(scene.supplierOrderId);
    expect(lines.map((line) => [line.confirmed, line.refused, line.reason])).toEqual([
      [2, 0, null],
      [0, 1, 'Отказ'],
    ]);
    expect(lines[0]!.price).toBe('500.00');
    const shown = await callAdmin(test.app, 'supplier-order-channel-show', {
      cookie: manager,
      body: { supplier_id: scene.supplierId },
    });
    expect(shown.json().data.settings).toMatchObject({ last_error: null, failures: 0 });
    expect(shown.json().data.settings.last_polled_at).not.toBeNull();
  });

  it('never places twice: a run that died after placing is found by its key', async () => {
    const scene = await createPurchaseScene(database.db, [{ price: '77.00', stock: 10, inBasket: 5 }]);
    const site = await abcpSupplier(scene);
    // The run that «send» starts finds the supplier down (and backs off), so that this test places the order itself.
    site.misbehave('http500');
    const dispatch = await send(scene.supplierOrderId);
    await test.jobs.idle([CHANNELS_RUN_JOB]);
    site.misbehave(null);
    site.requests.length = 0;
    // What a run killed right after the supplier's «order placed» leaves: the order at the supplier, not recorded here.
    const { AbcpChannel } = await import('./abcp/abcp-channel.ts');
    const direct = new AbcpChannel({
      credentials: { baseUrl: site.url, login: `shop-${scene.supplierId}`, password: PASSWORD },
      order: { paymentMethodId: '1' },
      statusMap: {},
      outbound: { allowedHosts: ['127.0.0.1'] },
    });
    const [offer] = await direct.findOffers(scene.parts[0]!.article, scene.parts[0]!.brand);
    await direct.placeOrder({
      reference: dispatch.idempotency_key,
      lines: [{ lineRef: 'x', offerKey: offer!.offerKey, quantity: 5 }],
    });
    expect(site.orders.size).toBe(1);

    await runChannelsTick(
      database,
      runSettings(() => new Date(Date.now() + 10 * 60_000)),
    );
    expect(site.orders.size).toBe(1);
    expect(site.requests.filter((request) => request.operation === 'basket/order')).toHaveLength(1);
    const [row] = await database.db
      .select()
      .from(supplierOrderDispatches)
      .where(eq(supplierOrderDispatches.supplierOrderId, scene.supplierOrderId));
    expect(row!.state).toBe('sent');
    expect(row!.supplierOrderNumbers).toEqual([[...site.orders.keys()][0]]);
    expect((await linesOf(scene.supplierOrderId))[0]!.ref).toBe([...site.orders.values()][0]!.positions[0]!.positionId);
  });

  it('a silent, a failing and a garbage-answering supplier hold nobody up, back off, and show their error', async () => {
    const healthy = await createPurchaseScene(database.db, [{ price: '50.00', stock: 10, inBasket: 1 }]);
    const silent = await createPurchaseScene(database.db, [{ price: '51.00', stock: 10, inBasket: 1 }]);
    const broken = await createPurchaseScene(database.db, [{ price: '52.00', stock: 10, inBasket: 1 }]);
    const garbage = await createPurchaseScene(database.db, [{ price: '53.00', stock: 10, inBasket: 1 }]);
    const healthySite = await abcpSupplier(healthy);
    const silentSite = await abcpSupplier(silent);
    const brokenSite = await abcpSupplier(broken);
    const garbageSite = await abcpSupplier(garbage);
    // Sent through the service (no run started in the background): this test runs the tick itself.
    for (const scene of [healthy, silent, broken, garbage]) {
      await sendSupplierOrder(database, scene.supplierOrderId, { staffId: null, at: new Date(), timeZone: TZ });
    }
    silentSite.misbehave('silent');
    brokenSite.misbehave('http500');
    garbageSite.misbehave('wrong_shape');
    // Drain anything queued earlier, then one tick with all four due.
    const now = new Date();
    const started = Date.now();
    const report = await runChannelsTick(
      database,
      runSettings(() => now, 1_500),
    );
    const took = Date.now() - started;
    expect(report).toMatchObject({ failed: 3 });
    // Side by side: the silent one's deadline, not the sum of everyone's.
    expect(took).toBeLessThan(6_000);
    expect(healthySite.orders.size).toBe(1);
    for (const site of [silentSite, brokenSite, garbageSite]) expect(site.orders.size).toBe(0);

    const shown = async (supplierId: number) =>
      (
        await callAdmin(test.app, 'supplier-order-channel-show', { cookie: manager, body: { supplier_id: supplierId } })
      ).json().data.settings;
    const brokenDispatch = await callAdmin(test.app, 'supplier-order-dispatch-show', {
      cookie: manager,
      body: { supplier_order_id: broken.supplierOrderId },
    });
    expect(brokenDispatch.json().data.dispatch).toMatchObject({ state: 'pending', attempts: 1 });
    expect(brokenDispatch.json().data.dispatch.last_error).toBeTruthy();
    const silentSettings = await shown(silent.supplierId);
    expect(silentSettings.last_error).toMatch(/не ответило вовремя/);
    expect(silentSettings.failures).toBe(1);
    expect(new Date(silentSettings.next_poll_at).getTime()).toBe(now.getTime() + 60_000);
    expect((await shown(broken.supplierId)).last_error).toBeTruthy();
    expect((await shown(garbage.supplierId)).last_error).toContain('не так, как описано');
    const [pending] = await database.db
      .select()
      .from(supplierOrderDispatches)
      .where(eq(supplierOrderDispatches.supplierOrderId, broken.supplierOrderId));
    expect(pending).toMatchObject({ state: 'pending', attempts: 1 });

    // Not due again before its backoff: a tick a moment later leaves the failing ones alone.
    const soon = await runChannelsTick(
      database,
      runSettings(() => new Date(now.getTime() + 30_000)),
    );
    expect(soon.suppliers).toBe(0);
    // Recovered, it is placed on its next turn, and the failures are forgotten.
    brokenSite.misbehave(null);
    const later = new Date(now.getTime() + 61_000);
    await runChannelsTick(
      database,
      runSettings(() => later),
    );
    expect(brokenSite.orders.size).toBe(1);
    expect((await shown(broken.supplierId)).failures).toBe(0);
    silentSite.misbehave(null);
    garbageSite.misbehave(null);
  });

  it('keeps the password out of every log line and answer', () => {
    const everything = logLines.join('\n') + JSON.stringify(test.logs);
    expect(everything.length).toBeGreaterThan(0);
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(PASSWORD_MD5);
  });
});
