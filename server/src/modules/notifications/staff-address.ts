import type { DbExecutor } from '../../db/index.ts';
import { readShopSetting } from '../../db/shop-settings.ts';
import { firstOwnerEmail } from '../staff/queries.ts';

/** Where the staff's address came from: the owner's setting, the environment, or the shop's first owner. */
export type StaffAddressSource = 'setting' | 'env' | 'owner';

/**
 * Where the staff's e-mail (a new order, a failing or stale price list) goes, in this order: the shop setting
 * `staff_notification_email` (the back office's settings screen), STAFF_NOTIFICATION_EMAIL (`envEmail`), else the
 * shop's first owner, so that a fresh install's new orders are not silent (issue 26, point 8). Null only while the
 * shop has no owner.
 */
export async function staffAddress(
  db: DbExecutor,
  envEmail: string | undefined,
): Promise<{ email: string; source: StaffAddressSource } | null> {
  const setting = (await readShopSetting(db, 'staff_notification_email'))?.email;
  if (setting) return { email: setting, source: 'setting' };
  return staffAddressFallback(db, envEmail);
}

/** What applies while the setting is empty: STAFF_NOTIFICATION_EMAIL, else the first owner's address. */
export async function staffAddressFallback(
  db: DbExecutor,
  envEmail: string | undefined,
): Promise<{ email: string; source: Exclude<StaffAddressSource, 'setting'> } | null> {
  if (envEmail) return { email: envEmail, source: 'env' };
  const owner = await firstOwnerEmail(db);
  return owner ? { email: owner, source: 'owner' } : null;
}
