import { isDeepStrictEqual } from 'node:util';
import {
  kopecksToDecimal,
  toKopecks,
  type AdminSettingsSave,
  type AdminSettingsView,
  type DeliveryMethodEdit,
} from '@detal/contract';
import type { Db, DbExecutor } from '../../db/index.ts';
import {
  deleteShopSetting,
  readShopSetting,
  readWorkingCalendar,
  writeShopSetting,
  type ShopSettingValues,
} from '../../db/shop-settings.ts';
import { emit } from '../../events/bus.ts';
import { staffAddressFallback } from '../notifications/staff-address.ts';

/**
 * The shop's settings as the back office edits them (issue 15, point 7), on top of `shop_settings`
 * (db/shop-settings.ts, which the bills, checkout, template and notifications read). Values arrive checked by the
 * contract's schemas (requisites by their check digits); a save writes every section it carries in one
 * transaction, each with an audit row of its value before and after, or nothing.
 */

const EMPTY_SHOP: ShopSettingValues['shop'] = { name: '', phone: '', email: '', address: '', work_hours: '' };
const EMPTY_REQUISITES: ShopSettingValues['requisites'] = {
  name: '',
  inn: '',
  kpp: '',
  address: '',
  bank_name: '',
  bik: '',
  settlement_account: '',
  correspondent_account: '',
};

/** Stored delivery prices are decimal text ('350.00'); the screen's are integer kopecks. */
const methodView = (method: ShopSettingValues['delivery_methods'][number]): DeliveryMethodEdit => ({
  id: method.id,
  name: method.name,
  price_kopecks: toKopecks(method.price),
  description: method.description,
  needs_address: method.needs_address,
});

const methodStored = (method: DeliveryMethodEdit): ShopSettingValues['delivery_methods'][number] => ({
  id: method.id,
  name: method.name,
  price: kopecksToDecimal(method.price_kopecks),
  description: method.description,
  needs_address: method.needs_address,
});

export async function readAdminSettings(db: DbExecutor, fallbackEmail: string | undefined): Promise<AdminSettingsView> {
  const [shop, requisites, vat, methods, staffEmail, calendar, fallback] = await Promise.all([
    readShopSetting(db, 'shop'),
    readShopSetting(db, 'requisites'),
    readShopSetting(db, 'vat'),
    readShopSetting(db, 'delivery_methods'),
    readShopSetting(db, 'staff_notification_email'),
    readWorkingCalendar(db),
    staffAddressFallback(db, fallbackEmail),
  ]);
  return {
    shop: shop ?? EMPTY_SHOP,
    requisites: requisites ?? EMPTY_REQUISITES,
    vat: vat ?? { rate: null },
    delivery_methods: (methods ?? []).map(methodView),
    staff_notification: {
      email: staffEmail?.email || null,
      fallback_email: fallback?.email ?? null,
      fallback_source: fallback?.source ?? null,
    },
    delivery_calendar: calendar,
  };
}

/** What each section of a save writes: its setting key and the value stored. */
function storedChanges(save: AdminSettingsSave) {
  const changes: { key: 'shop' | 'requisites' | 'vat' | 'delivery_methods' | 'delivery_calendar'; value: unknown }[] =
    [];
  if (save.shop) changes.push({ key: 'shop', value: save.shop });
  if (save.requisites) changes.push({ key: 'requisites', value: save.requisites });
  if (save.vat) changes.push({ key: 'vat', value: save.vat });
  if (save.delivery_methods) changes.push({ key: 'delivery_methods', value: save.delivery_methods.map(methodStored) });
  if (save.delivery_calendar) changes.push({ key: 'delivery_calendar', value: save.delivery_calendar });
  return changes;
}

/**
 * Writes the sections given (the rest stay as they are), all or nothing, each change audited in the same
 * transaction. `staffId` null: the command line. A cleared staff address removes the setting, so that
 * STAFF_NOTIFICATION_EMAIL takes over again.
 */
export async function saveAdminSettings(
  db: Db,
  staffId: number | null,
  save: AdminSettingsSave,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { key, value } of storedChanges(save)) {
      const before = await readShopSetting(tx, key);
      // jsonb gives keys back in its own order: the values are compared, not their texts.
      if (isDeepStrictEqual(before, value)) continue;
      // Each value was built from its section's checked schema above: the key and the value agree.
      await writeShopSetting(tx, key, value as never);
      await emit(tx, 'StaffWrite', {
        staffId,
        action: 'settings.save',
        entity: 'settings',
        entityId: key,
        before: before === null ? null : { value: before },
        after: { value },
        at,
      });
    }
    if (save.staff_notification) {
      const before = (await readShopSetting(tx, 'staff_notification_email'))?.email ?? null;
      const email = save.staff_notification.email;
      if (before === email) return;
      if (email === null) await deleteShopSetting(tx, 'staff_notification_email');
      else await writeShopSetting(tx, 'staff_notification_email', { email });
      await emit(tx, 'StaffWrite', {
        staffId,
        action: 'settings.save',
        entity: 'settings',
        entityId: 'staff_notification_email',
        before: { email: before },
        after: { email },
        at,
      });
    }
  });
}
