import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupplierOrderChannelSaveInput } from '@detal/contract';
import type { Database } from '../../../db/index.ts';
import { auditLog, supplierPurchaseSettings } from '../../../db/schema/index.ts';
import { startAbcpSite, type AbcpSite } from '../../../../test/helpers/abcp-server.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../../test/helpers/staff.ts';
import { insertSupplier } from '../../../../test/fixtures/offers.ts';

/*
 * A supplier's ordering channel over the real back-office API (decision 0050): the templates kept and refused,
 * the API password sealed and never answered, logged or audited, the connection tested against the local ABCP
 * site, its failure shown to the staff. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

const LOGIN = 'shop@example.ru';
const PASSWORD = 'Пароль-поставщика-ЗЗ9';
const PASSWORD_MD5 = createHash('md5').update(PASSWORD, 'utf8').digest('hex');

let database: Database;
let test: TestApp;
let site: AbcpSite;
let manager: string;
let editor: string;
let supplierId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  site = await startAbcpSite({
    login: LOGIN,
    password: PASSWORD,
    articles: [],
    statuses: [
      { id: '101', name: 'Ожидает обработки' },
      { id: '102', name: 'Заказано' },
      { id: '104', name: 'Отказ' },
      { id: '105', name: 'Особый статус' },
    ],
    initialStatusId: '101',
    paymentMethods: [{ id: '37', name: 'Безнал' }],
    shipmentMethods: [{ id: '4323', name: 'Самовывоз' }],
    shipmentAddresses: [],
  });
  test = await buildTestApp(database, {
    secretsKey: randomBytes(32).toString('base64'),
    supplierSourcesAllowedHosts: ['127.0.0.1'],
  });
  const { db } = database;
  manager = await staffCookieFor(db, (await createTestStaff(db, 'manager')).member.id);
  editor = await staffCookieFor(db, (await createTestStaff(db, 'content_editor')).member.id);
  supplierId = await insertSupplier(db, 'Автоконтинент');
}, 120_000);

afterAll(async () => {
  await test?.app.close();
  await site?.close();
  await database?.close();
});

const apiSettings = (password?: string | null) => ({
  base_url: site.url,
  login: LOGIN,
  ...(password === undefined ? {} : { password }),
  payment_method_id: '37',
  shipment_method_id: '4323',
});

async function save(body: Partial<SupplierOrderChannelSaveInput>, cookie = manager) {
  return callAdmin(test.app, 'supplier-order-channel-save', {
    cookie,
    body: { supplier_id: supplierId, channel: 'manual', ...body },
  });
}

const everything = () =>
  JSON.stringify(test.logs) + JSON.stringify(site.requests.map((request) => request.rawUrl + request.rawBody));

describe('a supplier ordering channel', () => {
  it('answers defaults for a supplier never set up, and only to purchasing roles', async () => {
    const shown = await callAdmin(test.app, 'supplier-order-channel-show', {
      cookie: manager,
      body: { supplier_id: supplierId },
    });
    expect(shown.statusCode).toBe(200);
    const settings = shown.json().data.settings;
    expect(settings.channel).toBe('manual');
    expect(settings.order_template.format).toBe('xlsx');
    expect(settings.api).toBeNull();
    const forbidden = await callAdmin(test.app, 'supplier-order-channel-show', {
      cookie: editor,
      body: { supplier_id: supplierId },
    });
    expect(forbidden.statusCode).toBe(403);
    const missing = await callAdmin(test.app, 'supplier-order-channel-show', {
      cookie: manager,
      body: { supplier_id: 999_999 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a template naming a column that does not exist, and an e-mail channel without an address', async () => {
    const bad = await save({ channel: 'file', order_template: { columns: [{ field: 'article' }, { field: 'цвет' }] } });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('В шаблоне заказа нет столбца «цвет»');
    const noAddress = await save({ channel: 'email' });
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json().error.order_email).toEqual(['Укажите e-mail поставщика для заказов']);
    const noPassword = await save({ channel: 'api', api: apiSettings() });
    expect(noPassword.statusCode).toBe(422);
    const rows = await database.db.select().from(supplierPurchaseSettings);
    expect(rows).toEqual([]);
  });

  it('keeps the template and the e-mail', async () => {
    const saved = await save({
      channel: 'email',
      order_email: 'zakaz@autocontinent.example',
      order_template: {
        format: 'csv',
        encoding: 'cp1251',
        columns: [{ field: 'Артикул' }, { field: 'brand' }, { field: 'quantity', header: 'Кол-во' }],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.settings.order_template).toEqual({
      format: 'csv',
      encoding: 'cp1251',
      delimiter: ';',
      header_row: true,
      columns: [
        { field: 'article', header: null },
        { field: 'brand', header: null },
        { field: 'quantity', header: 'Кол-во' },
      ],
    });
  });

  it('seals the API password, answers only that it is set, and tests the connection', async () => {
    const saved = await save({ channel: 'api', api: apiSettings(PASSWORD) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.settings.api).toMatchObject({ login: LOGIN, password_set: true });
    const [row] = await database.db
      .select()
      .from(supplierPurchaseSettings)
      .where(eq(supplierPurchaseSettings.supplierId, supplierId));
    expect(row!.apiPasswordSealed).toMatch(/^v1\./);
    expect(row!.nextPollAt).not.toBeNull();

    // Saved again without a password: the stored one stays.
    const again = await save({ channel: 'api', api: apiSettings() });
    expect(again.json().data.settings.api.password_set).toBe(true);

    const tested = await callAdmin(test.app, 'supplier-order-channel-test', {
      cookie: manager,
      body: { supplier_id: supplierId },
    });
    expect(tested.statusCode).toBe(200);
    const result = tested.json().data.result;
    expect(result.ok).toBe(true);
    expect(result.options.payment_methods).toEqual([{ id: '37', name: 'Безнал' }]);
    expect(result.statuses).toEqual([
      { code: '101', name: 'Ожидает обработки', stage: 'ordered' },
      { code: '102', name: 'Заказано', stage: 'confirmed' },
      { code: '104', name: 'Отказ', stage: 'refused' },
      { code: '105', name: 'Особый статус', stage: null },
    ]);
    expect(result.message).toContain('статусов без этапа: 1');
    const shown = await callAdmin(test.app, 'supplier-order-channel-show', {
      cookie: manager,
      body: { supplier_id: supplierId },
    });
    expect(shown.json().data.settings.status_map['102']).toEqual({ stage: 'confirmed' });
    expect(site.requests.at(-1)!.params.get('userpsw')).toBe(PASSWORD_MD5);

    // Nothing the shop says or keeps in the open holds the password or its hash.
    const answers = JSON.stringify([saved.json(), again.json(), tested.json(), shown.json()]);
    const audit = JSON.stringify(await database.db.select().from(auditLog));
    expect(audit).toContain('supplier_channel.update');
    expect(audit).toContain('"credentials_changed":true');
    for (const text of [answers, audit, JSON.stringify(test.logs)]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(PASSWORD_MD5);
      expect(text).not.toContain(row!.apiPasswordSealed!);
    }
  });

  it('shows a failing supplier server to the staff, with backoff, and a wrong password as such', async () => {
    site.misbehave('http500');
    const failed = await callAdmin(test.app, 'supplier-order-channel-test', {
      cookie: manager,
      body: { supplier_id: supplierId },
    });
    site.misbehave(null);
    expect(failed.json().data.result.ok).toBe(false);
    const shown = await callAdmin(test.app, 'supplier-order-channel-show', {
      cookie: manager,
      body: { supplier_id: supplierId },
    });
    const settings = shown.json().data.settings;
    expect(settings.last_error).toBe(failed.json().data.result.message);
    expect(settings.failures).toBe(1);

    await save({ channel: 'api', api: apiSettings('не тот пароль') });
    const wrong = await callAdmin(test.app, 'supplier-order-channel-test', {
      cookie: manager,
      body: { supplier_id: supplierId },
    });
    expect(wrong.json().data.result).toMatchObject({
      ok: false,
      message: expect.stringContaining('Поставщик не принял логин или пароль API'),
    });
    expect(everything()).not.toContain('не тот пароль');
  });
});
