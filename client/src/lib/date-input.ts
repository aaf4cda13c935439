/**
 * The text form of the date and time fields: Greek order dd/mm/yyyy and 24-hour HH:mm,
 * whatever the browser's locale (the native date widget follows the device and shows
 * mm/dd/yyyy on an English phone). Values stay ISO (YYYY-MM-DD, HH:mm) everywhere else.
 */

const DATE = /^\s*(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{4})\s*$/;
const ISO = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/;
const TIME = /^\s*(\d{1,2})\s*[:.]?\s*(\d{2})\s*$/;

const pad = (n: number) => String(n).padStart(2, '0');

function isoIfReal(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** "4/5/2030", "04.05.2030", "04-05-2030" or a pasted "2030-05-04" → "2030-05-04"; null if not a real date. */
export function parseDateInput(text: string): string | null {
  const greek = DATE.exec(text);
  if (greek) return isoIfReal(Number(greek[3]), Number(greek[2]), Number(greek[1]));
  const iso = ISO.exec(text);
  if (iso) return isoIfReal(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return null;
}

/** "2030-05-04" → "04/05/2030"; anything else → "". */
export function formatDateInput(iso: string | null | undefined): string {
  const m = iso ? ISO.exec(iso) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** "9:05", "0905", "09.05" → "09:05"; null if not a time of day. */
export function parseTimeInput(text: string): string | null {
  const m = TIME.exec(text);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h <= 23 && min <= 59 ? `${pad(h)}:${pad(min)}` : null;
}

/** Whether an ISO date lies within optional ISO bounds (inclusive). */
export function withinBounds(iso: string, min?: string, max?: string): boolean {
  return (!min || iso >= min) && (!max || iso <= max);
}
