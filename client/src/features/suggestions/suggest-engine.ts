/**
 * The part of suggesting mode that loads after the editor (suggest-changes.ts loads it): the
 * library, and the two conversions that make its result something Yjs keeps and the server
 * accepts (block marks made inline; a neighbour's borrowed id replaced by one of the writer's own).
 */
import type { Node as PMNode } from '@tiptap/pm/model';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { AddMarkStep, ReplaceStep } from '@tiptap/pm/transform';
import { transformToSuggestionTransaction } from '@handlewithcare/prosemirror-suggest-changes';
import { inlineSuggestionNodeMarks, suggestionAuthor } from '@shared/editor/suggestion-marks';

export {
  disableSuggestChanges,
  enableSuggestChanges,
  isSuggestChangesEnabled,
  suggestChanges,
  suggestChangesKey,
} from '@handlewithcare/prosemirror-suggest-changes';

const SUGGESTION = new Set(['insertion', 'deletion']);

/** `<user id>:<10 random url-safe characters>` */
export function newSuggestionId(userId: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const tail = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '').slice(0, 10);
  return `${userId}:${tail}`;
}

/**
 * Gives every suggestion mark this transaction's steps put on the text (inserted text, or a
 * deletion mark added) an id of `userId`'s own where the library took a neighbour's. One new id
 * per borrowed id, so a word typed next to a colleague's suggestion stays one suggestion.
 */
export function ownSuggestionIds(tr: Transaction, userId: string, fresh: () => string = () => newSuggestionId(userId)): Transaction {
  const ranges: { from: number; to: number; only?: string }[] = [];
  const count = tr.steps.length;
  tr.steps.forEach((step, i) => {
    const after = tr.mapping.slice(i + 1);
    if (step instanceof ReplaceStep && step.slice.size) {
      ranges.push({ from: after.map(step.from, 1), to: after.map(step.from + step.slice.size, -1) });
    } else if (step instanceof AddMarkStep && SUGGESTION.has(step.mark.type.name)) {
      ranges.push({ from: after.map(step.from, 1), to: after.map(step.to, -1), only: step.mark.type.name });
    }
  });
  const renamed = new Map<string, string>();
  const fixes: { from: number; to: number; mark: PMNode['marks'][number]; id: string }[] = [];
  for (const r of ranges) {
    if (r.from >= r.to) continue;
    tr.doc.nodesBetween(r.from, r.to, (node, pos) => {
      if (!node.isText) return true;
      for (const mark of node.marks) {
        if (!SUGGESTION.has(mark.type.name) || (r.only && mark.type.name !== r.only)) continue;
        const id = mark.attrs.id as string;
        if (suggestionAuthor(id) === userId) continue;
        if (!renamed.has(id)) renamed.set(id, fresh());
        fixes.push({ from: Math.max(pos, r.from), to: Math.min(pos + node.nodeSize, r.to), mark, id: renamed.get(id)! });
      }
      return false;
    });
  }
  for (const f of fixes) {
    tr.removeMark(f.from, f.to, f.mark);
    tr.addMark(f.from, f.to, f.mark.type.create({ ...f.mark.attrs, id: f.id }));
  }
  if (tr.steps.length !== count) tr.setMeta('deltioOwnIds', true);
  return tr;
}

/** A local edit as the writer's suggestion: the library's marks, inline, with ids of the writer's own. */
export function toSuggestion(original: Transaction, state: EditorState, userId: string): Transaction {
  const tr = transformToSuggestionTransaction(original, state, () => newSuggestionId(userId));
  return ownSuggestionIds(inlineSuggestionNodeMarks(tr), userId);
}
