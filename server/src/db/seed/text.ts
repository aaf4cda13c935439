/** Text helpers for seeded press releases; mirror what the app stores for user content. */

export { toSearchText } from '../../../../shared/search-text';

/** A paragraph, a heading, a bullet list, or a paragraph of links after a lead-in. */
export type Block = string | { h: string } | { list: string[] } | { lead: string; links: string[] };

function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Sanitizer-safe HTML (p, h2, ul/li, a) for a list of blocks. */
export function blocksToHtml(blocks: readonly Block[]): string {
  return blocks
    .map((b) => {
      if (typeof b === 'string') return `<p>${escapeHtml(b)}</p>`;
      if ('h' in b) return `<h2>${escapeHtml(b.h)}</h2>`;
      if ('links' in b)
        return `<p>${escapeHtml(b.lead)} ${b.links
          .map((l) => `<a target="_blank" rel="noopener noreferrer nofollow" href="${escapeHtml(l)}">${escapeHtml(l)}</a>`)
          .join(', ')}</p>`;
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
      if ('links' in b) return `${b.lead} ${b.links.join(', ')}`;
      return b.list.join('\n');
    })
    .join('\n\n');
}

/** ProseMirror JSON of the same blocks, for the release's live document. */
export function blocksToJson(blocks: readonly Block[]): { type: 'doc'; content: Record<string, unknown>[] } {
  const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
  return {
    type: 'doc',
    content: blocks.map((b) => {
      if (typeof b === 'string') return para(b);
      if ('h' in b) return { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: b.h }] };
      if ('links' in b)
        return {
          type: 'paragraph',
          content: [
            { type: 'text', text: `${b.lead} ` },
            ...b.links.flatMap((l, i) => [
              ...(i ? [{ type: 'text', text: ', ' }] : []),
              { type: 'text', text: l, marks: [{ type: 'link', attrs: { href: l, target: '_blank', rel: 'noopener noreferrer nofollow' } }] },
            ]),
          ],
        };
      return { type: 'bulletList', content: b.list.map((li) => ({ type: 'listItem', content: [para(li)] })) };
    }),
  };
}
