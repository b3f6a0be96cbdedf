import type { StaffSetupCheckRequest, StaffSetupRequest } from '@detal/contract';
import { STAFF_SETUP_LINK_INVALID_MESSAGE } from '@detal/contract';
import type { Db } from '../../db/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { validationFailed } from '../../http/errors.ts';
import { hashPassword } from '../../shared/password.ts';
import { hashToken, looksLikeToken, newToken } from '../../shared/secret-token.ts';
import { emit } from '../../events/bus.ts';
import {
  anyStaffExists,
  insertStaff,
  insertStaffSetupLink,
  isStaffSetupLinkUnused,
  markSignedIn,
  useUpStaffSetupLink,
} from './queries.ts';
import type { StaffSignedIn } from './service.ts';
import { openStaffSession } from './sessions.ts';

/**
 * The shop's first owner, created in the browser (issue 26, point 1), as self-hosted tools do it: while no staff
 * member exists, each start of the shop prints a one-time link; whoever opens it types an e-mail, a name and a
 * password and is signed in as the owner. The link dies when used, and every link dies once any staff member
 * exists (one made by `npm run admin -- staff-create`, say). Only the token's SHA-256 is stored.
 */

/** The back office page that takes a setup token. */
export const STAFF_SETUP_PATH = '/admin/setup';

/** `${PUBLIC_URL}/admin/setup?token=...` */
export function staffSetupLink(publicUrl: string, token: string): string {
  const url = new URL(STAFF_SETUP_PATH.slice(1), `${publicUrl.replace(/\/+$/, '')}/`);
  url.searchParams.set('token', token);
  return url.toString();
}

const linkInvalid = () =>
  validationFailed({ token: [STAFF_SETUP_LINK_INVALID_MESSAGE] }, STAFF_SETUP_LINK_INVALID_MESSAGE);

/** A new setup link's token while the shop has no staff; null once it has any (then nothing is written). */
export async function openFirstOwnerSetup(db: Db, now: Date): Promise<string | null> {
  if (await anyStaffExists(db)) return null;
  const token = newToken();
  await insertStaffSetupLink(db, hashToken(token), now);
  return token;
}

/** Whether the link still works: a token we issued, unused, and no staff member yet. */
export async function isFirstOwnerSetupUsable(db: Db, { token }: StaffSetupCheckRequest): Promise<boolean> {
  if (!looksLikeToken(token)) return false;
  const [unused, staffExists] = await Promise.all([isStaffSetupLinkUnused(db, hashToken(token)), anyStaffExists(db)]);
  return unused && !staffExists;
}

/**
 * Creates the first owner and signs them in. One transaction: the link used up, the account, the session and
 * the audit row. With several instances, two links used at once: the unique index on the used link lets one
 * transaction commit, the other fails on it and answers that the link no longer works.
 */
export async function setUpFirstOwner(db: Db, input: StaffSetupRequest, now: Date): Promise<StaffSignedIn> {
  // Checked before the (slow) hashing, so that a dead link costs no scrypt work; used up below atomically.
  if (!(await isFirstOwnerSetupUsable(db, input))) throw linkInvalid();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      if (!(await useUpStaffSetupLink(tx, hashToken(input.token), now))) throw linkInvalid();
      if (await anyStaffExists(tx)) throw linkInvalid();
      const created = await insertStaff(tx, { email: input.email, name: input.name, role: 'owner', passwordHash }, now);
      await emit(tx, 'StaffWrite', {
        staffId: created.id,
        action: 'staff.setup',
        entity: 'staff',
        entityId: created.id,
        after: { email: created.email, name: created.name, role: created.role, blocked: false },
        at: now,
      });
      const token = await openStaffSession(tx, created.id, now);
      const member = await markSignedIn(tx, created.id, now);
      if (!member) throw linkInvalid();
      return { token, member };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw linkInvalid();
    throw error;
  }
}
