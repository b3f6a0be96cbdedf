/** The checkout form's rules that the server checks and the web's form shows before sending. */

import { zonedDayAndMinutes } from './format.ts';

export const ADDRESS_REQUIRED_MESSAGE = 'Укажите адрес доставки';
export const PAST_DATE_MESSAGE = 'Желаемая дата не может быть раньше сегодняшней';

/**
 * 'yyyy-mm-dd' of the calendar day `instant` falls on in `timeZone`: a desired date is "not in the past" by the
 * shop's calendar (the server checks it, the web's date picker starts there).
 */
export function calendarDayIn(timeZone: string, instant: Date = new Date()): string {
  // The zone's formatter is made once and kept (format.ts): making one costs more than the day it answers.
  return zonedDayAndMinutes(instant, timeZone).day;
}
