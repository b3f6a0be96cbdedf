import { DEFAULT_TIME_ZONE } from './constants.ts';
import { kopecksToDecimal, multiplyMoney, toKopecks } from './money.ts';

/** Display formats of the spec (section 9), shared by the server (PDF, e-mails) and the web. */

/** No-break space: groups digits and keeps the amount and its ₽ on one line. */
export const NBSP = '\u00A0';
export const EMPTY_AMOUNT_TEXT = '---';
export const EMPTY_DELIVERY_TEXT = '-';
export const BILL_STATUS_TEXT = { paid: 'Оплачен', unpaid: 'Ждем оплаты' } as const;

const DIGIT_GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/** '-1 234,50 ₽' from kopecks; the minus is the ASCII hyphen-minus. */
export function formatKopecks(kopecks: number): string {
  const [whole = '0', fraction = '00'] = kopecksToDecimal(kopecks).split('.');
  return `${whole.replace(DIGIT_GROUPS, NBSP)},${fraction}${NBSP}₽`;
}

function isEmptyAmount(value: number | string | null | undefined): value is null | undefined | '' {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * '1 234,50 ₽' (no-break spaces), always two decimals; '---' when there is no amount (null, undefined, '').
 * Throws RangeError on a value that is not an amount: a NaN price is a bug to surface, not to hide.
 */
export function formatRoubles(value: number | string | null | undefined): string {
  return isEmptyAmount(value) ? EMPTY_AMOUNT_TEXT : formatKopecks(toKopecks(value));
}

/** Basket line total: price × quantity_in_basket, two decimals, with ₽; '---' without a price. */
export function formatLineTotal(price: number | string | null | undefined, quantity: number): string {
  return isEmptyAmount(price) ? EMPTY_AMOUNT_TEXT : formatRoubles(multiplyMoney(price, quantity));
}

interface CalendarParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('ru-RU', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function calendarParts(value: string | Date, timeZone: string): CalendarParts {
  // A bare date ('2024-05-01', e.g. desired_date) is a calendar day, not an instant: no zone shift.
  const calendarDate = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  if (calendarDate) {
    const [, year = '', month = '', day = ''] = calendarDate;
    return { year, month, day, hour: '00', minute: '00' };
  }
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  const parts: CalendarParts = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const part of partFormatter(timeZone).formatToParts(instant)) {
    if (part.type in parts) parts[part.type as keyof CalendarParts] = part.value;
  }
  return parts;
}

/** The calendar day ('yyyy-mm-dd') and the wall-clock minutes since midnight of an instant in `timeZone`. */
export function zonedDayAndMinutes(instant: Date, timeZone: string): { day: string; minutes: number } {
  const { year, month, day, hour, minute } = calendarParts(instant, timeZone);
  return { day: `${year}-${month}-${day}`, minutes: Number(hour) * 60 + Number(minute) };
}

/** 'dd.MM.yyyy HH:mm' in the shop's time zone (Europe/Moscow by default). */
export function formatDateTime(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const { year, month, day, hour, minute } = calendarParts(value, timeZone);
  return `${day}.${month}.${year} ${hour}:${minute}`;
}

/** 'dd.MM.yyyy' in the shop's time zone; a bare 'yyyy-mm-dd' is taken as that calendar day. */
export function formatDate(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const { year, month, day } = calendarParts(value, timeZone);
  return `${day}.${month}.${year}`;
}

/** 'Заказ № 42' */
export function orderLabel(id: number | string): string {
  return `Заказ № ${id}`;
}

/** '3 дн.', or '-' when the delivery time is unknown. */
export function formatDelivery(days: number | null | undefined): string {
  if (days === null || days === undefined || !Number.isFinite(days)) return EMPTY_DELIVERY_TEXT;
  return `${days} дн.`;
}

/**
 * (issue 33) What a supplier really did, beside an offer's days: «обычно 4 дн., вовремя 92 %» (no-break spaces
 * inside each figure); «обычно 4 дн.» without an on-time share. Null when there are no figures (below the minimum).
 */
export function formatDeliveryStats(
  stats: { median_days: number; on_time_percent: number | null } | null | undefined,
): string | null {
  if (!stats) return null;
  const usual = `обычно ${stats.median_days}${NBSP}дн.`;
  return stats.on_time_percent === null ? usual : `${usual}, вовремя ${stats.on_time_percent}${NBSP}%`;
}

/** '90 %' (with a no-break space): a supplier's delivery probability; null when the shop states none. */
export function formatProbability(percent: number | null | undefined): string | null {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return null;
  return `${percent}${NBSP}%`;
}

/** 'Вероятность поставки 90 %': what the probability beside a delivery time means, for its title and label. */
export function deliveryProbabilityLabel(percent: number | null | undefined): string | null {
  const shown = formatProbability(percent);
  return shown === null ? null : `Вероятность поставки ${shown}`;
}

/** 'Оплачен' or 'Ждем оплаты'. */
export function billStatusText(paid: boolean): string {
  return paid ? BILL_STATUS_TEXT.paid : BILL_STATUS_TEXT.unpaid;
}

/**
 * Russian plural form for a count: pluralRu(n, 'позиция', 'позиции', 'позиций').
 * one: 1, 21, 101…; few: 2–4, 22–24…; many: 0, 5–20, 25…
 */
export function pluralRu(count: number, one: string, few: string, many: string): string {
  const absolute = Math.abs(Math.trunc(count));
  const lastTwo = absolute % 100;
  const last = absolute % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
}

/** A bill's revision as staff and clients read it: «исходный» as first issued, «изм. 2» for a later one. */
export const billRevisionName = (revision: number): string => (revision === 0 ? 'исходный' : `изм. ${revision}`);

/** The file name of a bill's PDF (of a revision: «schet-12-izm-1.pdf»). */
export const billFileName = (id: number, revision = 0): string =>
  revision > 0 ? `schet-${id}-izm-${revision}.pdf` : `schet-${id}.pdf`;

const fileSizeFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** '512 Б', '21,4 КБ', '3,2 МБ': a file's size as staff read it (never «0 МБ» for a small file). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}${NBSP}Б`;
  if (bytes < 1024 * 1024) return `${fileSizeFormat.format(bytes / 1024)}${NBSP}КБ`;
  if (bytes < 1024 * 1024 * 1024) return `${fileSizeFormat.format(bytes / (1024 * 1024))}${NBSP}МБ`;
  return `${fileSizeFormat.format(bytes / (1024 * 1024 * 1024))}${NBSP}ГБ`;
}
