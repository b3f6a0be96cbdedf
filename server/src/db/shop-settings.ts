import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './index.ts';
import { shopSettings } from './schema.ts';

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
  /** The technical catalogue's key when TECH_CATALOG_KEY is unset: random, made once (see catalog-key.ts). */
  tech_catalog_key: { key: string };
}

export type ShopSettingKey = keyof ShopSettingValues;

/** The stored value, or null when the setting was never written. */
export async function readShopSetting<K extends ShopSettingKey>(db: Db, key: K): Promise<ShopSettingValues[K] | null> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, key));
  // jsonb is written only through writeShopSetting, which takes the typed value.
  return row ? (row.value as ShopSettingValues[K]) : null;
}

export async function writeShopSetting<K extends ShopSettingKey>(
  db: Db,
  key: K,
  value: ShopSettingValues[K],
): Promise<void> {
  await db
    .insert(shopSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: sql`excluded.value` } });
}

/** The row that keeps the generated technical-catalogue key; it alone does not make a database "filled". */
export const TECH_CATALOG_KEY_SETTING = 'tech_catalog_key' satisfies ShopSettingKey;

/**
 * The shop's generated technical-catalogue key, made on first use: 32 random bytes, base64url. Instances starting
 * together on one database agree on one key (the first insert wins, the others read it).
 */
export async function generatedTechCatalogKey(db: Db): Promise<string> {
  const candidate = { key: randomBytes(32).toString('base64url') };
  await db.insert(shopSettings).values({ key: TECH_CATALOG_KEY_SETTING, value: candidate }).onConflictDoNothing();
  const stored = await readShopSetting(db, TECH_CATALOG_KEY_SETTING);
  if (!stored) throw new Error('the generated technical-catalogue key was not stored');
  return stored.key;
}
