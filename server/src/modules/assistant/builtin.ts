import { cleanUp, namedEntities, placePhrase, rankSentences, shorten, splitSentences, topicPhrase } from './greek-text';

export interface Suggestions {
  titles: string[];
  summary: string;
  improved: string;
  source: 'builtin' | 'remote';
}

export interface AssistantInput {
  title: string;
  text: string;
}

/** One interface, two providers: the built-in Greek assistant and an OpenAI-compatible endpoint. */
export interface AssistantProvider {
  suggest(input: AssistantInput): Promise<Suggestions>;
}

const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase('el') + s.slice(1);

function uniqueTitles(candidates: string[], max: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const c of candidates) {
    const t = capitalise(c.replace(/\s+/g, ' ').trim());
    const key = t.toLocaleLowerCase('el');
    if (t.length < 8 || seen.has(key)) continue;
    seen.add(key);
    out.push(t);
    if (out.length === max) break;
  }
  return out;
}

/**
 * The offline assistant: an extractive summary of the most central sentences, three titles
 * drawn from the key phrases and the central sentences, and a cleaned-up text.
 */
export const builtinAssistant: AssistantProvider = {
  suggest({ title, text }) {
    const improved = cleanUp(text);
    const sentences = splitSentences(improved);
    const ranked = rankSentences(sentences);
    const summaryCount = sentences.length <= 3 ? 1 : sentences.length <= 8 ? 2 : 3;
    const summary = ranked
      .slice(0, summaryCount)
      .map((r) => r.sentence)
      .sort((a, b) => a.index - b.index)
      .map((s) => s.text)
      .join(' ');

    const source = `${title}\n\n${improved}`;
    const [entity] = namedEntities(source, 1);
    const topic = topicPhrase(source);
    const place = placePhrase(improved);
    const best = ranked[0]?.sentence.text ?? improved;
    // The most central sentence that adds a fact (a number or a name) beyond the lead.
    const fact = ranked.slice(1).find((r) => /\d|[\p{Lu}]/u.test(r.sentence.text.slice(1)))?.sentence.text;
    const candidates = [
      shorten(best, 12),
      entity && topic ? `${entity}: ${topic}${place && !topic.includes(place) ? ` ${place}` : ''}` : '',
      fact ? shorten(fact, 11) : '',
      entity && fact ? `${entity}: ${shorten(fact, 8)}` : '',
      topic ? `${topic}${place ? ` ${place}` : ''}` : '',
      shorten(best, 7),
    ];
    let titles = uniqueTitles(candidates, 3);
    if (titles.length < 3) titles = uniqueTitles([...titles, shorten(improved, 10), shorten(improved, 6), title], 3);
    return Promise.resolve({ titles, summary: summary || shorten(improved, 40), improved, source: 'builtin' as const });
  },
};
