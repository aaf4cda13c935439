/**
 * Comment highlights in the text: a ProseMirror plugin that draws the open threads' ranges as
 * decorations (never part of the document, so nothing of them reaches Yjs or a sent release).
 * The ranges come from the threads' Yjs anchors and are resolved again after every change, so
 * they follow the words while anyone types. A click on a highlight names its thread.
 */
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import { resolveContent, type Anchor } from './anchors';

export interface HighlightThread extends Anchor {
  id: string;
}

interface HighlightState {
  threads: HighlightThread[];
  active: string | null;
  decorations: DecorationSet;
}

export const commentHighlightKey = new PluginKey<HighlightState>('deltioComments');

type Meta = { threads: HighlightThread[] } | { active: string | null };

function decorate(state: EditorState, threads: HighlightThread[], active: string | null): DecorationSet {
  const decos: Decoration[] = [];
  for (const t of threads) {
    const range = resolveContent(state, t);
    if (!range) continue;
    decos.push(
      Decoration.inline(
        range.from,
        range.to,
        { class: t.id === active ? 'deltio-comment deltio-comment-active' : 'deltio-comment', 'data-comment-id': t.id },
        { threadId: t.id },
      ),
    );
  }
  return DecorationSet.create(state.doc, decos);
}

/** Sets the open threads of the body (the list from the server). */
export function setHighlightThreads(view: EditorView, threads: HighlightThread[]): void {
  view.dispatch(view.state.tr.setMeta(commentHighlightKey, { threads } satisfies Meta).setMeta('addToHistory', false));
}

export function setActiveThread(view: EditorView, active: string | null): void {
  view.dispatch(view.state.tr.setMeta(commentHighlightKey, { active } satisfies Meta).setMeta('addToHistory', false));
}

/** The range of a thread's highlight now (to select or scroll to it). */
export function threadRange(state: EditorState, id: string): { from: number; to: number } | null {
  const t = commentHighlightKey.getState(state)?.threads.find((x) => x.id === id);
  return t ? resolveContent(state, t) : null;
}

export function commentHighlightPlugin(onClick: (threadId: string) => void): Plugin<HighlightState> {
  return new Plugin<HighlightState>({
    key: commentHighlightKey,
    state: {
      init: () => ({ threads: [], active: null, decorations: DecorationSet.empty }),
      apply(tr, value, _old, state) {
        const meta = tr.getMeta(commentHighlightKey) as Meta | undefined;
        const threads = meta && 'threads' in meta ? meta.threads : value.threads;
        const active = meta && 'active' in meta ? meta.active : value.active;
        if (!meta && !tr.docChanged) return value;
        // A local edit reaches the Yjs document only after this state is applied (y-sync writes it
        // in its view update), so the anchors would resolve one edit late: map the highlights
        // through the edit instead. A remote change is already in Yjs: resolve the anchors again.
        const remote = (tr.getMeta(ySyncPluginKey) as { isChangeOrigin?: boolean } | undefined)?.isChangeOrigin;
        if (!meta && !remote) return { threads, active, decorations: value.decorations.map(tr.mapping, tr.doc) };
        return { threads, active, decorations: threads.length ? decorate(state, threads, active) : DecorationSet.empty };
      },
    },
    props: {
      decorations: (state) => commentHighlightKey.getState(state)?.decorations,
      handleClick(view, pos) {
        const found = commentHighlightKey.getState(view.state)?.decorations.find(pos, pos, (spec: { threadId?: string }) => Boolean(spec.threadId));
        const id = (found?.[0]?.spec as { threadId?: string } | undefined)?.threadId;
        if (id) onClick(id);
        return false;
      },
    },
  });
}
