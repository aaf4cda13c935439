import { transformToSuggestionTransaction } from '@handlewithcare/prosemirror-suggest-changes';
import type { Node as PMNode } from '@tiptap/pm/model';
import { EditorState, type Transaction } from '@tiptap/pm/state';
import { updateYFragment } from '@tiptap/y-tiptap';
import type * as Y from 'yjs';
import { CONTENT_FIELD } from '../../../shared/editor/extensions';
import { inlineSuggestionNodeMarks } from '../../../shared/editor/suggestion-marks';
import { contentNode } from '../collab/suggestions';

/**
 * Suggesting in a test, as the client's suggesting mode will: the edit is turned into a
 * suggestion by the library (with an id of `userId`), node marks are made inline, and the
 * result is written into the Y document the way y-tiptap writes an editor's transaction.
 */
let counter = 0;
export const suggestionId = (userId: string) => `${userId}:t${String(++counter).padStart(7, '0')}`;

export function writeNode(doc: Y.Doc, node: PMNode): void {
  updateYFragment(doc, doc.getXmlFragment(CONTENT_FIELD), node, { mapping: new Map(), isOMark: new Map() });
}

/** Edits the document directly (no suggestion): what a writer does, or a forged reviewer update. */
export function edit(doc: Y.Doc, change: (tr: Transaction) => void): void {
  const state = EditorState.create({ doc: contentNode(doc) });
  const tr = state.tr;
  change(tr);
  writeNode(doc, tr.doc);
}

/** Suggests the edit as `userId` (or with the id given); returns the suggestion id. */
export function suggest(doc: Y.Doc, userId: string, change: (tr: Transaction) => void, id = suggestionId(userId)): string {
  const state = EditorState.create({ doc: contentNode(doc) });
  const tr = state.tr;
  change(tr);
  const next = state.apply(transformToSuggestionTransaction(tr, state, () => id));
  writeNode(doc, next.apply(inlineSuggestionNodeMarks(next.tr)).doc);
  return id;
}
