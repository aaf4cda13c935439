import type { Finding, FindingGroup, TextEdit } from '../../../../../../shared/schemas/assistant';
import type { GreekSpeller } from '../../spelling/speller';

/** What the checks know besides the text: the organisation, the writer, the site's address, today. */
export interface CheckContext {
  /** For words in capitals: their accented dictionary form (null: no dictionary loaded). */
  speller: GreekSpeller | null;
  organization: { name: string | null; website: string | null; description: string | null };
  /** The writer, offered as the press contact. */
  contact: { name: string; email: string } | null;
  /** PUBLIC_URL: newsroom links are `${publicUrl}/newsroom/<slug>`. */
  publicUrl: string;
  newsroomSlug: string | null;
  /** What the sender's newsroom settings add under every sent release (absent: nothing). */
  pressKit?: { boilerplate: boolean; contact: boolean };
  today: Date;
}

export type Severity = Finding['severity'];

export function makeFinding(
  check: string,
  group: FindingGroup,
  severity: Severity,
  message: string,
  at: { block: number; from: number; to: number; text: string } | null,
  fix: { label: string; edits: TextEdit[]; safe: boolean } | null = null,
): Finding {
  return {
    id: at ? `${check}:${at.block}:${at.from}` : check,
    check,
    group,
    severity,
    message,
    at: at ? { block: at.block, from: at.from, to: at.to } : null,
    excerpt: at ? excerptOf(at.text, at.from, at.to) : null,
    fix,
  };
}

/** The flagged text, or its first words when long. */
function excerptOf(text: string, from: number, to: number): string {
  const s = text.slice(from, to);
  if (s.length <= 80) return s;
  const cut = s.slice(0, 80);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40))}…`;
}

/** A replace edit of `block` that checks the text it replaces is still there. */
export const replace = (block: number, text: string, from: number, to: number, by: string): TextEdit => ({
  type: 'replace',
  block,
  from,
  to,
  original: text.slice(from, to),
  text: by,
});
