import {
  INVALID_PHONE_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORDS_MISMATCH_MESSAGE,
  firstError,
  maxLength,
  minLength,
  normalizeRussianPhone,
  required,
  validEmail,
} from '@detal/contract/browser';
import type { Rule } from '@detal/contract';
import { isApiError, readErrorBody } from '../../lib/api/errors.ts';
import { paths } from '../../paths.ts';

/**
 * Form rules of the client pages, built from the spec's generic rules (required, valid e-mail, min and max length)
 * and checked as the server checks them, so that the server's 422 is rarely seen.
 */

/** A field check from rules: the first failing rule's text, so one error shows per field. */
export const byRules =
  (...rules: Rule[]) =>
  (value: unknown): string | null =>
    firstError(value, rules);

const passwordLength = [
  minLength(PASSWORD_MIN_LENGTH, `Пароль должен содержать не менее ${PASSWORD_MIN_LENGTH} символов`),
  maxLength(PASSWORD_MAX_LENGTH, `Пароль должен содержать не более ${PASSWORD_MAX_LENGTH} символов`),
];

/** A Russian phone number in any usual writing (+7 999 123-45-67, 8 (999) 123 45 67). */
export const russianPhone =
  (message: string = INVALID_PHONE_MESSAGE): Rule =>
  (value) =>
    typeof value !== 'string' || value.trim() === '' || normalizeRussianPhone(value) !== null || message;

export const emailRules = byRules(required('Введите e-mail'), validEmail(), maxLength(254));
export const currentPasswordRules = byRules(required('Введите пароль'), maxLength(PASSWORD_MAX_LENGTH));
export const newPasswordRules = byRules(required('Введите пароль'), ...passwordLength);
export const nameRules = (requiredMessage: string) => byRules(required(requiredMessage), maxLength(100));
export const optionalTextRules = (max: number) => byRules(maxLength(max));
export const phoneRules = byRules(required('Введите номер телефона'), russianPhone());

/** The confirmation field: the same text as `password` of the form. */
export const confirmationRules = (value: unknown, values: { password: string }): string | null =>
  firstError(value, [required('Повторите пароль'), (text) => text === values.password || PASSWORDS_MISMATCH_MESSAGE]);

/**
 * A 422's first message for each of `fields`, to show under the form's own fields (one error per field). The error
 * catalogue has already shown them as notifications (spec section 8); a failure of any other kind carries none.
 */
export function serverFieldErrors<F extends string>(fields: readonly F[], error: unknown): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  if (!isApiError(error) || error.status !== 422) return found;
  const { error: detail } = readErrorBody(error.body);
  if (typeof detail !== 'object') return found;
  for (const [field, messages] of Object.entries(detail)) {
    if ((fields as readonly string[]).includes(field) && messages[0]) found[field as F] = messages[0];
  }
  return found;
}

/** A stand-in origin: `next` is read as a browser would read it on the shop's pages, then must stay on it. */
const SHOP_ORIGIN = 'http://shop.invalid';

/**
 * Where to go after signing in: the `next` a guard put in the URL when it is a path of this shop, else home.
 * The value is parsed as the browser will (tabs and newlines dropped, backslashes as slashes, dot segments
 * resolved) and only its path, query and fragment are kept, so absolute and protocol-relative addresses in any
 * disguise land on home (no open redirect); /login and /register do too.
 */
export function afterSignInPath(next: string | null): string {
  if (!next || !next.startsWith('/')) return paths.home();
  let url: URL;
  try {
    url = new URL(next, SHOP_ORIGIN);
  } catch {
    return paths.home();
  }
  // A backslash left in the query or fragment is encoded, so that nothing downstream reads it as a slash.
  const path = `${url.pathname}${url.search}${url.hash}`.replaceAll('\\', '%5C');
  // A path that itself starts with two slashes (`/.//evil.example`) would be protocol-relative once sent.
  if (url.origin !== SHOP_ORIGIN || /^\/[/\\]/.test(path)) return paths.home();
  return url.pathname === paths.login() || url.pathname === paths.register() ? paths.home() : path;
}
