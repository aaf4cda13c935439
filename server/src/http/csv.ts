/** CSV exports: fields quoted when needed, formula-safe, and dated file names. */

/** One CSV field: quoted when needed; formula-leading cells are prefixed so spreadsheets do not run them. */
export function csvField(value: unknown): string {
  let s =
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: unknown[]): string {
  return values.map(csvField).join(',');
}

/** YYYY-MM-DD in Europe/Athens, for export file names. */
export function todayStamp(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
