import type {
  Paginated,
  StaffChangePasswordRequest,
  StaffInviteRequest,
  StaffListFilters,
  StaffMember,
  StaffRole,
  StaffSetPasswordRequest,
  StaffSignInRequest,
} from '@detal/contract';
import { STAFF_LINK_INVALID_MESSAGE, pageOffset, paginationMeta } from '@detal/contract';
import type { Db } from '../../db/index.ts';
import { readShopSetting } from '../../db/shop-settings.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { HttpError, notFound, unauthorized, validationFailed } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import type { MailLog, Mailer } from '../../mail/mailer.ts';
import { hashForUnknownAccount, hashPassword, needsRehash, verifyPassword } from '../../shared/password.ts';
import { addMs, hashToken, looksLikeToken, newToken } from '../../shared/secret-token.ts';
import { emit } from '../../events/bus.ts';
import { invitationMail, staffPasswordLink } from './invite-mail.ts';
import {
  countStaff,
  findStaffByEmail,
  findStaffMember,
  findStaffPasswordHash,
  insertStaff,
  insertStaffPasswordLink,
  isStaffPasswordLinkUsable,
  listStaffMembers,
  lockStaffMember,
  markSignedIn,
  retireStaffPasswordLinks,
  revokeStaffSession,
  revokeStaffSessions,
  updateStaffBlocked,
  updateStaffPasswordHash,
  useUpStaffPasswordLink,
} from './queries.ts';
import { openStaffSession } from './sessions.ts';

export const STAFF_SIGN_IN_FAILED_MESSAGE = 'Неверный e-mail или пароль';
export const STAFF_BLOCKED_MESSAGE = 'Учётная запись заблокирована. Обратитесь к владельцу магазина';
export const STAFF_EMAIL_TAKEN_MESSAGE = 'Сотрудник с таким e-mail уже есть';
export const STAFF_NOT_FOUND_MESSAGE = 'Сотрудник не найден';
export const STAFF_SELF_BLOCK_MESSAGE = 'Нельзя заблокировать самого себя';
export const STAFF_WRONG_CURRENT_PASSWORD_MESSAGE = 'Текущий пароль указан неверно';
/** An invitation's or a `--link`'s set-password link works this long, once. */
export const STAFF_LINK_TTL_DAYS = 3;
const STAFF_LINK_TTL_MS = STAFF_LINK_TTL_DAYS * 24 * 60 * 60 * 1000;
const FALLBACK_SHOP_NAME = 'Деталь';

/**
 * As for clients: a 422 on the whole form, the same words whether the e-mail or the password was wrong. A class of
 * its own: the sign-in's limits count these failures and nothing else (sign-in-limits.ts).
 */
export class WrongStaffCredentials extends HttpError {
  constructor() {
    super(422, STAFF_SIGN_IN_FAILED_MESSAGE, { _: [STAFF_SIGN_IN_FAILED_MESSAGE] });
  }
}
const signInFailed = () => new WrongStaffCredentials();
const linkInvalid = () => validationFailed({ token: [STAFF_LINK_INVALID_MESSAGE] }, STAFF_LINK_INVALID_MESSAGE);
const emailTaken = () => validationFailed({ email: [STAFF_EMAIL_TAKEN_MESSAGE] });

export interface StaffSignedIn {
  token: string;
  member: StaffMember;
}

/**
 * Signs a staff member in. A blocked account is told so only after the right password: a guesser learns
 * nothing. The session, the sign-in time and the audit row are one transaction.
 */
