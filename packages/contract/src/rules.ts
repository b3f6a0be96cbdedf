import { pluralRu } from './format.ts';

/**
 * The spec's generic form rules (section 5): each rule gives true or an error text, and a form shows one error
 * per field by default. Only `required` rejects an empty value; the other rules pass it, so that they also
 * fit optional fields.
 */

export type Rule = (value: unknown) => true | string;

export const REQUIRED_MESSAGE = 'Обязательное поле';
export const INVALID_EMAIL_MESSAGE = 'Введите корректный e-mail';
export const INVALID_TIME_MESSAGE = 'Введите время в формате чч:мм';

/**
 * name@domain.tld; letters of any script on both sides (shops in Russia have .рф addresses), no spaces, no
 * leading, trailing or doubled dots in the local part. The request schemas use the same pattern.
 */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[\p{L}\p{N}_'+\-.]*[\p{L}\p{N}_+-]@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}$/u;

/**
 * The spec's time input: hh:mm with optional :ss and an optional am/pm suffix (case-insensitive, an optional
 * space before it). Hours 00–23 without the suffix, 1–12 with it.
 */
export const TIME_INPUT_PATTERN =
  /^(?:(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?|(?:0?[1-9]|1[0-2]):[0-5]\d(?::[0-5]\d)?\s?[ap]m)$/i;

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function lengthOf(value: unknown): number | null {
  if (typeof value === 'string') return [...value.trim()].length;
  if (Array.isArray(value)) return value.length;
  return null;
}

function characters(count: number): string {
  // After "не менее"/"не более" the noun takes the genitive: 1 символа, 2 символов, 21 символа.
  return pluralRu(count, 'символа', 'символов', 'символов');
}

export function required(message: string = REQUIRED_MESSAGE): Rule {
  return (value) => (isEmpty(value) ? message : true);
}

export function validEmail(message: string = INVALID_EMAIL_MESSAGE): Rule {
  return (value) => isEmpty(value) || (typeof value === 'string' && EMAIL_PATTERN.test(value.trim())) || message;
}

export function minLength(min: number, message = `Не менее ${min} ${characters(min)}`): Rule {
  return (value) => {
    if (isEmpty(value)) return true;
    const length = lengthOf(value);
    return (length !== null && length >= min) || message;
  };
}

export function maxLength(max: number, message = `Не более ${max} ${characters(max)}`): Rule {
  return (value) => {
    if (isEmpty(value)) return true;
    const length = lengthOf(value);
    return (length !== null && length <= max) || message;
  };
}

export function isValidTimeInput(value: string): boolean {
  return TIME_INPUT_PATTERN.test(value.trim());
}

export function validTime(message: string = INVALID_TIME_MESSAGE): Rule {
  return (value) => isEmpty(value) || (typeof value === 'string' && isValidTimeInput(value)) || message;
}

/** A valid time input as 24-hour 'HH:mm' or 'HH:mm:ss' ('7:05 pm' -> '19:05'); null when it is not valid. */
export function toTime24(value: string): string | null {
  const text = value.trim();
  if (!TIME_INPUT_PATTERN.test(text)) return null;
  const [, hoursText = '', minutes = '', seconds, suffix] =
    /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s?([ap]m)?$/i.exec(text) ?? [];
  let hours = Number(hoursText);
  if (suffix) {
    const pm = suffix.toLowerCase() === 'pm';
    hours = (hours % 12) + (pm ? 12 : 0);
  }
  const hh = String(hours).padStart(2, '0');
  return seconds === undefined ? `${hh}:${minutes}` : `${hh}:${minutes}:${seconds}`;
}

/** The first error text of the rules for a value, or null when every rule passes (one error per field). */
export function firstError(value: unknown, rules: readonly Rule[]): string | null {
  for (const rule of rules) {
    const result = rule(value);
    if (result !== true) return result;
  }
  return null;
}

/** Every error text of the rules for a value, for forms that show them all. */
export function allErrors(value: unknown, rules: readonly Rule[]): string[] {
  return rules.map((rule) => rule(value)).filter((result): result is string => result !== true);
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORDS_MISMATCH_MESSAGE = 'Пароли не совпадают';

export const DATE_RANGE_MESSAGE = 'Дата «по» не может быть раньше даты «с»';
