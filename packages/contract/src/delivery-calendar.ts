import { zonedDayAndMinutes } from './format.ts';
import type { DeliveryCalendar, WorkingCalendar } from './delivery-calendar-schemas.ts';

/**
 * When an offer will be ready (issue 17, point 6; decision 0027): the shop's working calendar, the one function
 * that turns «now», delivery days and that calendar into a day, and the one formatter that says it («сегодня»,
 * «завтра», «к 28 ноября»). The server and the web both import them; the web computes from the «now» the server
 * supplies with the calendar (the template), so that a server-rendered page and its hydration agree.
 *
 * What delivery days count: working days after the order's day. The order's day is today when today is a working
 * day and the order comes before `orders_until` (shop time), else the next working day. So the shop's own stock
 * (0 days) is ready on the order's day, and N days means the N-th working day after it.
 */

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_SHORT_NAMES = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;

export {
  HOLIDAY_DATE_MESSAGE,
  HOLIDAYS_LIMIT,
  ORDERS_UNTIL_MESSAGE,
  WEEKDAY_MESSAGE,
  WORKING_WEEKDAYS_MESSAGE,
} from './working-calendar-rules.ts';

/**
 * Days off of Russia's production calendar: the holidays of the Labour Code (art. 112) and their transfers. 2026
 * as the Government's decree of 24.09.2025 No. 1466 fixed it; 2027 with the Code's own rule (a holiday on a
 * weekend moves to the next working day) only: the decree moving 2 and 3 January 2027 was not published when this
 * list was written, so the owner adds those days on /admin/settings when it is.
 */
export const RUSSIAN_DAYS_OFF_2026_2027: readonly string[] = [
  ...['01', '02', '03', '04', '05', '06', '07', '08', '09'].map((day) => `2026-01-${day}`),
  '2026-02-23',
  '2026-03-08',
  '2026-03-09',
  '2026-05-01',
  '2026-05-09',
  '2026-05-11',
  '2026-06-12',
  '2026-11-04',
  '2026-12-31',
  ...['01', '02', '03', '04', '05', '06', '07', '08'].map((day) => `2027-01-${day}`),
  '2027-02-23',
  '2027-03-08',
  '2027-05-01',
  '2027-05-03',
  '2027-05-09',
  '2027-05-10',
  '2027-06-12',
  '2027-06-14',
  '2027-11-04',
];

/**
 * The calendar of a shop that never saved one (and of the demo): Monday to Friday, the production calendar's days
 * off, orders after 18:00 counted from the next working day. Suppliers' terms are working days of that calendar.
 */
export const DEFAULT_WORKING_CALENDAR: WorkingCalendar = {
  working_weekdays: [1, 2, 3, 4, 5],
  holidays: [...RUSSIAN_DAYS_OFF_2026_2027],
  orders_until: '18:00',
};

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);
/** ISO weekday of a day number (day 0, 1970-01-01, was a Thursday). */
const weekdayOf = (number: number) => ((((number + 3) % 7) + 7) % 7) + 1;

/** The calendar's "is this a working day" (a calendar without weekdays, never saved so, counts every day). */
function workingDayTest(calendar: Pick<WorkingCalendar, 'working_weekdays' | 'holidays'>) {
  const weekdays = new Set<number>(calendar.working_weekdays.length > 0 ? calendar.working_weekdays : WEEKDAYS);
  const holidays = new Set(calendar.holidays);
  return (number: number) => weekdays.has(weekdayOf(number)) && !holidays.has(dayOf(number));
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export interface ReadyDayQuestion {
  /** The moment of asking (the server's clock). */
  now: Date;
  /** The shop's time zone (SHOP_TIME_ZONE): the day and the hour of `now` are read there. */
  timeZone: string;
  /** The offer's delivery days (0: the shop's own stock). */
  deliveryDays: number;
  calendar: Pick<WorkingCalendar, 'working_weekdays' | 'holidays' | 'orders_until'>;
}

/** 'yyyy-mm-dd': the day an offer ordered `now` is expected to be ready, counted on the shop's working days. */
export function expectedReadyDay({ now, timeZone, deliveryDays, calendar }: ReadyDayQuestion): string {
  const isWorking = workingDayTest(calendar);
  const local = zonedDayAndMinutes(now, timeZone);
  let day = dayNumber(local.day);
  const late = calendar.orders_until !== null && local.minutes >= minutesOf(calendar.orders_until);
  if (late) day += 1;
  while (!isWorking(day)) day += 1;
  for (let left = Math.max(0, Math.trunc(deliveryDays)); left > 0; left -= 1) {
    day += 1;
    while (!isWorking(day)) day += 1;
  }
  return dayOf(day);
}

const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

/** «сегодня», «завтра», «к 28 ноября», or «к 12 января 2027» when the year is not today's. */
export function formatReadyDay(readyDay: string, today: string): string {
  const ahead = dayNumber(readyDay) - dayNumber(today);
  if (ahead === 0) return 'сегодня';
  if (ahead === 1) return 'завтра';
  const [year, month, day] = readyDay.split('-');
  const sameYear = year === today.slice(0, 4);
  return `к ${Number(day)} ${MONTHS_GENITIVE[Number(month) - 1]}${sameYear ? '' : ` ${year}`}`;
}

/**
 * What has been worked out for a template's calendar, kept with the calendar object: a result page asks for the
 * same day and the same few delivery terms once per offer, and each answer costs a time-zone conversion (a
 * profile of the server-rendered result put these at 3 % of its CPU). The calendar is data from one response, never
 * changed, so its answers never change either.
 */
interface CalendarAnswers {
  today?: string;
  readyDays: Map<number, string>;
}

const answersByCalendar = new WeakMap<DeliveryCalendar, CalendarAnswers>();

function answersOf(calendar: DeliveryCalendar): CalendarAnswers {
  let answers = answersByCalendar.get(calendar);
  if (!answers) {
    answers = { readyDays: new Map() };
    answersByCalendar.set(calendar, answers);
  }
  return answers;
}

/** The shop's day of a calendar's «now» ('yyyy-mm-dd'). */
export function shopToday(calendar: DeliveryCalendar): string {
  const answers = answersOf(calendar);
  answers.today ??= zonedDayAndMinutes(new Date(calendar.now), calendar.time_zone).day;
  return answers.today;
}

/** The ready day of an offer by the template's calendar; null when its delivery days are unknown. */
export function readyDayBy(calendar: DeliveryCalendar, deliveryDays: number | null | undefined): string | null {
  if (deliveryDays === null || deliveryDays === undefined || !Number.isFinite(deliveryDays)) return null;
  const { readyDays } = answersOf(calendar);
  let day = readyDays.get(deliveryDays);
  if (day === undefined) {
    day = expectedReadyDay({ now: new Date(calendar.now), timeZone: calendar.time_zone, deliveryDays, calendar });
    readyDays.set(deliveryDays, day);
  }
  return day;
}

/** The latest of some ready days (an order is ready when its last line is); null when any is unknown or none. */
export function latestReadyDay(days: readonly (string | null)[]): string | null {
  if (days.length === 0 || days.some((day) => day === null)) return null;
  return (days as string[]).reduce((latest, day) => (day > latest ? day : latest));
}