export async function signIn(db: Db, input: StaffSignInRequest, now: Date): Promise<StaffSignedIn> {
  const found = await findStaffByEmail(db, input.email);
  // The same scrypt work for an unknown e-mail or an invitation not yet accepted: the timing tells nothing.
  const stored = found?.passwordHash ?? (await hashForUnknownAccount());
  const matches = await verifyPassword(input.password, stored);
  if (!found || found.passwordHash === null || !matches) throw signInFailed();
  if (found.blocked) throw validationFailed({ _: [STAFF_BLOCKED_MESSAGE] }, STAFF_BLOCKED_MESSAGE);
  const rehashed = needsRehash(found.passwordHash) ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    if (rehashed) await updateStaffPasswordHash(tx, found.id, rehashed, now);
    const token = await openStaffSession(tx, found.id, now);
    const member = await markSignedIn(tx, found.id, now);
    if (!member) throw signInFailed();
    await emit(tx, 'StaffWrite', {
      staffId: found.id,
      action: 'staff.sign_in',
      entity: 'staff',
      entityId: found.id,
      at: now,
    });
    return { token, member };
  });
}

export async function signOut(db: Db, staff: StaffContext, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeStaffSession(tx, staff.sessionId, now);
    await emit(tx, 'StaffWrite', {
      staffId: staff.staffId,
      action: 'staff.sign_out',
      entity: 'staff',
      entityId: staff.staffId,
      at: now,
    });
  });
}

export async function staffMemberOf(db: Db, staffId: number): Promise<StaffMember> {
  const member = await findStaffMember(db, staffId);
  if (!member) throw unauthorized();
  return member;
}

export async function listStaff(db: Db, filters: StaffListFilters, page: number): Promise<Paginated<StaffMember>> {
  const [total, data] = await Promise.all([
    countStaff(db),
    listStaffMembers(db, filters.per_page, pageOffset(page, filters.per_page)),
  ]);
  return { data, ...paginationMeta(total, page, filters.per_page) };
}

/** Who did it, for the log: a staff member, or the command line (null). */
export type Actor = { staffId: number } | null;

export interface NewStaffMember {
  email: string;
  name: string;
  role: StaffRole;
  /** Set now (the CLI's prompt); null leaves it to a set-password link. */
  password: string | null;
}

export interface CreatedStaff {
  member: StaffMember;
  /** The set-password token when no password was given; it exists nowhere else. */
  linkToken: string | null;
}

/** Adds a staff member (and, without a password, a set-password link) with its audit row, in one transaction. */
export async function createStaffMember(db: Db, actor: Actor, input: NewStaffMember, now: Date): Promise<CreatedStaff> {
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const member = await insertStaff(
        tx,
        { email: input.email, name: input.name, role: input.role, passwordHash },
        now,
      );
      let linkToken: string | null = null;
      if (passwordHash === null) {
        linkToken = newToken();
        await insertStaffPasswordLink(tx, {
          staffId: member.id,
          tokenHash: hashToken(linkToken),
          createdAt: now,
          expiresAt: addMs(now, STAFF_LINK_TTL_MS),
        });
      }
      await emit(tx, 'StaffWrite', {
        staffId: actor?.staffId ?? null,
        action: actor ? 'staff.invite' : 'staff.create',
        entity: 'staff',
        entityId: member.id,
        after: { email: member.email, name: member.name, role: member.role, blocked: false },
        at: now,
      });
      return { member, linkToken };
    });
  } catch (error) {
    // Two invitations of one e-mail at once: the unique index on lower(email) lets one through.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export interface InviteMailing {
  mailer: Mailer;
  publicUrl: string;
  log: MailLog;
}

/**
 * The owner invites a staff member: the account (no password yet), its link and the audit row commit together,
 * then the link is e-mailed. A failed delivery is logged; the invitation stands.
 */
export async function inviteStaff(
  db: Db,
  actor: StaffContext,
  input: StaffInviteRequest,
  now: Date,
  { mailer, publicUrl, log }: InviteMailing,
): Promise<StaffMember> {
  if (await findStaffByEmail(db, input.email)) throw emailTaken();
  const { member, linkToken } = await createStaffMember(
    db,
    { staffId: actor.staffId },
    { ...input, password: null },
    now,
  );
  const shopName = (await readShopSetting(db, 'shop'))?.name || FALLBACK_SHOP_NAME;
  const message = invitationMail({
    to: member.email,
    name: member.name,
    role: member.role,
    link: staffPasswordLink(publicUrl, linkToken!),
    shopName,
    validDays: STAFF_LINK_TTL_DAYS,
  });
  await mailer
    .send(message, log)
    .catch((error: unknown) => log.error({ err: error, mail: { to: member.email } }, 'staff invitation e-mail failed'));
  return member;
}

