/**
 * Dates in the platform's business zone, Europe/Athens (shared/reports.ts), with the
 * browser's own Intl: for pages the server renders with data (the status page), whose
 * HTML must read the same on the server and in every visitor's browser whatever its time
 * zone, and which should not carry dayjs (lib/dates.ts) for two formats.
 */
import { REPORT_TIME_ZONE } from '@shared/reports';

const longDate = new Intl.DateTimeFormat('el-GR', {
  timeZone: REPORT_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const dateTime = new Intl.DateTimeFormat('el-GR', {
  timeZone: REPORT_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** «5 Μαρτίου 2026» (the genitive after the day, as lib/dates.ts formatLongDate). */
export function athensLongDate(iso: string): string {
  return longDate.format(new Date(iso));
}

/** «05/03/2026 14:30» (as lib/dates.ts formatDateTime), Athens time. */
export function athensDateTime(iso: string): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of dateTime.formatToParts(new Date(iso))) part[p.type] = p.value;
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}
