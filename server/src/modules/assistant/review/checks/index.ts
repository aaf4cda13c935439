/**
 * Every check of the coach, in the order the findings are listed. A check is a pure function
 * of the document and the context; each finding carries a Greek message, a severity, where
 * it applies and, where one is possible, a fix as text edits.
 */
import type { Finding } from '../../../../../../shared/schemas/assistant';
import type { ReviewDoc } from '../text';
import type { CheckContext } from './finding';
import { links } from './links';
import { ellipsis, questionMark, quotes, repeatedWords, semicolonPause, spacing } from './punctuation';
import { boilerplate, contact, dateline, lead, quote } from './structure';
import { allCaps, paragraphLength, sentenceLength, titleChecks } from './style';

export type Check = (doc: ReviewDoc, ctx: CheckContext) => Finding[];

export const CHECKS: Record<string, Check> = {
  title: titleChecks,
  dateline,
  lead,
  quote,
  boilerplate,
  contact,
  links,
  allCaps,
  sentenceLength,
  paragraphLength,
  ellipsis,
  quotes,
  questionMark,
  semicolonPause,
  spacing,
  repeatedWords,
};

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

export function runChecks(doc: ReviewDoc, ctx: CheckContext): Finding[] {
  const findings = Object.values(CHECKS).flatMap((check) => check(doc, ctx));
  const seen = new Set<string>();
  return findings
    .filter((f) => (seen.has(f.id) ? false : (seen.add(f.id), true)))
    .sort(
      (a, b) =>
        SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
        (a.at?.block ?? Infinity) - (b.at?.block ?? Infinity) ||
        (a.at?.from ?? 0) - (b.at?.from ?? 0),
    );
}

export type { CheckContext } from './finding';
