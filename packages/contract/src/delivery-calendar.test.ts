import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WORKING_CALENDAR,
  HOLIDAY_DATE_MESSAGE,
  ORDERS_UNTIL_MESSAGE,
  WORKING_WEEKDAYS_MESSAGE,
  expectedReadyDay,
  formatReadyDay,
  latestReadyDay,
  readyDayBy,
  shopToday,
  workingCalendarSchema,
  type WorkingCalendar,
} from './index.ts';

const MOSCOW = 'Europe/Moscow';
const MON_FRI = DEFAULT_WORKING_CALENDAR;
const NO_CUTOFF: WorkingCalendar = { ...MON_FRI, orders_until: null };
const MON_SAT: WorkingCalendar = { ...MON_FRI, working_weekdays: [1, 2, 3, 4, 5, 6] };
const EVERY_DAY: WorkingCalendar = { working_weekdays: [1, 2, 3, 4, 5, 6, 7], holidays: [], orders_until: null };

describe('expectedReadyDay: working days after the order day, in the shop’s time zone', () => {
  it.each<[string, string, number, WorkingCalendar, string]>([
    // Wednesday 25 November 2026, 10:00 Moscow: own stock today, then working days.
    ['own stock on a working morning', '2026-11-25T07:00:00Z', 0, MON_FRI, '2026-11-25'],
    ['1 day: tomorrow', '2026-11-25T07:00:00Z', 1, MON_FRI, '2026-11-26'],
    ['2 days: Friday', '2026-11-25T07:00:00Z', 2, MON_FRI, '2026-11-27'],
    ['3 days skip the weekend: Monday', '2026-11-25T07:00:00Z', 3, MON_FRI, '2026-11-30'],
    ['10 days: two weeks later', '2026-11-25T07:00:00Z', 10, MON_FRI, '2026-12-09'],
    ['a Saturday counts when the shop works it', '2026-11-25T07:00:00Z', 3, MON_SAT, '2026-11-28'],
    ['every day working: calendar days', '2026-11-27T07:00:00Z', 3, EVERY_DAY, '2026-11-30'],
    // Weekends: the order day is the next working day.
    ['own stock on a Saturday: Monday', '2026-11-28T09:00:00Z', 0, MON_FRI, '2026-11-30'],
    ['1 day from a Sunday: Tuesday', '2026-11-29T09:00:00Z', 1, MON_FRI, '2026-12-01'],
    ['own stock on a Saturday of a shop open then', '2026-11-28T09:00:00Z', 0, MON_SAT, '2026-11-28'],
    // After hours (orders_until 18:00 Moscow): the next working day.
    ['own stock at 17:59: today', '2026-11-25T14:59:00Z', 0, MON_FRI, '2026-11-25'],
    ['own stock at 18:00: the next working day', '2026-11-25T15:00:00Z', 0, MON_FRI, '2026-11-26'],
    ['1 day at 18:00: the day after tomorrow', '2026-11-25T15:00:00Z', 1, MON_FRI, '2026-11-27'],
    ['Friday evening, own stock: Monday', '2026-11-27T16:00:00Z', 0, MON_FRI, '2026-11-30'],
    ['no cut-off: 23:00 still counts as today', '2026-11-25T20:00:00Z', 0, NO_CUTOFF, '2026-11-25'],
    // Holidays (the production calendar of 2026).
    ['4 November, a Wednesday holiday: own stock on the 5th', '2026-11-04T07:00:00Z', 0, MON_FRI, '2026-11-05'],
    ['1 day from the 3rd crosses the holiday of the 4th', '2026-11-03T07:00:00Z', 1, MON_FRI, '2026-11-05'],
    ['May: 1–3 and 9–11 off', '2026-04-30T07:00:00Z', 6, MON_FRI, '2026-05-12'],
    ['a holiday on a working Saturday still stops it', '2026-05-08T07:00:00Z', 1, MON_SAT, '2026-05-12'],
    // Year end: 31 December 2026 and 1–8 January 2027 off, 9–10 January a weekend.
    ['30 December, 1 day: into January', '2026-12-30T07:00:00Z', 1, MON_FRI, '2027-01-11'],
    ['30 December evening, own stock', '2026-12-30T16:00:00Z', 0, MON_FRI, '2027-01-11'],
    ['29 December, 1 day: the 30th', '2026-12-29T07:00:00Z', 1, MON_FRI, '2026-12-30'],
    ['every day working crosses the year', '2026-12-31T07:00:00Z', 1, EVERY_DAY, '2027-01-01'],
    // Midnight in Moscow (UTC+3): the instant's day in the shop's zone decides, not UTC's.
    ['23:59 Moscow on Tuesday, no cut-off: Tuesday', '2026-11-24T20:59:00Z', 0, NO_CUTOFF, '2026-11-24'],
    ['00:00 Moscow on Wednesday (still Tuesday in UTC)', '2026-11-24T21:00:00Z', 0, NO_CUTOFF, '2026-11-25'],
    ['00:30 Moscow on Saturday (Friday in UTC): Monday', '2026-11-27T21:30:00Z', 0, MON_FRI, '2026-11-30'],
    ['23:30 Moscow on Friday with the cut-off: Monday', '2026-11-27T20:30:00Z', 0, MON_FRI, '2026-11-30'],
    ['New Year in Moscow, still 2026 in UTC', '2026-12-31T21:00:00Z', 0, NO_CUTOFF, '2027-01-11'],
    ['0 days from 00:05 Moscow on a working Monday', '2026-11-29T21:05:00Z', 0, MON_FRI, '2026-11-30'],
  ])('%s', (_case, now, deliveryDays, calendar, expected) => {
    expect(expectedReadyDay({ now: new Date(now), timeZone: MOSCOW, deliveryDays, calendar })).toBe(expected);
  });

  it('reads the day in the shop’s zone: the same instant is another day in Vladivostok', () => {
    const now = new Date('2026-11-27T15:00:00Z'); // Friday 18:00 in Moscow, Saturday 01:00 in Vladivostok
    const calendar = NO_CUTOFF;
    expect(expectedReadyDay({ now, timeZone: MOSCOW, deliveryDays: 0, calendar })).toBe('2026-11-27');
    expect(expectedReadyDay({ now, timeZone: 'Asia/Vladivostok', deliveryDays: 0, calendar })).toBe('2026-11-30');
  });
});

