import type {
  Account,
  BasketRef,
  ChangePasswordRequest,
  ClientProfile,
  ClientToken,
  DeliveryAddress,
  DeliveryAddressSaveRequest,
  LoginRequest,
  RegistrationRequest,
  ResetPasswordConfirmRequest,
  UpdateAccountRequest,
} from '@detal/contract';
import { CLIENT_BLOCKED_MESSAGE } from '@detal/contract';
import type { Db, DbExecutor } from '../../db/index.ts';
import { readShopSetting } from '../../db/shop-settings.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { notFound, unauthorized, validationFailed } from '../../http/errors.ts';
import type { AuthContext } from '../../http/handlers.ts';
import type { MailLog, Mailer } from '../../mail/mailer.ts';
import { claimBasketForClient } from '../basket/merge.ts';
import { addPayerIn } from '../payers/service.ts';
import { hashForUnknownAccount, hashPassword, needsRehash, verifyPassword } from '../../shared/password.ts';
import {
  countDeliveryAddresses,
  deleteDeliveryAddress,
  deleteExpiredPasswordResets,
  findClientByEmail,
  findClientProfile,
  findPasswordHash,
  insertClient,
  insertDeliveryAddress,
  insertPasswordReset,
  isEmailTaken,
  isPasswordResetUsable,
  listDeliveryAddresses,
  type ProfileChanges,
  retirePasswordResets,
  revokeClientSessions,
  revokeSession,
  updateClientProfile,
  wantsStatusEmails,
  updateDeliveryAddress,
  updatePasswordHash,
  useUpPasswordReset,
} from './queries.ts';
import { resetLink, resetPasswordMail } from './reset-mail.ts';
import { openSession } from './sessions.ts';
import { addMs, hashToken, looksLikeToken, newToken } from '../../shared/secret-token.ts';
import { RESET_TTL_MS } from './token-lifetimes.ts';

/** The one answer to a failed sign-in, whether the e-mail is unknown or the password wrong. */
export const LOGIN_FAILED_MESSAGE = 'Неверный e-mail или пароль';
export const EMAIL_TAKEN_MESSAGE = 'Этот e-mail уже зарегистрирован. Войдите или восстановите пароль';
/** The same answer whether or not the e-mail has an account (no enumeration). */
export const RESET_REQUESTED_MESSAGE =
  'Если этот e-mail зарегистрирован, мы отправили на него ссылку для смены пароля. Ссылка действует 1 час';
export const RESET_LINK_INVALID_MESSAGE = 'Ссылка для смены пароля недействительна или устарела. Запросите новую';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Текущий пароль указан неверно';
export const ADDRESS_NOT_FOUND_MESSAGE = 'Адрес доставки не найден';
export const MAX_DELIVERY_ADDRESSES = 20;
export const TOO_MANY_ADDRESSES_MESSAGE = `Можно сохранить не более ${MAX_DELIVERY_ADDRESSES} адресов доставки`;

/** Shown in e-mails when the shop settings name no shop. */
const FALLBACK_SHOP_NAME = 'Деталь';

/**
 * A failed sign-in is a 422 (the credentials given do not validate), not a 401: in this API 401 means "the
 * token is no longer valid", and the web's error catalogue answers it by dropping the token without a word,
 * while a 422 is shown to the client as an error notification, as the spec wants for a login failure.
 * The message goes under '_', the whole form, so that no field hints which of the two was wrong.
 */
const loginFailed = () => validationFailed({ _: [LOGIN_FAILED_MESSAGE] }, LOGIN_FAILED_MESSAGE);
const emailTaken = () => validationFailed({ email: [EMAIL_TAKEN_MESSAGE] });
const resetLinkInvalid = () => validationFailed({ token: [RESET_LINK_INVALID_MESSAGE] }, RESET_LINK_INVALID_MESSAGE);

