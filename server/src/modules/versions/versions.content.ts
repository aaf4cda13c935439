import crypto from 'node:crypto';
import { updateYFragment, yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import { diffArrays } from 'diff';
import * as Y from 'yjs';
import { CATEGORIES, type Category } from '../../../../shared/constants';
import { hasFields, MEDIA_LISTS_FIELD, META_FIELD, readFields, TITLE_FIELD } from '../../../../shared/editor/doc-fields';
import { CONTENT_FIELD } from '../../../../shared/editor/extensions';
import type { DiffPart } from '../../../../shared/schemas/versions';
import { renderDoc } from '../../collab/render';
import { toStorableText } from '../../../../shared/storable-text';

/**
 * What a stored version says, worked out from its Yjs state (read-only, with the editor's own
 * extension list, as collab/derive.ts does for the release row), and the one change that turns
 * a live document into a version's content.
 */
import { editorSchema as schema } from '../../collab/editor-schema';

export interface VersionContent {
  title: string;
  html: string;
  text: string;
  category: Category | null;
  mediaLists: Category[];
}

export function docFromState(state: Uint8Array): Y.Doc {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return doc;
}

/** The content as the release row would hold it (title cut as the row cuts it). */
export function contentOf(doc: Y.Doc): VersionContent {
  let html = '';
  let text = '';
  try {
    ({ html, text } = renderDoc(doc));
  } catch {
    // A state the editor schema cannot render was never accepted; an empty text is the safe answer.
  }
  const f = hasFields(doc) ? readFields(doc) : null;
  // A title stored before the update check refused NUL and unpaired surrogates is kept without them.
  return { title: toStorableText(f?.title ?? '').slice(0, 300), html, text, category: f?.category ?? null, mediaLists: f?.mediaLists ?? [] };
}

export function contentOfState(state: Uint8Array): VersionContent {
  const doc = docFromState(state);
  try {
    return contentOf(doc);
  } finally {
    doc.destroy();
  }
}

/**
 * A fingerprint of what would be sent: title, sanitized HTML, category and media lists. Two
 * versions (or a version and the live release row) with the same fingerprint send the same
 * release; the schedule fields of the document are not part of it.
 */
export function contentHash(c: { title: string; html: string; category: string | null; mediaLists: readonly string[] }): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([c.title, c.html, c.category, [...c.mediaLists].sort()]))
    .digest('hex');
}

/** The same fingerprint of a release row (derived from its live document). */
export function rowHash(r: { title: string; content: string; category: string | null; media_list_categories: readonly string[] | null }): string {
  return contentHash({ title: r.title, html: r.content, category: r.category, mediaLists: r.media_list_categories ?? [] });
}

/** The fingerprint of what an approval covers besides the text (approvals.repo liveScope). */
export function scopeHash(scope: string): string {
  return crypto.createHash('sha256').update(scope).digest('hex');
}

/** The text a diff compares: the title, a blank line, the text. */
export const diffText = (c: Pick<VersionContent, 'title' | 'text'>) => `${c.title}\n\n${c.text}`;

/**
 * Tokens of a word diff: a word (any script: jsdiff's own word pattern knows Latin letters
 * only) or a punctuation mark, each with the white space after it. Not Intl.Segmenter: V8
 * copies the whole text into every segment it yields, so a 40,000-character release took 3 s
 * and a longer one ran the process out of memory.
 */
const TOKEN = /[\p{L}\p{M}\p{N}]+\s*|[^\p{L}\p{M}\p{N}\s]\s*|\s+/gu;
const tokens = (s: string) => s.match(TOKEN) ?? [];

export interface WordDiff {
  a: DiffPart[];
  b: DiffPart[];
  added: number;
  removed: number;
  /** False when the diff hit its bounds and the middle of the texts is shown as replaced whole. */
  exact: boolean;
}

/** Characters that count as a change (white space between words does not). */
const visible = (s: string) => s.replace(/\s+/g, '').length;

/**
 * Bounds of a diff: Myers' algorithm costs (N+M)·D time and D² memory, so two long,
 * different texts (5,000 words rewritten) took 9 s of the event loop and 15,000 words ran the
 * process out of memory. Past `maxEditLength` tokens of change or `timeoutMs`, the diff gives
 * up and the texts are compared coarsely: the common start and end kept, the middle shown as
 * removed on one side and inserted on the other (`exact: false`).
 */
export const DIFF_MAX_EDIT_LENGTH = 4_000;
export interface DiffLimits {
  timeoutMs?: number;
  maxEditLength?: number;
}

