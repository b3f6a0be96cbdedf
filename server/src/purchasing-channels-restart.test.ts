import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX, type SupplierOrderDispatch } from '@detal/contract';
import { openDatabase, type Database } from './db/index.ts';
import { saveChannelSettings } from './modules/purchasing/channels/channel-settings.ts';
import { SecretBox } from './shared/secret-box.ts';
import { startAbcpSite, type AbcpSite } from '../test/helpers/abcp-server.ts';
import { createTestDatabase, testDriver } from '../test/helpers/db.ts';
import { attachmentsOf, headerOf } from '../test/helpers/mail-message.ts';
import { freePort, startServerProcess, until, type ServerProcess } from '../test/helpers/server-process.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/helpers/smtp.ts';
import { createTestStaff, staffCookieFor } from '../test/helpers/staff.ts';
import { createPurchaseScene, type PurchaseScene } from '../test/fixtures/purchasing-channels.ts';

/*
 * Sending a supplier order survives a kill -9 (decision 0050): the server process is killed while the order is on
 * its way (e-mail: the SMTP server has read the message and not answered; API: the supplier is placing the order
 * and has not answered), and started again. The e-mail arrives once; the supplier has the order once, found after
 * the restart by the order's key instead of being placed again.
 */

const SUPPLIER_EMAIL = 'orders@supplier-restart.example';
const PASSWORD = 'Пароль-рестарт-88';
const SECRETS_KEY = randomBytes(32);

