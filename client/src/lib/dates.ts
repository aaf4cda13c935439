/**
 * dayjs, configured once for the whole client: Greek locale (el), weeks start on Monday,
 * 24-hour times. Import dayjs from here, not from 'dayjs', so the setup is always applied.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/el';
import updateLocale from 'dayjs/plugin/updateLocale';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(updateLocale);
dayjs.extend(localizedFormat);
dayjs.extend(relativeTime);

const MONTHS_NOMINATIVE =
  'Ιανουάριος_Φεβρουάριος_Μάρτιος_Απρίλιος_Μάιος_Ιούνιος_Ιούλιος_Αύγουστος_Σεπτέμβριος_Οκτώβριος_Νοέμβριος_Δεκέμβριος'.split(
    '_',
  );
const MONTHS_GENITIVE =
  'Ιανουαρίου_Φεβρουαρίου_Μαρτίου_Απριλίου_Μαΐου_Ιουνίου_Ιουλίου_Αυγούστου_Σεπτεμβρίου_Οκτωβρίου_Νοεμβρίου_Δεκεμβρίου'.split(
    '_',
  );
const DAY_BEFORE_MONTH = /D[oD]?(\[[^[\]]*\]|\s)+MMMM?/;

/** Greek needs the genitive after a day number ("5 Μαρτίου"), the nominative alone ("Μάρτιος"). */
function greekMonths(date: dayjs.Dayjs, format: string): string {
  const list = DAY_BEFORE_MONTH.test(format) ? MONTHS_GENITIVE : MONTHS_NOMINATIVE;
  return list[date.month()] ?? '';
}
greekMonths.s = MONTHS_NOMINATIVE;
greekMonths.f = MONTHS_GENITIVE;

dayjs.updateLocale('el', {
  weekStart: 1,
  months: greekMonths,
  formats: {
    LT: 'HH:mm',
    LTS: 'HH:mm:ss',
    L: 'DD/MM/YYYY',
    LL: 'D MMMM YYYY',
    LLL: 'D MMMM YYYY HH:mm',
    LLLL: 'dddd, D MMMM YYYY HH:mm',
  },
});
dayjs.locale('el');

export { dayjs };
export type DateInput = Date | string | number | dayjs.Dayjs | null | undefined;

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

function parse(d: DateInput): dayjs.Dayjs | null {
  if (d === null || d === undefined || d === '') return null;
  const value = dayjs(d);
  return value.isValid() ? value : null;
}

/** el-GR date, dd/MM/yyyy (e.g. 05/03/2025). Empty string for a missing or invalid date. */
export function formatDate(d: DateInput): string {
  return parse(d)?.format(DATE_FORMAT) ?? '';
}

/** el-GR date and 24-hour time, dd/MM/yyyy HH:mm. Empty string for a missing or invalid date. */
export function formatDateTime(d: DateInput): string {
  return parse(d)?.format(DATE_TIME_FORMAT) ?? '';
}

/** Long Greek date, e.g. "5 Μαρτίου 2025". */
export function formatLongDate(d: DateInput): string {
  return parse(d)?.format('LL') ?? '';
}

/** Relative time in Greek, e.g. "πριν 3 ώρες". */
export function fromNow(d: DateInput): string {
  return parse(d)?.fromNow() ?? '';
}
