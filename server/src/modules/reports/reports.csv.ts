import { CATEGORY_LABELS } from '../../../../shared/constants';
import { athensDateTime } from '../../../../shared/embargo';
import { formatDay } from '../../../../shared/reports';
import type { ReportRow } from '../../../../shared/schemas/reports';
import { csvLine } from '../../http/csv';

/** The detail table's columns, as on screen (downloads too), plus the embargo's figures and the coverage links themselves. */
export const CSV_HEADER = [
  'Τίτλος',
  'Κατηγορία',
  'Μοναδικά ανοίγματα',
  'Κλικ',
  'Λήψεις συνημμένων',
  'Σύνδεσμοι κάλυψης',
  'Τελευταία ενημέρωση',
  'Προβολές στο newsroom',
  'Εμβάργκο έως',
  'Ανοίγματα πριν από τη λήξη του εμβάργκο',
  'Ανοίγματα μετά τη λήξη του εμβάργκο',
  'Σύνδεσμοι',
  'Παραδόθηκαν',
  'Επιστράφηκαν μόνιμα',
  'Επιστράφηκαν προσωρινά',
  'Καταγγελίες',
  'Αποκλεισμένες',
];

/** UTF-8 CSV with a BOM (so that Excel reads the Greek), CRLF lines, one line per table row. */
export function reportCsv(rows: ReportRow[], timeZone: string): string {
  const lines = [csvLine(CSV_HEADER)];
  for (const r of rows) {
    lines.push(
      csvLine([
        r.title,
        r.category ? CATEGORY_LABELS[r.category] : '',
        r.opens,
        r.clicks,
        r.downloads,
        r.coverage,
        formatDay(r.updated_at, timeZone),
        r.newsroomViews,
        // The embargo is a time in Athens, whatever the viewer's zone (as the e-mail subject says it).
        r.embargoUntil ? athensDateTime(r.embargoUntil) : '',
        r.opensBeforeEmbargo ?? '',
        r.opensAfterEmbargo ?? '',
        r.coverageLinks.join(' '),
        r.delivered,
        r.bouncedHard,
        r.bouncedSoft,
        r.complained,
        r.suppressed,
      ]),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
