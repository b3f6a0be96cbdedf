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
} from '@detal/contract';
import type { Rule } from '@detal/contract';
import { isApiError, readErrorBody } from '../api/errors.ts';
import { HOME_PATH, LOGIN_PATH } from '../access.ts';

/**
 * Form rules of the client pages, built from the spec's generic rules (required, valid e-mail, min and max length)
 * and checked as the server checks them, so that the server's 422 is rarely seen.
 */

/** A Mantine form validator from rules: the first failing rule's text, so one error shows per field. */
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

interface FieldErrorTarget {
  setFieldError: (field: string, error: string) => void;
}

/**
 * Puts a 422's field messages under the form's own fields (the first message of each: one error per field).
 * The error catalogue has already shown them as notifications; this keeps them next to the field too.
 */
export function showServerFieldErrors(form: FieldErrorTarget, fields: readonly string[], error: unknown): void {
  if (!isApiError(error) || error.status !== 422) return;
  const { error: detail } = readErrorBody(error.body);
  if (typeof detail !== 'object') return;
  for (const [field, messages] of Object.entries(detail)) {
    if (fields.includes(field) && messages[0]) form.setFieldError(field, messages[0]);
  }
}

/**
 * Where to go after signing in: the `next` a guard put in the URL when it is a path of this shop, else home.
 * Absolute and protocol-relative addresses are refused (no open redirect), and so are /login and /register.
 */
export function afterSignInPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return HOME_PATH;
  const path = next.split(/[?#]/)[0];
  return path === LOGIN_PATH || path === '/register' ? HOME_PATH : next;
}