describe('formatReadyDay', () => {
  it.each([
    ['2026-11-25', '2026-11-25', 'сегодня'],
    ['2026-11-26', '2026-11-25', 'завтра'],
    ['2026-11-28', '2026-11-25', 'к 28 ноября'],
    ['2026-12-01', '2026-11-25', 'к 1 декабря'],
    ['2027-01-01', '2026-12-31', 'завтра'],
    ['2027-01-11', '2026-12-30', 'к 11 января 2027'],
    ['2026-05-12', '2026-04-30', 'к 12 мая'],
  ])('%s seen on %s: %s', (day, today, text) => {
    expect(formatReadyDay(day, today)).toBe(text);
  });
});

describe('the template’s calendar on the web', () => {
  const calendar = {
    now: '2026-11-24T21:30:00.000Z',
    time_zone: MOSCOW,
    working_weekdays: [1, 2, 3, 4, 5],
    holidays: [],
    orders_until: '18:00',
  };

  it('takes today and the ready days from the server’s «now» in the shop’s zone', () => {
    expect(shopToday(calendar)).toBe('2026-11-25');
    expect(readyDayBy(calendar, 0)).toBe('2026-11-25');
    expect(readyDayBy(calendar, 3)).toBe('2026-11-30');
    expect(readyDayBy(calendar, null)).toBeNull();
  });

  it('makes an order ready on its latest line, unknown when a line is', () => {
    expect(latestReadyDay(['2026-11-26', '2026-12-01', '2026-11-25'])).toBe('2026-12-01');
    expect(latestReadyDay(['2026-11-26', null])).toBeNull();
    expect(latestReadyDay([])).toBeNull();
  });
});

describe('workingCalendarSchema', () => {
  it('keeps weekdays and dates sorted without repeats', () => {
    expect(
      workingCalendarSchema.parse({
        working_weekdays: [5, 1, 1, 3],
        holidays: ['2027-01-07', '2026-11-04', '2027-01-07'],
        orders_until: '17:30',
      }),
    ).toEqual({ working_weekdays: [1, 3, 5], holidays: ['2026-11-04', '2027-01-07'], orders_until: '17:30' });
  });

  it('refuses no weekday, a day past Sunday, a date that does not exist and a bad time, in Russian', () => {
    const result = workingCalendarSchema.safeParse({
      working_weekdays: [],
      holidays: ['2026-02-30', '07.01.2027'],
      orders_until: '24:00',
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual([
      ['working_weekdays', WORKING_WEEKDAYS_MESSAGE],
      ['holidays.0', HOLIDAY_DATE_MESSAGE],
      ['holidays.1', HOLIDAY_DATE_MESSAGE],
      ['orders_until', ORDERS_UNTIL_MESSAGE],
    ]);
    expect(workingCalendarSchema.safeParse({ ...MON_FRI, working_weekdays: [8] }).success).toBe(false);
  });

  it('accepts the default calendar as it is', () => {
    expect(workingCalendarSchema.parse(DEFAULT_WORKING_CALENDAR)).toEqual(DEFAULT_WORKING_CALENDAR);
  });
});
