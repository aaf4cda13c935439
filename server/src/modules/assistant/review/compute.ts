/**
 * The coach's review as a pure computation (spelling with corrections, the press-release
 * checks, the counts): what runs on a worker thread (workers/tasks.ts), given everything the
 * service read from the database. Bounded by the speller's limits (check-spelling.ts):
 * `partial` says that some unknown words were left out or got no corrections this time.
 */
import type { ReviewResponse } from '../../../../../shared/schemas/assistant';
import { newBudget, spellDoc, SuggestionCache } from '../spelling/check-spelling';
import { greekSpeller } from '../spelling/dictionary';
import { Lexicon } from '../spelling/speller';
import { runChecks, type CheckContext } from './checks';
import { bodyBlocks, sentenceSpans, wordCount, type ReviewDoc } from './text';

export interface ReviewInput {
  doc: ReviewDoc;
  /** The workspace's own words (names, brands). */
  ownWords: string[];
  context: Omit<CheckContext, 'speller' | 'today'>;
  /** The day the checks take as today (ISO), set by the caller. */
  today: string;
}

export type ReviewOutput = Omit<ReviewResponse, 'workspaceId' | 'canEditWords'>;

/** Corrections per word, kept for the life of the thread (they depend on the dictionary only). */
const suggestionCache = new SuggestionCache();

export async function computeReview(input: ReviewInput): Promise<ReviewOutput> {
  const speller = await greekSpeller();
  const { doc } = input;
  const budget = newBudget();
  const spelling = spellDoc(speller, new Lexicon(input.ownWords), suggestionCache, doc, budget);
  const findings = runChecks(doc, { ...input.context, speller, today: new Date(input.today) });
  const body = bodyBlocks(doc);
  return {
    spelling,
    findings,
    stats: {
      words: body.reduce((n, b) => n + wordCount(b.text), 0),
      sentences: body.reduce((n, b) => n + sentenceSpans(b.text).length, 0),
      paragraphs: body.length,
    },
    partial: Boolean(budget.partial),
  };
}
