/**
 * The coach on a corpus of realistic Greek press releases (corpus/*.md), each with the
 * findings it must report and must not report (corpus/*.expect.json): spelling, every
 * press-release check and its fix, the titles and the summary.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TITLE_BLOCK, type Finding, type TextEdit } from '../../../../shared/schemas/assistant';
import { builtinAssistant, SUMMARY_MAX_CHARS } from './builtin';
import { loadCorpus, type CorpusText } from './corpus/load';
import { runChecks, type CheckContext } from './review/checks';
import { TITLE_MAX_CHARS } from './review/checks/style';
import { sentenceSpans, type ReviewDoc } from './review/text';
import { spellDoc, SuggestionCache } from './spelling/check-spelling';
import { greekSpeller } from './spelling/dictionary';
import { fold } from './spelling/greek';
import { Lexicon, type GreekSpeller } from './spelling/speller';

const corpus = loadCorpus();
let speller: GreekSpeller;
const cache = new SuggestionCache();

beforeAll(async () => {
  speller = await greekSpeller();
}, 60_000);

function contextOf(t: CorpusText): CheckContext {
  return {
    speller,
    organization: { name: t.expect.profile.organization, website: t.expect.profile.website, description: t.expect.profile.description },
    contact: t.expect.contact,
    publicUrl: 'http://localhost:3000',
    newsroomSlug: t.expect.profile.newsroomSlug ?? null,
    today: new Date('2026-03-05T10:00:00Z'),
  };
}

/** The document after `edits`, as the editor applies them (replacements checked against the text they replace). */
function applied(doc: ReviewDoc, edits: TextEdit[]): ReviewDoc {
  let title = doc.title;
  const blocks = doc.blocks.map((b) => ({ ...b }));
  const replaces = edits.filter((e): e is Extract<TextEdit, { type: 'replace' }> => e.type === 'replace').sort((a, b) => b.from - a.from);
  for (const e of replaces) {
    const text = e.block === TITLE_BLOCK ? title : blocks[e.block]!.text;
    expect(text.slice(e.from, e.to)).toBe(e.original);
    const next = text.slice(0, e.from) + e.text + text.slice(e.to);
    if (e.block === TITLE_BLOCK) title = next;
    else blocks[e.block]!.text = next;
  }
  for (const e of edits) if (e.type === 'append') for (const b of e.blocks) blocks.push({ type: b.type, text: b.text, links: [] });
  return { title, blocks };
}

const textOf = (doc: ReviewDoc) => [doc.title, ...doc.blocks.map((b) => b.text)].join('\n');

it('the corpus has 6–10 releases, each with its expectations', () => {
  expect(corpus.length).toBeGreaterThanOrEqual(6);
  expect(corpus.length).toBeLessThanOrEqual(10);
});

describe.each(corpus.map((t) => [t.name, t] as const))('%s', (_name, t) => {
  it('spelling: flags exactly the expected words, each with its kind and first correction', () => {
    // No time budget here: every correction is computed, whatever the machine's load.
    const issues = spellDoc(speller, new Lexicon(t.expect.workspaceWords), cache, t.doc, { left: Infinity, until: Infinity });
    expect(issues.map((i) => i.word).sort()).toEqual(t.expect.spelling.misspelt.map((m) => m.word).sort());
    for (const m of t.expect.spelling.misspelt) {
      const issue = issues.find((i) => i.word === m.word)!;
      expect(issue.kind, m.word).toBe(m.kind);
      if (m.suggestion) expect(issue.suggestions[0], m.word).toBe(m.suggestion);
      // The offsets point at the word.
      const text = issue.block === TITLE_BLOCK ? t.doc.title : t.doc.blocks[issue.block]!.text;
      expect(text.slice(issue.from, issue.to)).toBe(m.word);
    }
    for (const word of t.expect.spelling.known) {
      expect(textOf(t.doc), `"${word}" is in the text`).toContain(word);
      expect(issues.some((i) => i.word === word), `"${word}" is not flagged`).toBe(false);
    }
  });

  it('checks: report exactly the expected findings, and each fix does what it says', () => {
    const findings = runChecks(t.doc, contextOf(t));
    expect(findings.map((f) => f.check).sort()).toEqual(t.expect.findings.map((f) => f.check).sort());
    for (const check of t.expect.notFindings) expect(findings.some((f) => f.check === check), check).toBe(false);
    const used = new Set<Finding>();
    for (const e of t.expect.findings) {
      const f = findings.find((x) => x.check === e.check && !used.has(x) && (!e.excerpt || (x.excerpt ?? '').includes(e.excerpt)));
      expect(f, `${e.check} ${e.excerpt ?? ''}`).toBeDefined();
      used.add(f!);
      expect(f!.message).toMatch(/[\u0370-\u03ff]/u); // a Greek message
      if (e.fixed !== undefined) {
        expect(f!.fix, `${e.check} has a fix`).not.toBeNull();
        const after = applied(t.doc, f!.fix!.edits);
        expect(textOf(after)).toContain(e.fixed);
        // The fixed text no longer has the finding at that place.
        const again = runChecks(after, contextOf(t)).filter((x) => x.check === e.check);
        expect(again.some((x) => x.id === f!.id && x.excerpt === f!.excerpt)).toBe(false);
      }
    }
  });

  it('titles: two or three distinct proposals from the content, shorter than the first sentence, each fit for an e-mail subject', async () => {
    const s = await builtinAssistant.suggest({ title: t.doc.title, text: t.plain });
    expect(s.titles.length).toBeGreaterThanOrEqual(2);
    expect(s.titles.length).toBeLessThanOrEqual(3);
    expect(new Set(s.titles.map((x) => fold(x))).size).toBe(s.titles.length);
    const lead = t.doc.blocks.find((b) => b.type !== 'heading')!.text;
    const firstSentence = fold(sentenceSpans(lead)[0]!.text).replace(/[.;!…]+$/u, '');
    for (const title of s.titles) {
      expect([...title].length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
      // A headline (issue 33) is the lead's clause shortened, never the whole sentence.
      expect(fold(title), title).not.toBe(firstSentence);
    }
    expect(s.titles.some((x) => t.expect.titles.mention.some((m) => fold(x).includes(fold(m)))), s.titles.join(' | ')).toBe(true);
    // Built from the key phrases ranked over the whole text.
    expect(s.keyphrases.length).toBeGreaterThan(0);
    expect(s.titles.some((x) => s.keyphrases.slice(0, 4).some((k) => fold(x).includes(fold(k))))).toBe(true);
  });

  it('summary: the most central sentences of the text, in their order, within the limit', async () => {
    const s = await builtinAssistant.suggest({ title: t.doc.title, text: t.plain });
    expect(s.summary.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
    expect(s.summary).toContain(t.expect.summary.contains);
    // The summary is in the speller's spelling: the text it is taken from, with the corrections.
    let improved = s.improved;
    for (const m of t.expect.spelling.misspelt) if (m.suggestion) improved = improved.replaceAll(m.word, m.suggestion);
    let at = -1;
    for (const sentence of sentenceSpans(s.summary)) {
      const i = improved.indexOf(sentence.text);
      expect(i, sentence.text).toBeGreaterThan(at); // extractive, in the original order
      at = i;
    }
  });
});
