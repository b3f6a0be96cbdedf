/** The checkout form's rules that the server checks and the web's form shows before sending. */

import { zonedDayAndMinutes } from './format.ts';

export const ADDRESS_REQUIRED_MESSAGE = 'Укажите адрес доставки';
export const PAST_DATE_MESSAGE = 'Желаемая дата не может быть раньше сегодняшней';

/** (beyond, issue 29) The replacement tolerance of checkout step 2. */
export const REPLACEMENT_PERCENT_MESSAGE = 'Допуск по цене — целое число процентов от 0 до 20';
export const REPLACEMENT_DAYS_MESSAGE = 'Допуск по сроку — целое число дней от 0 до 14';
export const REPLACEMENT_BOTH_MESSAGE = 'Укажите оба допуска замены — по цене и по сроку — или ни одного';

/**
 * 'yyyy-mm-dd' of the calendar day `instant` falls on in `timeZone`: a desired date is "not in the past" by the
 * shop's calendar (the server checks it, the web's date picker starts there).
 */
export function calendarDayIn(timeZone: string, instant: Date = new Date()): string {
  // The zone's formatter is made once and kept (format.ts): making one costs more than the day it answers.
  return zonedDayAndMinutes(instant, timeZone).day;
}
