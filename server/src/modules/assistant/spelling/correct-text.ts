/**
 * The text as the speller would write it, for what the assistant proposes (titles, key
 * phrases, the summary): every misspelt word replaced by its first correction. Names the
 * dictionary does not know are left as written (they may well be right), and so are words
 * without a correction or whose correction splits them in two. Bounded like a review (the
 * budget of check-spelling.ts): it runs on the CPU pool's threads, never on the event loop.
 */
import type { ReviewDoc } from '../review/text';
import { newBudget, spellText, type Budget, type SuggestionCache } from './check-spelling';
import { Lexicon, type GreekSpeller } from './speller';

/** `text` with its misspelt words corrected. */
export function correctText(speller: GreekSpeller, cache: SuggestionCache, text: string, budget: Budget = newBudget(), own = new Lexicon()): string {
  let out = text;
  const issues = spellText(speller, own, cache, 0, text, budget).sort((a, b) => b.from - a.from);
  for (const issue of issues) {
    if (issue.kind === 'name') continue;
    const fix = issue.suggestions[0];
    if (!fix || fix.includes(' ')) continue;
    out = out.slice(0, issue.from) + fix + out.slice(issue.to);
  }
  return out;
}

/** The document with its misspelt words corrected (title and blocks), within one budget. */
export function correctDoc(speller: GreekSpeller, cache: SuggestionCache, doc: ReviewDoc, budget: Budget = newBudget()): ReviewDoc {
  return {
    title: correctText(speller, cache, doc.title, budget),
    blocks: doc.blocks.map((b) => ({ ...b, text: correctText(speller, cache, b.text, budget), links: [] })),
  };
}
