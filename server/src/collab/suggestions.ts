import { applySuggestion, applySuggestions, revertSuggestion, revertSuggestions } from '@handlewithcare/prosemirror-suggest-changes';
import { Fragment, type Node as PMNode } from '@tiptap/pm/model';
import { EditorState, type Transaction } from '@tiptap/pm/state';
import { updateYFragment, yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import type * as Y from 'yjs';
import { CONTENT_FIELD } from '../../../shared/editor/extensions';
import { SUGGESTION_ANCHOR, SUGGESTION_ID_PATTERN, SUGGESTION_MARK_NAMES, suggestionAuthor } from '../../../shared/editor/suggestion-marks';

/**
 * Suggested changes on the server (shared/editor/suggestion-marks.ts): what a document says
 * without them, the pending ones, and accepting or rejecting one, with the library's own
 * commands on a bare EditorState (no view, no plugins).
 */
export { editorSchema as schema } from './editor-schema';
import { editorSchema as schema } from './editor-schema';

const SUGGESTION_NAMES = new Set<string>(SUGGESTION_MARK_NAMES);
export type SuggestionKind = 'insertion' | 'deletion' | 'replace';

export interface PendingSuggestion {
  id: string;
  /** The user the id names (its prefix). */
  authorId: string | null;
  kind: SuggestionKind;
  /** The suggested words: inserted, deleted, or «deleted → inserted» (zero-width anchors dropped). */
  excerpt: string;
}

export const EXCERPT_MAX = 200;

/** An empty document as ProseMirror reads one (a Y fragment with nothing in it). */
export const emptyDoc = (): PMNode => schema.topNodeType.createAndFill()!;

/** The rich text of a Yjs document as a ProseMirror node of the editor schema. */
export function contentNode(doc: Y.Doc): PMNode {
  const fragment = doc.getXmlFragment(CONTENT_FIELD);
  return fragment.length === 0 ? emptyDoc() : yXmlFragmentToProseMirrorRootNode(fragment, schema);
}

function run(doc: PMNode, command: (state: EditorState, dispatch: (tr: Transaction) => void) => boolean): PMNode | null {
  let out: PMNode | null = null;
  command(EditorState.create({ doc }), (tr) => (out = tr.doc));
  return out;
}

/** The document with every pending suggestion rejected: insertions dropped, deletions kept, anchors removed. */
export function revertAll(doc: PMNode): PMNode {
  if (!hasSuggestions(doc)) return doc;
  return run(doc, revertSuggestions) ?? doc;
}

/**
 * Whether two versions of the text say the same once their pending suggestions are rejected.
 * Only the top-level blocks that differ are reverted, with one unchanged neighbour on each side
 * (a suggested split or join marks the edge of the block next to it): the library's revert costs
 * time quadratic in the marked runs it walks and leaves garbage behind, so the unchanged rest of
 * the document is not reverted again at every keystroke.
 */
export function sameBase(a: PMNode, b: PMNode): boolean {
  const n = a.childCount;
  const m = b.childCount;
  let start = 0;
  while (start < n && start < m && a.child(start).eq(b.child(start))) start++;
  if (start === n && start === m) return true;
  let endA = n;
  let endB = m;
  while (endA > start && endB > start && a.child(endA - 1).eq(b.child(endB - 1))) {
    endA--;
    endB--;
  }
  const from = Math.max(0, start - 1);
  const blocks = (d: PMNode, end: number) => {
    const out: PMNode[] = [];
    for (let i = from; i < Math.min(end + 1, d.childCount); i++) out.push(d.child(i));
    return out;
  };
  const [ra, rb] = [blocks(a, endA), blocks(b, endB)];
  // Without a block-level suggestion in the region (no anchor: no split, join or new block),
  // the text without suggestions reads in one linear pass; with one, the library reverts it.
  const ka = inlineBase(ra);
  const kb = inlineBase(rb);
  if (ka !== null && kb !== null) return ka === kb;
  return revertAll(a.copy(Fragment.fromArray(ra))).eq(revertAll(b.copy(Fragment.fromArray(rb))));
}

/**
 * The blocks as they read with every suggestion rejected, as a string: inserted text and
 * inline nodes left out, deleted text kept without its mark, neighbouring text of the same marks
 * joined, each block with its type and attributes. Null when a suggestion anchor (a zero-width
 * space: a block inserted, split or joined) is present, which only the library can undo.
 */
function inlineBase(blocks: readonly PMNode[]): string | null {
  const out: string[] = [];
  let text = '';
  let marks = '';
  let anchored = false;
  const flush = () => {
    if (text) out.push(JSON.stringify([marks, text]));
    text = '';
  };
  const walk = (n: PMNode): void => {
    if (anchored) return;
    // An anchor, or a block marked as a whole: a block-level suggestion.
    if ((n.isText && n.text!.includes(SUGGESTION_ANCHOR)) || (!n.isInline && n.marks.some((m) => SUGGESTION_NAMES.has(m.type.name)))) {
      anchored = true;
      return;
    }
    if (n.isInline && n.marks.some((m) => m.type.name === 'insertion')) return;
    if (n.isText) {
      const key = JSON.stringify(n.marks.filter((m) => !SUGGESTION_NAMES.has(m.type.name)).map((m) => m.toJSON() as unknown));
      if (key !== marks) {
        flush();
        marks = key;
      }
      text += n.text;
      return;
    }
    flush();
    marks = '';
    out.push(`<${n.type.name}${JSON.stringify(n.attrs)}`);
    n.forEach(walk);
    flush();
    marks = '';
    out.push('>');
  };
  blocks.forEach(walk);
  return anchored ? null : out.join('');
}

export function hasSuggestions(doc: PMNode): boolean {
  let found = false;
  doc.descendants((node) => {
    if (found) return false;
    if (node.marks.some((m) => SUGGESTION_NAMES.has(m.type.name))) found = true;
    return !found;
  });
  return found;
}

/** One suggestion as a whole: its id, the kinds of mark it has, and the text under each, in order. */
export interface SuggestionParts {
  id: string;
  insertion: string;
  deletion: string;
  modification: boolean;
}

/** Every suggestion of a document, in document order (node marks count, with the node's text). */
export function suggestionsOf(doc: PMNode): Map<string, SuggestionParts> {
  const out = new Map<string, SuggestionParts>();
  doc.descendants((node) => {
    for (const mark of node.marks) {
      if (!SUGGESTION_NAMES.has(mark.type.name)) continue;
      const id = String(mark.attrs.id);
      let s = out.get(id);
      if (!s) out.set(id, (s = { id, insertion: '', deletion: '', modification: false }));
      if (mark.type.name === 'modification') s.modification = true;
      else s[mark.type.name as 'insertion' | 'deletion'] += node.isText ? node.text! : node.textContent;
    }
    return true;
  });
  return out;
}

const clean = (s: string) => s.replaceAll(SUGGESTION_ANCHOR, '').replace(/\s+/g, ' ').trim();
const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The pending suggestions as the review list shows them (an insertion and a deletion with one id: a replacement). */
export function pendingSuggestions(doc: PMNode): PendingSuggestion[] {
  return [...suggestionsOf(doc).values()].map((s) => {
    const ins = clean(s.insertion);
    const del = clean(s.deletion);
    const kind: SuggestionKind = s.insertion && s.deletion ? 'replace' : s.deletion ? 'deletion' : 'insertion';
    const text = kind === 'replace' ? `${cut(del, 96)} → ${cut(ins, 96)}` : kind === 'deletion' ? del : ins;
    return { id: s.id, authorId: suggestionAuthor(s.id), kind, excerpt: cut(text, EXCERPT_MAX) || '¶' };
  });
}

export class SuggestionRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SuggestionRuleError';
  }
}