/** The anonymous basket a login or registration brought along, when it sent both ids. */
function anonymousBasketOf(input: { basket_id?: number | null; basket_key?: string | null }): BasketRef | null {
  return input.basket_id != null && input.basket_key != null
    ? { basket_id: input.basket_id, basket_key: input.basket_key }
    : null;
}

/** Signs a client in within the caller's transaction: their own basket (the anonymous one merged in), a new session. */
async function startSignedIn(
  tx: DbExecutor,
  clientId: number,
  anonymous: BasketRef | null,
  now: Date,
): Promise<ClientToken> {
  const basket = await claimBasketForClient(tx, clientId, anonymous);
  const accessToken = await openSession(tx, clientId, now);
  return { access_token: accessToken, basket_id: basket.basket_id, basket_key: basket.basket_key };
}

/** The contact data of a registration or an account update, as the clients table names it. */
const profileChangesOf = (input: UpdateAccountRequest): ProfileChanges => ({
  firstName: input.first_name,
  lastName: input.last_name,
  middleName: input.middle_name,
  companyName: input.company_name,
  phoneNumber: input.phone_number,
});

/** A registration's business fields: from the payer's requisites when «Я покупаю для организации» was filled. */
function businessOf(input: RegistrationRequest): {
  isBusiness: boolean;
  inn: string | null;
  companyName: string | null;
} {
  if (input.payer) {
    return { isBusiness: true, inn: input.payer.inn, companyName: input.company_name ?? input.payer.short_name };
  }
  return { isBusiness: input.is_business, inn: input.is_business ? input.inn : null, companyName: input.company_name };
}

export async function register(db: Db, input: RegistrationRequest, now: Date): Promise<ClientToken> {
  if (await isEmailTaken(db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const clientId = await insertClient(
        tx,
        {
          email: input.email,
          passwordHash,
          ...profileChangesOf(input),
          // An INN is kept only for a business registration: a private buyer's form may carry a stray one. A payer
          // given (issue 30) makes the client a business, named by the payer unless a company name was typed.
          ...businessOf(input),
        },
        now,
      );
      if (input.payer) await addPayerIn(tx, clientId, input.payer, true, now);
      return startSignedIn(tx, clientId, anonymousBasketOf(input), now);
    });
  } catch (error) {
    // Two registrations of one e-mail at once: the unique index on lower(email) lets one through.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function login(db: Db, input: LoginRequest, now: Date): Promise<ClientToken> {
  const client = await findClientByEmail(db, input.email);
  // The same scrypt work for an unknown e-mail, so that the timing of the answer tells nothing.
  const matches = await verifyPassword(input.password, client?.passwordHash ?? (await hashForUnknownAccount()));
  if (!client || !matches) throw loginFailed();
  // Told only after the right password, as staff are: a guesser learns nothing of the account.
  if (client.blocked) throw validationFailed({ _: [CLIENT_BLOCKED_MESSAGE] }, CLIENT_BLOCKED_MESSAGE);
  if (needsRehash(client.passwordHash)) {
    await updatePasswordHash(db, client.id, await hashPassword(input.password), now);
  }
  return db.transaction((tx) => startSignedIn(tx, client.id, anonymousBasketOf(input), now));
}

export async function logout(db: Db, auth: AuthContext, now: Date): Promise<void> {
  if (auth.sessionId !== null) await revokeSession(db, auth.sessionId, now);
}

/** The client of a session. A session outliving its client cannot happen (cascade), but would read as signed out. */
export async function profileOf(db: Db, clientId: number): Promise<ClientProfile> {
  const profile = await findClientProfile(db, clientId);
  if (!profile) throw unauthorized();
  return profile;
}

export async function accountOf(db: Db, clientId: number): Promise<Account> {
  const [client, addresses, notifyStatusEmails] = await Promise.all([
    profileOf(db, clientId),
    listDeliveryAddresses(db, clientId),
    wantsStatusEmails(db, clientId),
  ]);
  return { client, delivery_addresses: addresses, notify_status_emails: notifyStatusEmails };
}

