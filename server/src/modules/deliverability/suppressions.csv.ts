import { z } from 'zod';
import { SUPPRESSION_IMPORT_MAX_ROWS } from '../../../../shared/schemas/suppressions';
import { csvLine } from '../../http/csv';
import type { SuppressionRow } from './suppressions.repo';

/** The export's columns; the import reads the same file back (e-mail, and the detail as the note). */
export const EXPORT_HEADER = ['email', 'reason', 'source', 'detail', 'created_at', 'created_by'];

/** UTF-8 CSV with a BOM (Excel reads the Greek of a note), CRLF lines. */
export function suppressionsCsv(rows: SuppressionRow[], names: Map<string, string>): string {
  const lines = [csvLine(EXPORT_HEADER)];
  for (const r of rows) {
    lines.push(
      csvLine([
        r.email_lc,
        r.reason,
        r.source,
        r.detail,
        new Date(r.created_at).toISOString(),
        r.created_by ? (names.get(r.created_by) ?? '') : '',
      ]),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export type ImportError = 'invalid_email' | 'too_many_rows';

export interface ParsedImport {
  /** Distinct addresses, each with its first line and its note. */
  rows: { line: number; email: string; note: string | null }[];
  problems: { line: number; text: string; error: ImportError }[];
}

const email = z.email();

/** One CSV line's fields: quotes ("" inside), separated by `sep`; the formula guard's leading ' is dropped. */
function fieldsOf(line: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"' && cur.trim() === '') {
      quoted = true;
      cur = '';
    } else if (c === sep) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.map((f) => f.trim().replace(/^'(?=[=+\-@\t\r])/, ''));
}

/**
 * Reads an import: one address a line, in the first column, with an optional note in a column
 * named note/detail (our export's file, or a spreadsheet's). Comma or semicolon (a Greek Excel)
 * separated; a first line without an address is a header. Blank lines are skipped; a line whose
 * address is not valid is reported by its number; an address twice is taken once.
 */
export function parseSuppressionImport(text: string): ParsedImport {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const firstLine = lines.find((l) => l.trim() !== '') ?? '';
  const sep = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const rows: ParsedImport['rows'] = [];
  const problems: ParsedImport['problems'] = [];
  const seen = new Set<string>();
  let noteColumn = -1;
  let headerChecked = false;
  let header = false;
  for (const [i, raw] of lines.entries()) {
    const line = i + 1;
    if (raw.trim() === '') continue;
    const fields = fieldsOf(raw, sep);
    const address = (fields[0] ?? '').trim().toLowerCase();
    if (!headerChecked) {
      headerChecked = true;
      if (!email.safeParse(address).success && !address.includes('@')) {
        header = true;
        noteColumn = fields.findIndex((f) =>
          /^(note|notes|detail|σημείωση|σημειώσεις)$/i.test(f.trim()),
        );
        continue;
      }
    }
    if (!email.safeParse(address).success || address.length > 254) {
      problems.push({ line, text: raw.slice(0, 200), error: 'invalid_email' });
      continue;
    }
    if (seen.has(address)) continue;
    if (rows.length >= SUPPRESSION_IMPORT_MAX_ROWS) {
      problems.push({ line, text: raw.slice(0, 200), error: 'too_many_rows' });
      continue;
    }
    seen.add(address);
    const note =
      noteColumn > 0
        ? (fields[noteColumn] ?? '')
        : !header && fields.length === 2
          ? (fields[1] ?? '')
          : '';
    rows.push({ line, email: address, note: note ? note.slice(0, 500) : null });
  }
  return { rows, problems };
}
