import { gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** The instant a calendar day ('2025-03-01') starts in `timeZone`. */
const dayStart = (day: string, timeZone: string): SQL => sql`((${day})::date::timestamp at time zone ${timeZone})`;

/**
 * The conditions that `column` (an instant) falls within the calendar days `from` to `to` of `timeZone`, both
 * ends included; an unset end does not narrow.
 */
export function withinDays(
  column: AnyColumn,
  from: string | null | undefined,
  to: string | null | undefined,
  timeZone: string,
): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(column, dayStart(from, timeZone)));
  if (to) conditions.push(lt(column, sql`(${dayStart(to, timeZone)} + interval '1 day')`));
  return conditions;
}
