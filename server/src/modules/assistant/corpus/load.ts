/**
 * The test corpus: realistic Greek press releases in a small Markdown (`# ` title, `## `
 * heading, `> ` quote, `- ` list item, `[text](href)` link, blank lines between blocks),
 * each with an `.expect.json` of the findings the coach must and must not report.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ReviewBlock } from '../../../../../shared/schemas/assistant';
import type { ReviewDoc } from '../review/text';

export interface CorpusExpectations {
  /** The organisation's profile and the writer, as the checks see them. */
  profile: { organization: string; website: string | null; description: string | null; newsroomSlug?: string | null };
  contact: { name: string; email: string };
  /** Words the workspace has taught the speller. */
  workspaceWords: string[];
  spelling: {
    /** Every word the speller must flag, with the correction it must offer first ('' when none is expected). */
    misspelt: { word: string; kind: 'misspelt' | 'name' | 'mixed_script'; suggestion: string }[];
    /** Words it must not flag (names, acronyms, Latin brands, learnt words): checked besides "nothing else is flagged". */
    known: string[];
  };
  /** Checks that must fire (with text the finding is about, and the text after its fix), and nothing else. */
  findings: { check: string; excerpt?: string; fixed?: string }[];
  /** Checks that must not fire on this text (false positives to guard against). */
  notFindings: string[];
  titles: { mention: string[] };
  summary: { contains: string };
}

export interface CorpusText {
  name: string;
  doc: ReviewDoc;
  /** The text as the editor's getText gives it (blocks separated by blank lines). */
  plain: string;
  expect: CorpusExpectations;
}

export function parseRelease(md: string): ReviewDoc {
  let title = '';
  const blocks: ReviewBlock[] = [];
  for (const chunk of md.replace(/\r/g, '').split(/\n\s*\n/)) {
    for (const line of chunk.split('\n')) {
      if (!line.trim()) continue;
      if (line.startsWith('# ')) {
        title = line.slice(2).trim();
        continue;
      }
      const [type, raw] = line.startsWith('## ')
        ? (['heading', line.slice(3)] as const)
        : line.startsWith('> ')
          ? (['quote', line.slice(2)] as const)
          : line.startsWith('- ')
            ? (['list', line.slice(2)] as const)
            : (['paragraph', line] as const);
      let text = '';
      const links: ReviewBlock['links'] = [];
      let last = 0;
      for (const m of raw.matchAll(/\[([^\]]+)\]\(([^)\s]+)\)/g)) {
        text += raw.slice(last, m.index);
        links.push({ from: text.length, to: text.length + m[1]!.length, href: m[2]! });
        text += m[1]!;
        last = m.index + m[0].length;
      }
      text += raw.slice(last);
      blocks.push({ type, text, links });
    }
  }
  return { title, blocks };
}

export function loadCorpus(dir = import.meta.dirname): CorpusText[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => {
      const doc = parseRelease(fs.readFileSync(path.join(dir, f), 'utf8'));
      const expect = JSON.parse(fs.readFileSync(path.join(dir, f.replace(/\.md$/, '.expect.json')), 'utf8')) as CorpusExpectations;
      return { name: f.replace(/\.md$/, ''), doc, plain: doc.blocks.map((b) => b.text).join('\n\n'), expect };
    });
}
