/** The checkout form's rules that the server checks and the web's form shows before sending. */

export const ADDRESS_REQUIRED_MESSAGE = 'Укажите адрес доставки';
export const PAST_DATE_MESSAGE = 'Желаемая дата не может быть раньше сегодняшней';

/**
 * 'yyyy-mm-dd' of the calendar day `instant` falls on in `timeZone`: a desired date is "not in the past" by the
 * shop's calendar (the server checks it, the web's date picker starts there).
 */
export function calendarDayIn(timeZone: string, instant: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