describe('a server killed while sending a supplier order sends it once after its restart', () => {
  let smtp: TestSmtpServer;
  let site: AbcpSite;
  let dataDir: string;
  let database: Database | null = null;
  let server: ServerProcess | null = null;
  let origin = '';
  let cookie = '';
  let mailed: PurchaseScene;
  let viaApi: PurchaseScene;
  const env: Record<string, string> = {};

  beforeAll(async () => {
    smtp = await startSmtpServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'detal-purchase-restart-'));
    const prepared =
      testDriver === 'postgres' ? await createTestDatabase() : await openDatabase({ dataDir, databaseUrl: undefined });
    const { db } = prepared;
    const staff = await createTestStaff(db, 'manager');
    cookie = await staffCookieFor(db, staff.member.id);
    mailed = await createPurchaseScene(db, [{ price: '250.00', stock: 5, inBasket: 2 }]);
    viaApi = await createPurchaseScene(db, [{ price: '40.00', stock: 5, inBasket: 3 }]);
    site = await startAbcpSite({
      login: 'restart-shop',
      password: PASSWORD,
      articles: viaApi.parts.map((part) => ({
        brand: part.brand,
        number: part.article,
        description: 'Деталь',
        price: Number(part.price),
        availability: 10,
        packing: 1,
        deliveryPeriod: 24,
        deliveryPeriodMax: 24,
        supplierCode: '1',
        itemKey: 'restart-key',
        supplierDescription: 'Склад',
      })),
      statuses: [{ id: '1', name: 'Новый' }],
      initialStatusId: '1',
      paymentMethods: [{ id: '5', name: 'Безнал' }],
      shipmentMethods: [],
      shipmentAddresses: [],
    });
    const box = new SecretBox(SECRETS_KEY);
    const context = { staffId: staff.member.id, now: new Date() };
    const base = {
      order_template: {
        format: 'xlsx' as const,
        encoding: 'utf8' as const,
        delimiter: ';' as const,
        header_row: true,
        columns: [
          { field: 'article' as const, header: null },
          { field: 'brand' as const, header: null },
          { field: 'quantity' as const, header: null },
        ],
      },
      confirmation_template: {
        format: 'xlsx' as const,
        encoding: 'utf8' as const,
        delimiter: ';' as const,
        header_row: true,
        columns: [
          { field: 'article' as const, header: null },
          { field: 'brand' as const, header: null },
          { field: 'confirmed' as const, header: null },
        ],
      },
      status_map: { '1': { stage: 'ordered' as const } },
    };
    await saveChannelSettings(
      db,
      box,
      { ...base, supplier_id: mailed.supplierId, channel: 'email', order_email: SUPPLIER_EMAIL, api: null },
      context,
    );
    await saveChannelSettings(
      db,
      box,
      {
        ...base,
        supplier_id: viaApi.supplierId,
        channel: 'api',
        order_email: null,
        api: {
          kind: 'abcp',
          base_url: site.url,
          login: 'restart-shop',
          password: PASSWORD,
          payment_method_id: '5',
          shipment_method_id: null,
          shipment_address_id: null,
          shipment_office_id: null,
          use_online_stocks: true,
        },
      },
      context,
    );
    if (testDriver === 'postgres') database = prepared;
    else await prepared.close();
    Object.assign(env, {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: prepared.connectionString ?? '',
      SEED_OFFERS: '0',
      WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'https://shop.example',
      SMTP_URL: smtp.url,
      NOTIFICATIONS_INTERVAL_SECONDS: '1',
      SUPPLIER_CHANNELS_TICK_SECONDS: '1',
      SUPPLIER_SOURCES_ALLOWED_HOSTS: '127.0.0.1',
      SECRETS_KEY: SECRETS_KEY.toString('base64'),
    });
    origin = `http://127.0.0.1:${env.PORT}`;
  }, 180_000);

  afterAll(async () => {
    await server?.kill();
    await smtp?.close();
    await site?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function send(supplierOrderId: number): Promise<SupplierOrderDispatch> {
    const response = await fetch(`${origin}${ADMIN_API_PREFIX}supplier-order-channel-send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ supplier_order_id: supplierOrderId }),
    });
    const body = (await response.json()) as { data: { dispatch: SupplierOrderDispatch } };
    if (!response.ok) throw new Error(`send: ${response.status} ${JSON.stringify(body)}`);
    return body.data.dispatch;
  }

  it('e-mail: loses nothing and sends nothing twice', async () => {
    smtp.hold(true);
    server = await startServerProcess(env, origin);
    await send(mailed.supplierOrderId);
    await until('the server to be sending the e-mail', () => smtp.heldCount() > 0, 30_000);
    await server.kill();
    await until('the SMTP server to see the sender hang up', () => smtp.heldCount() === 0, 10_000);
    smtp.hold(false);
    expect(smtp.received).toEqual([]);

    server = await startServerProcess(env, origin);
    const mail = await smtp.waitForMail(SUPPLIER_EMAIL);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(smtp.received.filter((message) => message.to.includes(SUPPLIER_EMAIL))).toHaveLength(1);
    expect(headerOf(mail.raw, 'message-id')).toBeTruthy();
    expect(attachmentsOf(mail.raw)[0]!.content.subarray(0, 2).toString('latin1')).toBe('PK');
    // «Send» again after the restart: the same dispatch, no second e-mail.
    expect((await send(mailed.supplierOrderId)).state).toBe('sent');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(smtp.received.filter((message) => message.to.includes(SUPPLIER_EMAIL))).toHaveLength(1);
    await server.kill();
  }, 240_000);

  it('API: the order placed while the server died is found by its key, never placed again', async () => {
    // The supplier takes its time to place the order; the shop dies waiting for the answer.
    site.delay(4_000, 'basket/order');
    server = await startServerProcess(env, origin);
    const dispatch = await send(viaApi.supplierOrderId);
    expect(dispatch.state).toBe('pending');
    await until(
      'the supplier to be placing the order',
      () => site.requests.some((request) => request.operation === 'basket/order'),
      30_000,
    );
    await server.kill();
    await until('the supplier to have placed it all the same', () => site.orders.size === 1, 10_000);
    site.delay(0);

    server = await startServerProcess(env, origin);
    let after: SupplierOrderDispatch = dispatch;
    await until(
      'the restarted server to record the order',
      async () => {
        after = await send(viaApi.supplierOrderId);
        return after.state === 'sent';
      },
      // PostgreSQL: the dead run's lease (a minute) runs out first; the embedded database lets it go at the start.
      testDriver === 'postgres' ? 120_000 : 30_000,
    );
    const [placed] = [...site.orders.values()];
    expect(site.orders.size).toBe(1);
    expect(site.requests.filter((request) => request.operation === 'basket/order')).toHaveLength(1);
    expect(placed!.clientOrderNumber).toBe(dispatch.idempotency_key);
    expect(after.supplier_order_numbers).toEqual([placed!.number]);
    expect(server.output()).not.toContain(PASSWORD);
  }, 240_000);
});