export async function updateAccount(
  db: Db,
  clientId: number,
  input: UpdateAccountRequest,
  now: Date,
): Promise<ClientProfile> {
  const changes: ProfileChanges = {
    ...profileChangesOf(input),
    ...(input.notify_status_emails === undefined ? {} : { notifyStatusEmails: input.notify_status_emails }),
  };
  const profile = await updateClientProfile(db, clientId, changes, now);
  if (!profile) throw unauthorized();
  return profile;
}

/** New password for a signed-in client: every other session ends, the one that changed it goes on. */
export async function changePassword(
  db: Db,
  auth: { clientId: number; sessionId: number | null },
  input: ChangePasswordRequest,
  now: Date,
): Promise<void> {
  const stored = await findPasswordHash(db, auth.clientId);
  if (stored === null) throw unauthorized();
  if (!(await verifyPassword(input.current_password, stored))) {
    throw validationFailed({ current_password: [WRONG_CURRENT_PASSWORD_MESSAGE] });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, auth.clientId, passwordHash, now);
    await revokeClientSessions(tx, auth.clientId, now, auth.sessionId);
    await retirePasswordResets(tx, auth.clientId, now);
  });
}

export interface ResetMailing {
  mailer: Mailer;
  publicUrl: string;
  log: MailLog;
}

/**
 * A reset link for the account of `email`, if there is one, e-mailed. The handler does not wait for any of it, so
 * the answer's timing does not tell whether the account exists; a failed delivery is logged.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  now: Date,
  { mailer, publicUrl, log }: ResetMailing,
): Promise<void> {
  const client = await findClientByEmail(db, email);
  if (!client) return;
  await deleteExpiredPasswordResets(db, client.id, now);
  const token = newToken();
  await insertPasswordReset(db, {
    clientId: client.id,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: addMs(now, RESET_TTL_MS),
  });
  const shopName = (await readShopSetting(db, 'shop'))?.name || FALLBACK_SHOP_NAME;
  // To the address as the client registered it, whatever case the request used.
  void mailer
    .send(resetPasswordMail(client.email, resetLink(publicUrl, token), shopName), log)
    .catch((error: unknown) => log.error({ err: error, mail: { to: client.email } }, 'password reset e-mail failed'));
}

/** Sets the password from a reset link, once: the link is used up and every session of the client ends. */
export async function confirmPasswordReset(db: Db, input: ResetPasswordConfirmRequest, now: Date): Promise<void> {
  const tokenHash = hashToken(input.token);
  // Checked before the (slow) hashing, so that a dead link costs no scrypt work; used up below atomically.
  if (!looksLikeToken(input.token) || !(await isPasswordResetUsable(db, tokenHash, now))) throw resetLinkInvalid();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const clientId = await useUpPasswordReset(tx, tokenHash, now);
    if (clientId === null) throw resetLinkInvalid();
    await updatePasswordHash(tx, clientId, passwordHash, now);
    await revokeClientSessions(tx, clientId, now);
    await retirePasswordResets(tx, clientId, now);
  });
}

export async function saveDeliveryAddress(
  db: Db,
  clientId: number,
  input: DeliveryAddressSaveRequest,
  now: Date,
): Promise<DeliveryAddress> {
  if (input.id != null) {
    const updated = await updateDeliveryAddress(db, clientId, input.id, input.address);
    if (!updated) throw notFound(ADDRESS_NOT_FOUND_MESSAGE);
    return updated;
  }
  if ((await countDeliveryAddresses(db, clientId)) >= MAX_DELIVERY_ADDRESSES) {
    throw validationFailed({ address: [TOO_MANY_ADDRESSES_MESSAGE] });
  }
  return insertDeliveryAddress(db, clientId, input.address, now);
}

export async function removeDeliveryAddress(db: Db, clientId: number, id: number): Promise<void> {
  if (!(await deleteDeliveryAddress(db, clientId, id))) throw notFound(ADDRESS_NOT_FOUND_MESSAGE);
}
