/** Text helpers for seeded press releases; mirror what the app stores for user content. */

/**
 * The value kept in press_releases.search_text: lower-case, NFD-normalized with the
 * combining marks (accents, diaeresis) removed, so 'Τεχνολογία' matches 'τεχνολογια'.
 */
export function toSearchText(title: string, contentText: string): string {
  return `${title} ${contentText}`.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

export type Block = string | { h: string } | { list: string[] };

function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Sanitizer-safe HTML (p, h2, ul/li only) for a list of blocks. */
export function blocksToHtml(blocks: readonly Block[]): string {
  return blocks
    .map((b) => {
      if (typeof b === 'string') return `<p>${escapeHtml(b)}</p>`;
      if ('h' in b) return `<h2>${escapeHtml(b.h)}</h2>`;
      return `<ul>${b.list.map((li) => `<li><p>${escapeHtml(li)}</p></li>`).join('')}</ul>`;
    })
    .join('');
}

/** Plain text of the same blocks: paragraphs separated by a blank line. */
export function blocksToText(blocks: readonly Block[]): string {
  return blocks
    .map((b) => {
      if (typeof b === 'string') return b;
      if ('h' in b) return b.h;
      return b.list.join('\n');
    })
    .join('\n\n');
}