/** The common start and end of two texts (whole words: a cut never splits one), the middle replaced. */
function coarseDiff(a: string, b: string): { value: string; added?: boolean; removed?: boolean }[] {
  let start = 0;
  const n = Math.min(a.length, b.length);
  while (start < n && a[start] === b[start]) start++;
  while (start > 0 && /\S/.test(a[start - 1]!)) start--;
  let end = 0;
  while (end < n - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  while (end > 0 && /\S/.test(a[a.length - end]!)) end--;
  return [
    { value: a.slice(0, start) },
    { value: a.slice(start, a.length - end), removed: true },
    { value: b.slice(start, b.length - end), added: true },
    { value: a.slice(a.length - end) },
  ].filter((p) => p.value);
}

/** A word-level diff: the older side with its deletions marked, the newer with its insertions. */
export function wordDiff(a: string, b: string, limits: DiffLimits = {}): WordDiff {
  const out: WordDiff = { a: [], b: [], added: 0, removed: 0, exact: true };
  const push = (side: DiffPart[], part: DiffPart) => {
    const last = side[side.length - 1];
    if (last && last.change === part.change) last.text += part.text;
    else side.push({ ...part });
  };
  if (a === b) {
    if (a) {
      out.a.push({ text: a, change: 'same' });
      out.b.push({ text: b, change: 'same' });
    }
    return out;
  }
  const exact = diffArrays(tokens(a), tokens(b), { maxEditLength: limits.maxEditLength ?? DIFF_MAX_EDIT_LENGTH, timeout: limits.timeoutMs ?? 200 });
  if (!exact) out.exact = false;
  const parts = exact ? exact.map((c) => ({ value: c.value.join(''), added: c.added, removed: c.removed })) : coarseDiff(a, b);
  for (const p of parts) {
    if (p.added) {
      push(out.b, { text: p.value, change: 'ins' });
      out.added += visible(p.value);
    } else if (p.removed) {
      push(out.a, { text: p.value, change: 'del' });
      out.removed += visible(p.value);
    } else {
      push(out.a, { text: p.value, change: 'same' });
      push(out.b, { text: p.value, change: 'same' });
    }
  }
  return out;
}

/** Replaces a Y.Text's characters by `next`, touching only what differs (common prefix and suffix kept). */
function replaceText(t: Y.Text, next: string): void {
  const cur = t.toJSON();
  if (cur === next) return;
  let start = 0;
  while (start < cur.length && start < next.length && cur[start] === next[start]) start++;
  let end = 0;
  while (end < cur.length - start && end < next.length - start && cur[cur.length - 1 - end] === next[next.length - 1 - end]) end++;
  const removeLen = cur.length - start - end;
  if (removeLen > 0) t.delete(start, removeLen);
  const insert = next.slice(start, next.length - end);
  if (insert) t.insert(start, insert);
}

/**
 * Changes `live` (inside the caller's transaction) so that its content is the version's: the
 * rich text (only the blocks and characters that differ, so co-editors' carets in unchanged
 * paragraphs stay put), the title, the category and the media lists. The schedule fields of
 * the meta map are left alone: a schedule belongs to the lifecycle, and an old version's date
 * would only mislead.
 */
export function restoreInto(live: Y.Doc, version: Y.Doc): void {
  const node = yXmlFragmentToProseMirrorRootNode(version.getXmlFragment(CONTENT_FIELD), schema);
  updateYFragment(live, live.getXmlFragment(CONTENT_FIELD), node, { mapping: new Map(), isOMark: new Map() });
  replaceText(live.getText(TITLE_FIELD), toStorableText(version.getText(TITLE_FIELD).toJSON()));
  const meta = live.getMap(META_FIELD);
  const category = version.getMap(META_FIELD).get('category') ?? null;
  if ((meta.get('category') ?? null) !== category) meta.set('category', category);
  const lists = live.getMap<boolean>(MEDIA_LISTS_FIELD);
  const wanted = version.getMap<boolean>(MEDIA_LISTS_FIELD);
  for (const c of CATEGORIES) {
    const want = wanted.get(c) === true;
    if ((lists.get(c) === true) !== want) lists.set(c, want);
  }
}

/** The two sides of a comparison, title and text each word by word (the CPU pool's `versions.diff`). */
export interface VersionsDiff {
  title: WordDiff;
  text: WordDiff;
}
export function versionsDiff(p: { a: Pick<VersionContent, 'title' | 'text'>; b: Pick<VersionContent, 'title' | 'text'> }): VersionsDiff {
  return { title: wordDiff(p.a.title, p.b.title, { timeoutMs: 2_000 }), text: wordDiff(p.a.text, p.b.text, { timeoutMs: 2_000 }) };
}
