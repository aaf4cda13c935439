/**
 * What the platform adds under every sent release from the sender's newsroom settings: the
 * «Σχετικά με» text (boilerplate) and the press contact. A release whose text already carries
 * its own «Σχετικά με …» section gets no second one (the sent version freezes it as absent),
 * and the writing coach does not ask for sections the press kit supplies.
 */
import { normalizeSearch } from './search-text';

/** A line that opens a «Σχετικά με …» section, on accent- and case-folded text. */
const BOILERPLATE_HEADING = /^\s*(σχετικα\s+με|λιγα\s+λογια\s+για|ταυτοτητα|σχετικα\s*:|about\s)/u;

/** Whether a line (a paragraph or heading) opens the organisation's «Σχετικά με …» section. */
export function opensBoilerplate(line: string): boolean {
  return BOILERPLATE_HEADING.test(normalizeSearch(line));
}

/** Whether a release's plain text (one block per line) has its own «Σχετικά με …» section. */
export function hasBoilerplateSection(contentText: string): boolean {
  return contentText.split('\n').some(opensBoilerplate);
}
