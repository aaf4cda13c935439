/**
 * The value kept in press_releases.search_text: lower-case, NFD-normalized with the
 * combining marks (accents, diaeresis) removed, so 'Τεχνολογία' matches 'τεχνολογια'.
 * Search queries are normalised with the same function, so matching is case- and
 * accent-insensitive for Greek.
 */
export function normalizeSearch(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

export function toSearchText(title: string, contentText: string): string {
  return normalizeSearch(`${title} ${contentText}`);
}
