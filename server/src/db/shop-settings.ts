import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_WORKING_CALENDAR, type WorkingCalendar } from '@detal/contract';
import type { Db, DbExecutor } from './index.ts';
import { shopSettings } from './schema/index.ts';

export interface MenuLink {
  title: string;
  url: string;
}

/** Money inside settings is a roubles string with two decimals ('350.00'), like the numeric columns. */
export interface DeliveryMethodSetting {
  id: number;
  name: string;
  price: string;
  description: string;
  needs_address: boolean;
}

/** The stored value of each row of shop_settings, by key. */
export interface ShopSettingValues {
  shop: { name: string; phone: string; email: string; address: string; work_hours: string };
  menu: { header: MenuLink[]; footer: MenuLink[] };
  /** The seller printed on bills. */
  requisites: {
    name: string;
    inn: string;
    kpp: string;
    address: string;
    bank_name: string;
    bik: string;
    settlement_account: string;
    correspondent_account: string;
  };
  /** VAT rate in percent; null prints "Без налога (НДС)". */
  vat: { rate: number | null };
  delivery_methods: DeliveryMethodSetting[];
  /**
   * The working calendar delivery days are counted on (issue 17, point 6); unset reads as
   * DEFAULT_WORKING_CALENDAR (see readWorkingCalendar).
   */
  delivery_calendar: WorkingCalendar;
  /**
   * The HMAC key of sign-in device cookies (http/device-cookie.ts), made on first use; never shown.
   * Replacing it only makes every browser untrusted again until its next sign-in.
   */
  device_cookie_key: { secret: string };
  /**
   * The HMAC key that rate-limit keys are hashed with (http/rate-limit.ts), so that the counters' stores never
   * hold an e-mail or an address in clear; made on first use. Replacing it only restarts the running windows.
   */
  rate_limit_key: { secret: string };
  /**
   * Where an e-mail about each new order goes (the shop's staff); not seeded: STAFF_NOTIFICATION_EMAIL is the
   * fallback (modules/notifications).
   */
  staff_notification_email: { email: string };
  /** The technical catalogue's key when TECH_CATALOG_KEY is unset: random, made once (see catalog-key.ts). */
  tech_catalog_key: { key: string };
  /**
   * The client ledger (issue 31): days of overdue after which the stop-list is set by itself (30 when unset); the
   * reminder's days before a due day (3; 0: none) and the overdue notice's repeat in days (7; 0: once).
   */
  ledger: { stop_after_overdue_days?: number; remind_before_days?: number; overdue_notice_every_days?: number };
  /** Returns (issue 32): the return window in days where a supplier sets none (14 when unset; never below 7). */
  returns: { window_days: number };
  /**
   * (issue 32, point 6) An analog pair whose «не подошла» returns exceed `max_percent` of at least `min_purchases`
   * purchases is listed below the other analogs (RETURN_RATE_DEFAULT_* when unset; read in SQL by the search,
   * catalog/return-rates.ts).
   */
  return_rates: { max_percent: number; min_purchases: number };
  /**
   * (issue 33, decision 0068) Delivery learned per supplier: the rolling window in days (90 when unset) and the
   * fewest lines a supplier, or a supplier and brand, needs before its figures show (20 when unset); read by the
   * refresh job (modules/delivery-learning), applied at its next run.
   */
  delivery_stats: { window_days?: number; min_lines?: number };
}

export type ShopSettingKey = keyof ShopSettingValues;

/** The stored value, or null when the setting was never written. */
export async function readShopSetting<K extends ShopSettingKey>(
  db: DbExecutor,
  key: K,
): Promise<ShopSettingValues[K] | null> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, key));
  // jsonb is written only through writeShopSetting, which takes the typed value.
  return row ? (row.value as ShopSettingValues[K]) : null;
}

export async function writeShopSetting<K extends ShopSettingKey>(
  db: DbExecutor,
  key: K,
  value: ShopSettingValues[K],
): Promise<void> {
  await db
    .insert(shopSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: sql`excluded.value` } });
}

/** Removes a setting (its readers fall back to their default). */
export async function deleteShopSetting(db: DbExecutor, key: ShopSettingKey): Promise<void> {
  await db.delete(shopSettings).where(eq(shopSettings.key, key));
}

/** The shop's working calendar: the saved one, or the default (Monday to Friday, Russia's days off). */
export async function readWorkingCalendar(db: DbExecutor): Promise<WorkingCalendar> {
  return (await readShopSetting(db, 'delivery_calendar')) ?? DEFAULT_WORKING_CALENDAR;
}

/**
 * The stored value, written first as `initial()` when the setting does not exist yet. Instances starting
 * together agree: the first insert wins (on conflict do nothing) and every caller reads what was stored.
 */
export async function readOrCreateShopSetting<K extends ShopSettingKey>(
  db: Db,
  key: K,
  initial: () => ShopSettingValues[K],
): Promise<ShopSettingValues[K]> {
  const stored = await readShopSetting(db, key);
  if (stored !== null) return stored;
  await db.insert(shopSettings).values({ key, value: initial() }).onConflictDoNothing({ target: shopSettings.key });
  const created = await readShopSetting(db, key);
  if (created === null) throw new Error(`The shop setting ${key} could not be created`);
  return created;
}

/**
 * Settings the shop makes for itself on first use (keys that must not be public, so never seeded): their rows
 * alone do not make a database "filled" for the demo seed.
 */
export const GENERATED_SETTING_KEYS = [
  'tech_catalog_key',
  'device_cookie_key',
  'rate_limit_key',
] as const satisfies ShopSettingKey[];

/** The shop's secrets made on first use: 32 random bytes each. */
export type GeneratedSecretKey = 'device_cookie_key' | 'rate_limit_key';

const generatedSecrets = new WeakMap<Db, Map<GeneratedSecretKey, Promise<Buffer>>>();

/**
 * A secret of the shop (an HMAC key), read or made once per database and process: it never changes while the
 * shop runs. Instances starting together agree on one (the first insert wins, the others read it); a failed
 * read is tried again next time rather than remembered.
 */
export function shopSecret(db: Db, key: GeneratedSecretKey): Promise<Buffer> {
  let secrets = generatedSecrets.get(db);
  if (!secrets) generatedSecrets.set(db, (secrets = new Map()));
  let secret = secrets.get(key);
  if (!secret) {
    secret = readOrCreateShopSetting(db, key, () => ({ secret: randomBytes(32).toString('base64url') })).then(
      ({ secret: text }) => Buffer.from(text, 'base64url'),
    );
    secret.catch(() => secrets.delete(key));
    secrets.set(key, secret);
  }
  return secret;
}

/**
 * The shop's generated technical-catalogue key, made on first use: 32 random bytes, base64url. Instances starting
 * together on one database agree on one key (the first insert wins, the others read it).
 */
export async function generatedTechCatalogKey(db: Db): Promise<string> {
  const stored = await readOrCreateShopSetting(db, 'tech_catalog_key', () => ({
    key: randomBytes(32).toString('base64url'),
  }));
  return stored.key;
}
