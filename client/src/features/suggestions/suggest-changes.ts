/**
 * Suggesting mode in the editor, on @handlewithcare/prosemirror-suggest-changes: while it is on,
 * every local edit is turned into suggestion marks (an insertion, or a deletion that keeps its
 * text) with an id of the writer's own, `<user id>:<random>`, instead of changing the text.
 * Remote changes (y-sync) and the server's accept/reject pass untouched. Two conversions make the
 * result something Yjs keeps and the server accepts:
 *  - whole-block suggestions are node marks, which y-tiptap does not sync: they become inline
 *    marks over the block's text (inlineSuggestionNodeMarks);
 *  - the library continues a neighbouring suggestion's id, whoever wrote it: what this edit marked
 *    with someone else's id gets an id of the writer's own (the server refuses the other).
 * A decoration colours each suggestion in its author's colour and names the author.
 */
import { Extension } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { AddMarkStep, ReplaceStep } from '@tiptap/pm/transform';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import {
  disableSuggestChanges,
  enableSuggestChanges,
  isSuggestChangesEnabled,
  suggestChanges,
  suggestChangesKey,
  transformToSuggestionTransaction,
} from '@handlewithcare/prosemirror-suggest-changes';
import { inlineSuggestionNodeMarks, suggestionAuthor } from '@shared/editor/suggestion-marks';

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

type YMeta = { isChangeOrigin?: boolean; isUndoRedoOperation?: boolean };

function suggesting(tr: Transaction, state: EditorState): boolean {
  const y = (tr.getMeta('y-sync$') ?? {}) as YMeta;
  return (
    tr.docChanged &&
    isSuggestChangesEnabled(state) &&
    !tr.getMeta('history$') &&
    !y.isChangeOrigin &&
    !y.isUndoRedoOperation &&
    !('skip' in ((tr.getMeta(suggestChangesKey) as object | undefined) ?? {}))
  );
}

export interface SuggestChangesOptions {
  userId: string;
  /** The name and colour of a suggestion's author (by user id). */
  authorOf: (userId: string) => { name: string; color: string };
}

const colourKey = new PluginKey<DecorationSet>('deltioSuggestionColours');

function colour(doc: PMNode, authorOf: SuggestChangesOptions['authorOf']): DecorationSet {
  const decos: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (!node.isText) return true;
    for (const mark of node.marks) {
      if (!SUGGESTION.has(mark.type.name)) continue;
      const authorId = suggestionAuthor(mark.attrs.id);
      const who = authorId ? authorOf(authorId) : { name: 'άγνωστος', color: '#64748b' };
      const verb = mark.type.name === 'insertion' ? 'Προσθήκη' : 'Διαγραφή';
      decos.push(
        Decoration.inline(pos, pos + node.nodeSize, {
          class: `deltio-suggestion deltio-${mark.type.name}`,
          style: `--suggestion-color: ${who.color}`,
          title: `${verb} · πρόταση του/της ${who.name}`,
          'data-suggestion-id': String(mark.attrs.id),
        }),
      );
    }
    return false;
  });
  return DecorationSet.create(doc, decos);
}

export const SuggestChanges = Extension.create<SuggestChangesOptions>({
  name: 'deltioSuggestChanges',
  addOptions: () => ({ userId: '', authorOf: () => ({ name: '', color: '#64748b' }) }),
  addProseMirrorPlugins() {
    const authorOf = (id: string) => this.options.authorOf(id);
    return [
      suggestChanges(),
      new Plugin<DecorationSet>({
        key: colourKey,
        state: {
          init: (_config, state) => colour(state.doc, authorOf),
          apply: (tr, value, _old, state) => (tr.docChanged || tr.getMeta(colourKey) ? colour(state.doc, authorOf) : value),
        },
        props: { decorations: (state) => colourKey.getState(state) },
      }),
    ];
  },
  dispatchTransaction({ transaction, next }) {
    const state = this.editor.state;
    if (!this.options.userId || !suggesting(transaction, state)) return next(transaction);
    const tr = transformToSuggestionTransaction(transaction, state, () => newSuggestionId(this.options.userId));
    next(ownSuggestionIds(inlineSuggestionNodeMarks(tr), this.options.userId));
  },
});

/** Turns suggesting mode on or off in this editor (a local choice; nothing of it is shared). */
export function setSuggesting(view: { state: EditorState; dispatch: (tr: Transaction) => void }, on: boolean): void {
  if (isSuggestChangesEnabled(view.state) === on) return;
  (on ? enableSuggestChanges : disableSuggestChanges)(view.state, view.dispatch);
}

/** Repaints the suggestions' colours (a member's name arrived). */
export function repaintSuggestions(view: { state: EditorState; dispatch: (tr: Transaction) => void }): void {
  view.dispatch(view.state.tr.setMeta(colourKey, true).setMeta('addToHistory', false));
}
