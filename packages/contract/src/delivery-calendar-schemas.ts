import { z } from 'zod';
import { calendarDateSchema, isoDateTimeSchema } from './fields.ts';
import {
  HOLIDAY_DATE_MESSAGE,
  HOLIDAYS_LIMIT,
  ORDERS_UNTIL_MESSAGE,
  WEEKDAY_MESSAGE,
  WORKING_WEEKDAYS_MESSAGE,
} from './working-calendar-rules.ts';

const sortedUnique = <T extends string | number>(values: readonly T[]): T[] =>
  [...new Set(values)].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));

/**
 * The shop's working calendar (a shop setting, edited by the owner): the weekdays it works, the dates it does not
 * (public holidays and their transfers), and the time after which an order counts from the next working day.
 * Weekdays and dates are kept sorted and without repeats.
 */
export const workingCalendarSchema = z.object({
  working_weekdays: z
    .array(z.int(WEEKDAY_MESSAGE).min(1, WEEKDAY_MESSAGE).max(7, WEEKDAY_MESSAGE), WORKING_WEEKDAYS_MESSAGE)
    .min(1, WORKING_WEEKDAYS_MESSAGE)
    .transform(sortedUnique),
  holidays: z
    .array(z.iso.date(HOLIDAY_DATE_MESSAGE), HOLIDAY_DATE_MESSAGE)
    .max(HOLIDAYS_LIMIT, `Не более ${HOLIDAYS_LIMIT} нерабочих дней`)
    .transform(sortedUnique),
  orders_until: z
    .string(ORDERS_UNTIL_MESSAGE)
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, ORDERS_UNTIL_MESSAGE)
    .nullable(),
});
export type WorkingCalendar = z.output<typeof workingCalendarSchema>;

/** (beyond) The calendar as the template hands it to the web: with the server's «now» and the shop's time zone. */
export const deliveryCalendarSchema = z.object({
  now: isoDateTimeSchema,
  time_zone: z.string(),
  working_weekdays: z.array(z.int()),
  /** From today on (days gone by decide nothing). */
  holidays: z.array(calendarDateSchema),
  orders_until: z.string().nullable(),
});
export type DeliveryCalendar = z.infer<typeof deliveryCalendarSchema>;