interface JsonNode {
  type?: string;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: JsonNode[];
}

/**
 * Suggestion marks as stored content allows them in v1: ids of the form `<user uuid>:<random>`,
 * and no `modification` (block type changes are not suggested yet). Throws SuggestionRuleError.
 */
export function checkSuggestionMarks(node: JsonNode): void {
  for (const m of node.marks ?? []) {
    if (!SUGGESTION_NAMES.has(m.type)) continue;
    if (m.type === 'modification') throw new SuggestionRuleError('content: modification suggestions are not accepted');
    const id = m.attrs?.id;
    if (typeof id !== 'string' || !SUGGESTION_ID_PATTERN.test(id)) throw new SuggestionRuleError(`content: suggestion id ${JSON.stringify(id)?.slice(0, 60)} is not valid`);
  }
  for (const child of node.content ?? []) checkSuggestionMarks(child);
}

/**
 * Accepts (`apply`) or rejects (`revert`) one suggestion, or all of them (`id` null), in a live
 * document (inside the caller's Yjs transaction), touching only what changes. Returns whether
 * anything changed.
 */
export function resolveInto(live: Y.Doc, id: string | null, outcome: 'accept' | 'reject', before: PMNode = contentNode(live)): boolean {
  const fragment = live.getXmlFragment(CONTENT_FIELD);
  const command = id === null ? (outcome === 'accept' ? applySuggestions : revertSuggestions) : outcome === 'accept' ? applySuggestion(id) : revertSuggestion(id);
  const after = run(before, command);
  if (!after || after.eq(before)) return false;
  updateYFragment(live, fragment, after, { mapping: new Map(), isOMark: new Map() });
  return true;
}

/**
 * The `release_suggestions` rows of these suggestions (an author who is no longer a user is
 * kept as null): what the derive reconciles and what a decision records.
 */
export async function suggestionRows(q: import('knex').Knex | import('knex').Knex.Transaction, releaseId: string, list: PendingSuggestion[]) {
  const authors = [...new Set(list.flatMap((s) => (s.authorId ? [s.authorId] : [])))];
  const known = new Set(authors.length ? ((await q('users').whereIn('id', authors).pluck('id')) as string[]) : []);
  return list.map((s) => ({
    press_release_id: releaseId,
    id: s.id,
    author_id: s.authorId && known.has(s.authorId) ? s.authorId : null,
    kind: s.kind,
    excerpt: s.excerpt,
  }));
}
