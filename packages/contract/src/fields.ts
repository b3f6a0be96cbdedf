import { z } from 'zod';
import {
  EMAIL_PATTERN,
  INVALID_EMAIL_MESSAGE,
  INVALID_TIME_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORDS_MISMATCH_MESSAGE,
  REQUIRED_MESSAGE,
  toTime24,
} from './rules.ts';
import { pluralRu } from './format.ts';

/**
 * Field schemas the entity and request schemas are built from, with Russian messages a client understands
 * (zod's Russian locale covers everything else, see index.ts).
 */

/** A missing value gets `message`; any other type error falls through to the locale's text. */
export const whenMissing = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? message : undefined;

const tooLong = (max: number) => `Должно содержать не более ${max} ${pluralRu(max, 'символа', 'символов', 'символов')}`;

/** The largest value of PostgreSQL's `integer`, the type of every id and count column. */
export const INT4_MAX = 2_147_483_647;

/** A database id: a positive integer that fits its `integer` column (a larger one names no row, and is refused). */
export const idSchema = z
  .int({ error: whenMissing(REQUIRED_MESSAGE) })
  .positive('Некорректный идентификатор')
  .max(INT4_MAX, 'Некорректный идентификатор');

/** PostgreSQL's text cannot hold the NUL character: a request carrying one is refused, naming the field. */
export const UNSTORABLE_TEXT_MESSAGE = 'Текст содержит недопустимый символ';
// Matching NUL is the point of this pattern.
// eslint-disable-next-line no-control-regex
const STORABLE_TEXT = /^[^\u0000]*$/;

/**
 * Every text a request carries is built on this: a string PostgreSQL can store. Building on it is what gives a
 * future endpoint the same protection (the contract's tests walk every request schema to hold that).
 */
export const textSchema = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).regex(STORABLE_TEXT, UNSTORABLE_TEXT_MESSAGE);

/** A count or quantity: integer >= 0 that fits int4. */
export const countSchema = z.int32().min(0);

/*
 * No check here is marked `abort`: an aborted field would also skip the object-level checks (passwords match,
 * basket pair), and the client should see every problem of a form at once. Checks that an empty value would
 * fail twice are written as one check with two messages instead.
 */

/** Required text, trimmed, 1..max characters. */
export const requiredText = (max: number, requiredMessage: string = REQUIRED_MESSAGE) =>
  textSchema({ error: whenMissing(requiredMessage) })
    .trim()
    .min(1, requiredMessage)
    .max(max, tooLong(max));

/** Optional text, trimmed; absent, null and '' all become null. */
export const optionalText = (max: number) =>
  textSchema()
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((value) => value || null);

const EMAIL_REQUIRED_MESSAGE = 'Введите e-mail';

export const emailSchema = textSchema({ error: whenMissing(EMAIL_REQUIRED_MESSAGE) })
  .trim()
  .max(254, tooLong(254))
  .regex(EMAIL_PATTERN, { error: (issue) => (issue.input === '' ? EMAIL_REQUIRED_MESSAGE : INVALID_EMAIL_MESSAGE) })
  .meta({ format: 'email' });

/** A new password: 8..128 characters, not trimmed (spaces are part of it). */
export const newPasswordSchema = textSchema({ error: whenMissing('Введите пароль') })
  .min(PASSWORD_MIN_LENGTH, {
    error: (issue) =>
      issue.input === '' ? 'Введите пароль' : `Пароль должен содержать не менее ${PASSWORD_MIN_LENGTH} символов`,
  })
  .max(PASSWORD_MAX_LENGTH, `Пароль должен содержать не более ${PASSWORD_MAX_LENGTH} символов`);

/** An existing password being checked: any non-empty text up to the maximum. */
export const currentPasswordSchema = textSchema({ error: whenMissing('Введите пароль') })
  .min(1, 'Введите пароль')
  .max(PASSWORD_MAX_LENGTH, `Пароль должен содержать не более ${PASSWORD_MAX_LENGTH} символов`);

/** Phone as typed; the clients module normalizes Russian formats to +7XXXXXXXXXX. */
export const phoneSchema = requiredText(32, 'Введите номер телефона');

/** An instant in JSON: ISO 8601 with offset ('2024-05-01T09:30:00.000Z', '…+03:00'). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** A calendar day: 'yyyy-mm-dd'. */
export const calendarDateSchema = z.iso.date({ error: 'Введите дату в формате ГГГГ-ММ-ДД' });

/** A list filter's range: `date_to` not before `date_from` (either may be open). */
export const dateRangeCheck = (value: { date_from?: string | null; date_to?: string | null }) =>
  value.date_from == null || value.date_to == null || value.date_from <= value.date_to;

/** The spec's time input (hh:mm, optional :ss, optional am/pm), delivered as 24-hour 'HH:mm[:ss]'. */
export const timeInputSchema = textSchema()
  .trim()
  .transform((value, context) => {
    const time = toTime24(value);
    if (time === null) {
      context.issues.push({ code: 'custom', message: INVALID_TIME_MESSAGE, input: value });
      return z.NEVER;
    }
    return time;
  });

/**
 * Both of a pair of fields, or neither: anonymous basket ids sent along with login or a new basket.
 * The issue goes to the missing one.
 */
export const bothOrNeither =
  (first: string, second: string, message: string) =>
  (value: Record<string, unknown>, context: z.core.$RefinementCtx) => {
    const hasFirst = value[first] !== null && value[first] !== undefined;
    const hasSecond = value[second] !== null && value[second] !== undefined;
    if (hasFirst === hasSecond) return;
    context.addIssue({ code: 'custom', message, path: [hasFirst ? second : first], input: value });
  };

/** `password_confirmation` must equal `password`; reported on `password_confirmation`. */
export const passwordsMatch = (
  value: { password: string; password_confirmation: string },
  context: z.core.$RefinementCtx,
) => {
  if (value.password !== value.password_confirmation) {
    context.addIssue({
      code: 'custom',
      message: PASSWORDS_MISMATCH_MESSAGE,
      path: ['password_confirmation'],
      input: value.password_confirmation,
    });
  }
};

/** Run the password check even when other fields failed, as long as both passwords are strings. */
export const whenPasswordsPresent = {
  when: (payload: z.core.ParsePayload) => {
    const value = payload.value as Record<string, unknown> | null;
    return typeof value?.password === 'string' && typeof value.password_confirmation === 'string';
  },
};
