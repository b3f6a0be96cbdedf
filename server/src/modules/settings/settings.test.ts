import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INN_CHECKSUM_MESSAGE, SETTLEMENT_ACCOUNT_CHECKSUM_MESSAGE, type AdminSettingsView } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { auditLog } from '../../db/schema.ts';
import { demoShopSettings } from '../../seed/shop-settings.ts';
import { readShopSetting, writeShopSetting } from '../../db/shop-settings.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { staffAddress } from '../notifications/sender.ts';

const REQUISITES = {
  name: 'ООО «Ромашка»',
  inn: '7707083893',
  kpp: '773601001',
  address: '117997, г. Москва, ул. Вавилова, д. 19',
  bank_name: 'ПАО Сбербанк',
  bik: '044525225',
  settlement_account: '40702810500000001234',
  correspondent_account: '30101810400000000225',
};

describe('back office: shop settings', () => {
  let database: Database;
  let app: FastifyInstance;
  let owner: string;
  let ownerId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await buildTestApp(database, { staffNotificationEmail: 'env@shop.example.ru' }));
    for (const key of ['shop', 'requisites', 'vat', 'delivery_methods'] as const) {
      await writeShopSetting(database.db, key, demoShopSettings[key] as never);
    }
    ownerId = (await createTestStaff(database.db, 'owner')).member.id;
    owner = await staffCookieFor(database.db, ownerId);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const show = async () => {
    const response = await callAdmin(app, 'settings-show', { cookie: owner });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { settings: AdminSettingsView } }).data.settings;
  };

  it('shows the settings, delivery prices in kopecks, and the env fallback of the staff address', async () => {
    const settings = await show();
    expect(settings.shop.name).toBe('Деталь');
    expect(settings.delivery_methods.map((method) => method.price_kopecks)).toEqual([0, 35000, 60000]);
    expect(settings.staff_notification).toEqual({ email: null, fallback_email: 'env@shop.example.ru' });
  });

  it('refuses requisites with a wrong INN or account key in Russian, in the contract shape, and changes nothing', async () => {
    const before = await readShopSetting(database.db, 'requisites');
    const response = await callAdmin(app, 'settings-save', {
      cookie: owner,
      body: {
        shop: { ...demoShopSettings.shop, name: 'Другое имя' },
        requisites: { ...REQUISITES, inn: '7707083894', settlement_account: '40702810500000001235' },
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: expect.any(String),
      error: {
        'requisites.inn': [INN_CHECKSUM_MESSAGE],
        'requisites.settlement_account': [SETTLEMENT_ACCOUNT_CHECKSUM_MESSAGE],
      },
    });
    expect(await readShopSetting(database.db, 'requisites')).toEqual(before);
    expect((await readShopSetting(database.db, 'shop'))?.name).toBe('Деталь');
  });

  it('saves sections in one go, each change audited; the staff address wins over the env and clears back to it', async () => {
    const methods = [
      { id: 1, name: 'Самовывоз', price_kopecks: 0, description: '', needs_address: false },
      { id: 2, name: 'Курьер', price_kopecks: 39950, description: 'По Москве', needs_address: true },
    ];
    const response = await callAdmin(app, 'settings-save', {
      cookie: owner,
      body: {
        requisites: { ...REQUISITES, settlement_account: '4070 2810 5000 0000 1234' },
        vat: { rate: 20 },
        delivery_methods: methods,
        staff_notification: { email: 'orders@shop.example.ru' },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await readShopSetting(database.db, 'requisites')).toEqual(REQUISITES);
    expect(await readShopSetting(database.db, 'vat')).toEqual({ rate: 20 });
    expect((await readShopSetting(database.db, 'delivery_methods'))?.[1]).toMatchObject({ price: '399.50' });
    const settings = await show();
    expect(settings.delivery_methods).toEqual(methods);
    const notify = 'env@shop.example.ru';
    expect(await staffAddress(database.db, notify)).toBe('orders@shop.example.ru');

    const audited = await database.db
      .select({ entityId: auditLog.entityId, staffId: auditLog.staffId })
      .from(auditLog)
      .where(eq(auditLog.entity, 'settings'));
    expect(audited.map((row) => row.entityId).sort()).toEqual([
      'delivery_methods',
      'requisites',
      'staff_notification_email',
      'vat',
    ]);
    expect(new Set(audited.map((row) => row.staffId))).toEqual(new Set([ownerId]));

    await callAdmin(app, 'settings-save', { cookie: owner, body: { staff_notification: { email: null } } });
    expect(await staffAddress(database.db, notify)).toBe('env@shop.example.ru');
    expect((await show()).staff_notification.email).toBeNull();
  });
});
