import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export const ZONE = 'Europe/Athens';

/** The next moment strictly after `now` at `hour`:00 Athens time (on `weekday`, 1 = Monday, if given). */
export function nextAt(now: Date, hour: number, weekday?: number): Date {
  let t = dayjs(now).tz(ZONE).hour(hour).minute(0).second(0).millisecond(0);
  if (weekday !== undefined) t = t.add((weekday - t.day() + 7) % 7, 'day');
  if (!t.isAfter(now)) t = t.add(weekday === undefined ? 1 : 7, 'day');
  // Re-anchor at the hour in the zone (a DST change between the two days moves the offset).
  return dayjs.tz(t.format('YYYY-MM-DD') + `T${String(hour).padStart(2, '0')}:00:00`, ZONE).toDate();
}

/** The Athens calendar day of a moment, as YYYY-MM-DD (job keys). */
export function athensDay(d: Date): string {
  return dayjs(d).tz(ZONE).format('YYYY-MM-DD');
}
