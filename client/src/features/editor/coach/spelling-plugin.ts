/**
 * Spelling underlines in the editor: a ProseMirror plugin holding decorations for the words
 * the server's speller flagged. Decorations are local to this editor view: they are never part
 * of the document, so nothing of them reaches Yjs or the co-editors. They follow edits (mapped
 * through every transaction, dropped when their word changes), and a click on one opens the
 * suggestions.
 */
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import type { SpellingIssue } from '@shared/schemas/assistant';

export interface Misspelling {
  from: number;
  to: number;
  word: string;
  kind: SpellingIssue['kind'];
  suggestions: string[];
}

interface SpellingState {
  decorations: DecorationSet;
}

export const spellingKey = new PluginKey<SpellingState>('deltioSpelling');

type Meta = { set: Misspelling[] } | { hide: string };

const CLASS: Record<SpellingIssue['kind'], string> = {
  misspelt: 'deltio-misspelt',
  name: 'deltio-unknown-name',
  mixed_script: 'deltio-misspelt',
};

function decorate(state: EditorState, items: Misspelling[]): DecorationSet {
  const decos = items
    .filter((m) => m.to <= state.doc.content.size && state.doc.textBetween(m.from, m.to) === m.word)
    .map((m) =>
      Decoration.inline(
        m.from,
        m.to,
        { class: CLASS[m.kind], 'data-misspelt': m.word, 'data-kind': m.kind },
        { misspelling: m, inclusiveStart: false, inclusiveEnd: false },
      ),
    );
  return DecorationSet.create(state.doc, decos);
}

/** Sets the underlines (positions in the current document). */
export function setMisspellings(view: EditorView, items: Misspelling[]): void {
  view.dispatch(view.state.tr.setMeta(spellingKey, { set: items } satisfies Meta).setMeta('addToHistory', false));
}

/** Takes the underline off every occurrence of `word` (learnt or ignored). */
export function hideWord(view: EditorView, word: string): void {
  view.dispatch(view.state.tr.setMeta(spellingKey, { hide: word } satisfies Meta).setMeta('addToHistory', false));
}

export function misspellingAt(state: EditorState, pos: number): Misspelling | null {
  const set = spellingKey.getState(state)?.decorations;
  const found = set?.find(pos, pos, (spec: { misspelling?: Misspelling }) => Boolean(spec.misspelling))[0];
  if (!found) return null;
  const m = (found.spec as { misspelling: Misspelling }).misspelling;
  return { ...m, from: found.from, to: found.to };
}

export function spellingPlugin(onOpen: (m: Misspelling, view: EditorView) => void): Plugin<SpellingState> {
  return new Plugin<SpellingState>({
    key: spellingKey,
    state: {
      init: () => ({ decorations: DecorationSet.empty }),
      apply(tr: Transaction, value: SpellingState, _old: EditorState, state: EditorState): SpellingState {
        const meta = tr.getMeta(spellingKey) as Meta | undefined;
        if (meta && 'set' in meta) return { decorations: decorate(state, meta.set) };
        let decorations = value.decorations;
        if (tr.docChanged) {
          decorations = decorations.map(tr.mapping, tr.doc);
          // A decoration whose word was edited is stale until the next review.
          const stale = decorations.find().filter((d) => tr.doc.textBetween(d.from, d.to) !== (d.spec as { misspelling: Misspelling }).misspelling.word);
          if (stale.length) decorations = decorations.remove(stale);
        }
        if (meta && 'hide' in meta) {
          decorations = decorations.remove(decorations.find().filter((d) => (d.spec as { misspelling: Misspelling }).misspelling.word === meta.hide));
        }
        return { decorations };
      },
    },
    props: {
      decorations: (state) => spellingKey.getState(state)?.decorations,
      handleClick(view, pos) {
        const m = misspellingAt(view.state, pos);
        if (m) onOpen(m, view);
        return false;
      },
    },
  });
}
