/**
 * The working calendar's limits and their messages, in a module of their own: the calendar's schemas
 * (delivery-calendar-schemas.ts) and its functions (delivery-calendar.ts, which takes the schemas' types) both
 * read them, and neither imports the other back.
 */
export const WORKING_WEEKDAYS_MESSAGE = 'Отметьте хотя бы один рабочий день недели';
export const WEEKDAY_MESSAGE = 'День недели: число от 1 (понедельник) до 7 (воскресенье)';
export const HOLIDAY_DATE_MESSAGE = 'Нерабочий день: дата в формате ГГГГ-ММ-ДД, например 2027-01-07';
export const HOLIDAYS_LIMIT = 400;
export const ORDERS_UNTIL_MESSAGE = 'Время в формате ЧЧ:ММ, например 18:00';
