import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_WORKING_CALENDAR,
  HOLIDAY_DATE_MESSAGE,
  INN_CHECKSUM_MESSAGE,
  ORDERS_UNTIL_MESSAGE,
  SETTLEMENT_ACCOUNT_CHECKSUM_MESSAGE,
  SHOP_API_PREFIX,
  WORKING_WEEKDAYS_MESSAGE,
  type AdminSettingsView,
  type Template,
} from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { auditLog } from '../../db/schema/index.ts';
import { demoShopSettings } from '../../seed/shop-settings.ts';
import { readShopSetting, writeShopSetting } from '../../db/shop-settings.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { staffAddress } from '../notifications/staff-address.ts';
import { findStaffMember } from '../staff/queries.ts';
import { readAdminSettings } from './service.ts';

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
    expect(settings.staff_notification).toEqual({
      email: null,
      fallback_email: 'env@shop.example.ru',
      fallback_source: 'env',
    });
    // Without STAFF_NOTIFICATION_EMAIL the shop's first owner is where the mail goes (issue 26, point 8).
    const ownerEmail = (await findStaffMember(database.db, ownerId))!.email;
    expect((await readAdminSettings(database.db, undefined)).staff_notification).toEqual({
      email: null,
      fallback_email: ownerEmail,
      fallback_source: 'owner',
    });
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
    expect((await staffAddress(database.db, notify))?.email).toBe('orders@shop.example.ru');

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
    expect((await staffAddress(database.db, notify))?.email).toBe('env@shop.example.ru');
    expect((await show()).staff_notification.email).toBeNull();
  });

  describe('the working calendar (issue 17, point 6)', () => {
    const CALENDAR = {
      working_weekdays: [6, 1, 2, 3, 4, 5],
      holidays: ['2027-01-07', '2026-12-31', '2027-01-07'],
      orders_until: '17:00',
    };

    const calendarAudits = () =>
      database.db
        .select({ before: auditLog.before, after: auditLog.after, staffId: auditLog.staffId })
        .from(auditLog)
        .where(eq(auditLog.entityId, 'delivery_calendar'));

    it('reads as the default (Monday to Friday, Russia’s days off) until the owner saves one', async () => {
      expect(await readShopSetting(database.db, 'delivery_calendar')).toBeNull();
      expect((await show()).delivery_calendar).toEqual(DEFAULT_WORKING_CALENDAR);
      expect(DEFAULT_WORKING_CALENDAR.holidays).toEqual(expect.arrayContaining(['2026-11-04', '2027-01-07']));
    });

    it('refuses no working weekday, an impossible date and a bad time in Russian, and changes nothing', async () => {
      const response = await callAdmin(app, 'settings-save', {
        cookie: owner,
        body: {
          shop: { ...demoShopSettings.shop, name: 'Другое имя' },
          delivery_calendar: { working_weekdays: [], holidays: ['2026-02-30'], orders_until: '25:00' },
        },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: expect.any(String),
        error: {
          'delivery_calendar.working_weekdays': [WORKING_WEEKDAYS_MESSAGE],
          'delivery_calendar.holidays.0': [HOLIDAY_DATE_MESSAGE],
          'delivery_calendar.orders_until': [ORDERS_UNTIL_MESSAGE],
        },
      });
      expect(await readShopSetting(database.db, 'delivery_calendar')).toBeNull();
      expect((await readShopSetting(database.db, 'shop'))?.name).toBe('Деталь');
      expect(await calendarAudits()).toEqual([]);
    });

    it('saves it sorted, audits the change from the default, and the template hands it to every page', async () => {
      const response = await callAdmin(app, 'settings-save', { cookie: owner, body: { delivery_calendar: CALENDAR } });
      expect(response.statusCode, response.body).toBe(200);
      const saved = {
        working_weekdays: [1, 2, 3, 4, 5, 6],
        holidays: ['2026-12-31', '2027-01-07'],
        orders_until: '17:00',
      };
      expect(await readShopSetting(database.db, 'delivery_calendar')).toEqual(saved);
      expect((response.json() as { data: { settings: AdminSettingsView } }).data.settings.delivery_calendar).toEqual(
        saved,
      );
      expect(await calendarAudits()).toEqual([{ before: null, after: { value: saved }, staffId: ownerId }]);

      // The same calendar again changes nothing and leaves no second audit row.
      await callAdmin(app, 'settings-save', { cookie: owner, body: { delivery_calendar: saved } });
      expect(await calendarAudits()).toHaveLength(1);

      const template = await app.inject({ method: 'GET', url: `${SHOP_API_PREFIX}template` });
      const calendar = (template.json() as { data: Template }).data.delivery_calendar;
      expect(calendar).toMatchObject({ time_zone: 'Europe/Moscow', working_weekdays: [1, 2, 3, 4, 5, 6] });
      expect(calendar.orders_until).toBe('17:00');
      expect(Math.abs(Date.parse(calendar.now) - Date.now())).toBeLessThan(60_000);
    });

    it('is the owner’s alone: a manager is refused and nothing changes', async () => {
      const manager = await staffCookieFor(database.db, (await createTestStaff(database.db, 'manager')).member.id);
      const before = await readShopSetting(database.db, 'delivery_calendar');
      const response = await callAdmin(app, 'settings-save', {
        cookie: manager,
        body: { delivery_calendar: { working_weekdays: [1], holidays: [], orders_until: null } },
      });
      expect(response.statusCode).toBe(403);
      expect(await readShopSetting(database.db, 'delivery_calendar')).toEqual(before);
    });
  });
});