/**
 * Blocks or unblocks a staff member. Blocking ends every session of theirs in the same transaction, so their
 * next request is already a 401. The owner cannot block themselves (the shop would lose its last way in).
 */
export async function setStaffBlocked(
  db: Db,
  actor: StaffContext,
  staffId: number,
  blocked: boolean,
  now: Date,
): Promise<StaffMember> {
  if (blocked && staffId === actor.staffId)
    throw validationFailed({ id: [STAFF_SELF_BLOCK_MESSAGE] }, STAFF_SELF_BLOCK_MESSAGE);
  return db.transaction(async (tx) => {
    const before = await lockStaffMember(tx, staffId);
    if (!before) throw notFound(STAFF_NOT_FOUND_MESSAGE);
    if (before.blocked === blocked) return before;
    const after = await updateStaffBlocked(tx, staffId, blocked ? now : null, now);
    if (!after) throw notFound(STAFF_NOT_FOUND_MESSAGE);
    if (blocked) await revokeStaffSessions(tx, staffId, now);
    await emit(tx, 'StaffWrite', {
      staffId: actor.staffId,
      action: blocked ? 'staff.block' : 'staff.unblock',
      entity: 'staff',
      entityId: staffId,
      before: { blocked: before.blocked },
      after: { blocked: after.blocked },
      at: now,
    });
    return after;
  });
}

/**
 * Sets a password from a link, once: the link and every other link of the member are used up, every session of
 * theirs ends. A blocked member's link works no more.
 */
export async function setPasswordFromLink(db: Db, input: StaffSetPasswordRequest, now: Date): Promise<void> {
  const tokenHash = hashToken(input.token);
  // Checked before the (slow) hashing, so that a dead link costs no scrypt work; used up below atomically.
  if (!looksLikeToken(input.token) || !(await isStaffPasswordLinkUsable(db, tokenHash, now))) throw linkInvalid();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const staffId = await useUpStaffPasswordLink(tx, tokenHash, now);
    if (staffId === null) throw linkInvalid();
    const member = await lockStaffMember(tx, staffId);
    if (!member || member.blocked) throw linkInvalid();
    await updateStaffPasswordHash(tx, staffId, passwordHash, now);
    await revokeStaffSessions(tx, staffId, now);
    await retireStaffPasswordLinks(tx, staffId, now);
    await emit(tx, 'StaffWrite', {
      staffId,
      action: 'staff.set_password',
      entity: 'staff',
      entityId: staffId,
      before: { has_password: member.has_password },
      after: { has_password: true },
      at: now,
    });
  });
}

/** A signed-in staff member changes their password: every other session of theirs ends, this one goes on. */
export async function changeOwnPassword(
  db: Db,
  staff: StaffContext,
  input: StaffChangePasswordRequest,
  now: Date,
): Promise<void> {
  const stored = await findStaffPasswordHash(db, staff.staffId);
  if (stored === null) throw unauthorized();
  if (!(await verifyPassword(input.current_password, stored))) {
    throw validationFailed({ current_password: [STAFF_WRONG_CURRENT_PASSWORD_MESSAGE] });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await updateStaffPasswordHash(tx, staff.staffId, passwordHash, now);
    await revokeStaffSessions(tx, staff.staffId, now, staff.sessionId);
    await retireStaffPasswordLinks(tx, staff.staffId, now);
    await emit(tx, 'StaffWrite', {
      staffId: staff.staffId,
      action: 'staff.change_password',
      entity: 'staff',
      entityId: staff.staffId,
      at: now,
    });
  });
}
