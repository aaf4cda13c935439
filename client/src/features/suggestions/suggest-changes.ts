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
 *
 * The library loads after the editor (loadSuggesting), off the editor's first paint; until it
 * has, nothing is turned into suggestions, so a screen that must suggest keeps the text
 * read-only until `suggestingReady`.
 */
import { Extension } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { Editor } from '@tiptap/core';
import { suggestionAuthor } from '@shared/editor/suggestion-marks';

const SUGGESTION = new Set(['insertion', 'deletion']);

type Library = typeof import('./suggest-engine');
let library: Library | null = null;
let loading: Promise<Library> | null = null;

/** Loads the suggestion engine once and adds its plugin to the editor; resolves when the editor can suggest. */
export async function loadSuggesting(editor: Editor): Promise<void> {
  loading ??= import('./suggest-engine').then((m) => (library = m));
  const lib = await loading;
  if (!editor.isDestroyed && !lib.suggestChangesKey.getState(editor.state)) editor.registerPlugin(lib.suggestChanges());
}

export function suggestingReady(state: EditorState): boolean {
  return !!library?.suggestChangesKey.getState(state);
}

type YMeta = { isChangeOrigin?: boolean; isUndoRedoOperation?: boolean };

function suggesting(lib: Library, tr: Transaction, state: EditorState): boolean {
  const y = (tr.getMeta('y-sync$') ?? {}) as YMeta;
  return (
    tr.docChanged &&
    !!lib.suggestChangesKey.getState(state) &&
    lib.isSuggestChangesEnabled(state) &&
    !tr.getMeta('history$') &&
    !y.isChangeOrigin &&
    !y.isUndoRedoOperation &&
    !('skip' in ((tr.getMeta(lib.suggestChangesKey) as object | undefined) ?? {}))
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
    const lib = library;
    if (!lib || !this.options.userId || !suggesting(lib, transaction, state)) return next(transaction);
    next(lib.toSuggestion(transaction, state, this.options.userId));
  },
});

/** Turns suggesting mode on or off in this editor (a local choice; nothing of it is shared). */
export function setSuggesting(view: { state: EditorState; dispatch: (tr: Transaction) => void }, on: boolean): void {
  const lib = library;
  if (!lib?.suggestChangesKey.getState(view.state) || lib.isSuggestChangesEnabled(view.state) === on) return;
  (on ? lib.enableSuggestChanges : lib.disableSuggestChanges)(view.state, view.dispatch);
}

/** Repaints the suggestions' colours (a member's name arrived). */
export function repaintSuggestions(view: { state: EditorState; dispatch: (tr: Transaction) => void }): void {
  view.dispatch(view.state.tr.setMeta(colourKey, true).setMeta('addToHistory', false));
}
