/**
 * The editor's side of comments: the threads of the release, the highlights of the open ones in
 * the text, the new thread being written (from the selection of the title or the text), which
 * thread is active (a click on its highlight or its card), and a link's `?comment=` thread.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Editor } from '@tiptap/react';
import type * as Y from 'yjs';
import { roleMay } from '@shared/organisation-roles';
import type { ORGANISATION_ROLES } from '@shared/constants';
import type { CommentThread } from '@shared/schemas/review';
import { contentAnchor, resolveContent, resolveTitle, titleAnchor } from './anchors';
import type { CommentDraft } from './comments-panel';
import { commentHighlightKey, commentHighlightPlugin, setActiveThread, setHighlightThreads, threadRange } from './highlights';
import { useComments } from './queries';

export const NO_SELECTION_MESSAGE = 'Επιλέξτε πρώτα τις λέξεις που θέλετε να σχολιάσετε';

export function useReleaseComments({
  releaseId,
  editor,
  doc,
  role,
  titleInput,
}: {
  releaseId: string;
  editor: Editor | null;
  doc: Y.Doc;
  role: (typeof ORGANISATION_ROLES)[number] | undefined;
  titleInput: () => HTMLInputElement | null;
}) {
  const list = useComments(releaseId);
  const threads = useMemo(() => list.data?.threads ?? [], [list.data]);
  // The role decides until the list says more (a sent release takes no comments): a shortcut
  // pressed before the list arrived must not do nothing.
  const mayComment = roleMay(role, 'comment') && (list.data?.mayComment ?? true);
  const [draft, setDraft] = useState<CommentDraft | null>(null);
  const [active, setActive] = useState<string | null>(() => new URLSearchParams(window.location.search).get('comment'));

  // The highlights live in the editor (registered once it exists).
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.registerPlugin(commentHighlightPlugin((id) => setActive(id)));
    return () => {
      if (!editor.isDestroyed) editor.unregisterPlugin(commentHighlightKey);
    };
  }, [editor]);

  useEffect(() => {
    if (!editor || editor.isDestroyed || !commentHighlightKey.getState(editor.state)) return;
    setHighlightThreads(
      editor.view,
      threads.filter((t) => t.field === 'content' && !t.resolvedAt && !t.detached).map((t) => ({ id: t.id, anchorStart: t.anchorStart, anchorEnd: t.anchorEnd })),
    );
  }, [editor, threads]);

  useEffect(() => {
    if (editor && !editor.isDestroyed && commentHighlightKey.getState(editor.state)) setActiveThread(editor.view, active);
  }, [editor, active, threads]);

  /** Starts a thread on the selected words: the title's if it has the focus, else the text's. */
  const startComment = useCallback((): boolean => {
    const input = titleInput();
    if (input && document.activeElement === input) {
      const a = titleAnchor(doc.getText('title'), input.selectionStart ?? 0, input.selectionEnd ?? 0);
      if (!a) return false;
      setDraft({ field: 'title', ...a });
      return true;
    }
    const a = editor && !editor.isDestroyed ? contentAnchor(editor.state) : null;
    if (!a) return false;
    setDraft({ field: 'content', ...a });
    return true;
  }, [doc, editor, titleInput]);

  /** Makes a thread active and shows its words (selected in the title, scrolled to in the text). */
  const activate = useCallback(
    (id: string) => {
      setActive(id);
      const t = threads.find((x) => x.id === id);
      if (!t || t.detached) return;
      if (t.field === 'title') {
        const r = resolveTitle(doc, t);
        const input = titleInput();
        if (r && input) input.setSelectionRange(r.from, r.to);
        return;
      }
      if (!editor || editor.isDestroyed) return;
      const r = threadRange(editor.state, id);
      if (!r) return;
      const node = editor.view.domAtPos(r.from).node;
      (node instanceof Element ? node : node.parentElement)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    },
    [doc, editor, threads, titleInput],
  );

  /** Title threads first, then the text's in the order of their words; detached ones last. */
  const order = useCallback(
    (t: CommentThread): number => {
      if (t.field === 'title') return resolveTitle(doc, t)?.from ?? 0;
      const r = editor && !editor.isDestroyed ? resolveContent(editor.state, t) : null;
      return r ? 10_000 + r.from : Number.MAX_SAFE_INTEGER;
    },
    [doc, editor],
  );

  // What moves the threads' words on screen: every change of the text (local or remote).
  const [layout, setLayout] = useState(0);
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const bump = () => setLayout((n) => n + 1);
    editor.on('update', bump);
    return () => void editor.off('update', bump);
  }, [editor]);

  /** The viewport top of a thread's words (the title's input for the title), null when they are gone. */
  const lineTop = useCallback(
    (t: CommentThread): number | null => {
      if (t.detached) return null;
      if (t.field === 'title') return titleInput()?.getBoundingClientRect().top ?? null;
      if (!editor || editor.isDestroyed) return null;
      const r = resolveContent(editor.state, t);
      return r ? editor.view.coordsAtPos(r.from).top : null;
    },
    [editor, titleInput],
  );

  return {
    beside: { lineTop, version: `${layout}:${threads.length}` },
    threads,
    openCount: list.data?.openCount ?? 0,
    titleCount: threads.filter((t) => t.field === 'title' && !t.resolvedAt).length,
    mayComment,
    loaded: list.isSuccess,
    draft,
    setDraft,
    active,
    activate,
    startComment,
    order,
  };
}
