/**
 * The embargo of a release: a date and time in Athens, typed in the editor and
 * kept in the document's `meta` map as `embargoDate` (YYYY-MM-DD) and `embargoTime` (HH:mm),
 * derived into press_releases.embargo_until and frozen with the sent version. Journalists get
 * the release at once, marked; the public newsroom shows it only once the embargo lifts.
 *
 * Pure functions on Intl, shared by the server (derivation, e-mail subjects, newsroom) and
 * the client (banners), so every place shows the same Athens time whatever its own zone.
 */
export const EMBARGO_TIME_ZONE = 'Europe/Athens';
export const EMBARGO_DATE_FIELD = 'embargoDate';
export const EMBARGO_TIME_FIELD = 'embargoTime';

const wallParts = new Intl.DateTimeFormat('en-US', {
  timeZone: EMBARGO_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function parts(at: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of wallParts.formatToParts(at)) out[p.type] = p.value;
  return out;
}

/** Athens wall-clock time of an instant, as if it were UTC (milliseconds). */
function wallOf(instant: number): number {
  const p = parts(new Date(instant));
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
}

/**
 * The instant of a date (YYYY-MM-DD) and time (HH:mm) in Athens, or null when either is
 * missing or not a real date or time. In the hour skipped by daylight saving the time is
 * taken an hour later, as a clock would show it.
 */
export function athensInstant(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [y, m, day, h, min] = [+d[1]!, +d[2]!, +d[3]!, +t[1]!, +t[2]!];
  if (h > 23 || min > 59) return null;
  const wall = Date.UTC(y, m - 1, day, h, min);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== day) return null;
  let instant = wall - (wallOf(wall) - wall);
  // The offset at the instant itself may differ (daylight saving): correct once.
  instant = wall - (wallOf(instant) - instant);
  return new Date(instant);
}

/** «05/03/2026 14:30»: an instant in Athens time, el-GR order, 24-hour clock. */
export function athensDateTime(at: Date | string): string {
  const p = parts(new Date(at));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** The date (YYYY-MM-DD) and time (HH:mm) fields of an instant, in Athens. */
export function athensFields(at: Date | string): { date: string; time: string } {
  const p = parts(new Date(at));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** Whether a release is still under embargo at `now`. */
export function isEmbargoed(embargoUntil: Date | string | null | undefined, now: Date = new Date()): boolean {
  return embargoUntil !== null && embargoUntil !== undefined && new Date(embargoUntil).getTime() > now.getTime();
}

/** The start of the e-mail subject of an embargoed release. */
export function embargoSubjectPrefix(embargoUntil: Date | string): string {
  return `ΥΠΟ ΕΜΒΑΡΓΚΟ έως ${athensDateTime(embargoUntil)}`;
}

/** The banner journalists see above an embargoed release (inbox, reading view, e-mail). */
export function embargoBanner(embargoUntil: Date | string): string {
  return `Υπό εμβάργκο έως ${athensDateTime(embargoUntil)}`;
}

/** What the banner adds: what an embargo asks of the journalist. */
export const EMBARGO_NOTE = 'Μην το δημοσιεύσετε πριν από τη λήξη του εμβάργκο.';

/** The Greek messages of the embargo rules (the editor shows them as the server sends them). */
export const EMBARGO_MESSAGES = {
  incomplete: 'Συμπληρώστε και την ημερομηνία και την ώρα λήξης του εμβάργκο, ή αφήστε και τα δύο κενά.',
  past: 'Η λήξη του εμβάργκο έχει ήδη περάσει. Ορίστε μελλοντική ημερομηνία και ώρα ή αφαιρέστε το εμβάργκο.',
  beforeSchedule:
    'Το εμβάργκο λήγει πριν από την προγραμματισμένη αποστολή, οπότε δεν έχει νόημα. Ορίστε λήξη μετά την ώρα αποστολής ή αφαιρέστε το εμβάργκο.',
} as const;
