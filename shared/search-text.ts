/**
 * The one search normaliser of the platform. Every search (users, media lists, releases,
 * the journalist's inbox, tasks, the audit log) compares text folded by it, so matching is
 * case- and accent-insensitive: 'Τεχνολογία', 'ΤΕΧΝΟΛΟΓΙΑ' and 'τεχνολογια' are one word,
 * 'Ελλάς' matches 'ελλασ' (the final sigma is folded to σ), and 'Café' matches 'cafe'.
 *
 * - normalizeSearch() folds a string in TypeScript (queries, press_releases.search_text).
 * - FOLD_FROM / FOLD_TO are the same fold as a per-character table, for SQL's
 *   translate(column, FOLD_FROM, FOLD_TO) on columns that are not stored folded
 *   (server/src/db/search.ts). It does not depend on the database's locale (lower() and
 *   ILIKE fold only ASCII under the C locale). A test checks, character by character, that
 *   both give the same result.
 */
export function normalizeSearch(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ς/g, 'σ');
}

export function toSearchText(title: string, contentText: string): string {
  return normalizeSearch(`${title} ${contentText}`);
}

/** Latin (Basic, Latin-1, Extended-A/B), Greek and Coptic, Cyrillic and Greek Extended. */
const FOLD_RANGES: readonly [number, number][] = [
  [0x41, 0x5a],
  [0xc0, 0x24f],
  [0x370, 0x3ff],
  [0x400, 0x4ff],
  [0x1f00, 0x1fff],
];

function foldTable(): { from: string; to: string } {
  const kept: [string, string][] = [];
  const dropped: string[] = [];
  for (const [lo, hi] of FOLD_RANGES) {
    for (let cp = lo; cp <= hi; cp++) {
      const ch = String.fromCodePoint(cp);
      const folded = normalizeSearch(ch);
      if (folded === ch) continue;
      // translate() maps one character to one or none: a fold that would expand (ŉ → ʼn)
      // is left out, and such a character matches only itself in SQL.
      if ([...folded].length > 1) continue;
      if (folded === '') dropped.push(ch);
      else kept.push([ch, folded]);
    }
  }
  // Characters that fold to nothing are removed by translate(): they come last, past the end of `to`.
  return { from: kept.map(([c]) => c).join('') + dropped.join(''), to: kept.map(([, t]) => t).join('') };
}

const TABLE = foldTable();
export const FOLD_FROM = TABLE.from;
export const FOLD_TO = TABLE.to;

/** A LIKE pattern that finds `text` anywhere, with the wildcards in it matched literally (escape '\'). */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
