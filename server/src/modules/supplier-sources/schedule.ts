/**
 * When a source is fetched next: every N hours after the last check, or at the next of its times of day
 * ('HH:MM' in the shop's time zone, daylight-saving changes included).
 */
export interface SourceSchedule {
  everyHours: number | null;
  times: readonly string[] | null;
}

const HOUR_MS = 60 * 60 * 1000;
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes the zone is ahead of UTC at `instant`. */
function zoneOffsetMinutes(instant: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/** The instant at which the zone's wall clock shows that day (y, m 0-based, d) and time. */
function zonedInstant(year: number, month: number, day: number, hour: number, minute: number, timeZone: string) {
  const wall = Date.UTC(year, month, day, hour, minute);
  let instant = wall - zoneOffsetMinutes(wall, timeZone) * 60_000;
  // Once more at the found instant: the offset may differ there (a daylight-saving change in between).
  instant = wall - zoneOffsetMinutes(instant, timeZone) * 60_000;
  return instant;
}

/** The first scheduled time strictly after `after`. */
export function nextFetchAfter(schedule: SourceSchedule, after: Date, timeZone: string): Date {
  if (schedule.everyHours !== null) return new Date(after.getTime() + schedule.everyHours * HOUR_MS);
  const times = schedule.times ?? [];
  if (times.length === 0) return new Date(after.getTime() + 24 * HOUR_MS);
  const local = new Date(after.getTime() + zoneOffsetMinutes(after.getTime(), timeZone) * 60_000);
  let best: number | null = null;
  for (let dayOffset = 0; dayOffset <= 2 && best === null; dayOffset += 1) {
    for (const time of times) {
      const [hour = 0, minute = 0] = time.split(':').map(Number);
      const candidate = zonedInstant(
        local.getUTCFullYear(),
        local.getUTCMonth(),
        local.getUTCDate() + dayOffset,
        hour,
        minute,
        timeZone,
      );
      if (candidate > after.getTime() && (best === null || candidate < best)) best = candidate;
    }
  }
  return new Date(best ?? after.getTime() + 24 * HOUR_MS);
}
