import { useEffect, useState } from 'react';
import type { Editor } from '@tiptap/core';
import type * as Y from 'yjs';
import type { ReviewResponse } from '@shared/schemas/assistant';
import { docBlocks, locateBlock, type DocBlock } from './doc-blocks';
import { assistantCalls } from './queries';
import { setMisspellings, type Misspelling } from './spelling-plugin';

export interface Review {
  response: ReviewResponse;
  /** The blocks as they were sent: findings' offsets refer to them. */
  sent: DocBlock[];
}

/** The server checks at most this much text (the editor saves no longer text either). */
export const REVIEW_MAX_CHARS = 100_000;

/** Quiet time after the last change (anyone's: a co-editor's edits arrive as transactions too) before the text is checked again. */
const DEBOUNCE_MS = 600;

/**
 * Keeps the review of the live text current: after every change to the text or the title
 * (local or from a co-editor), once typing pauses, the server checks it again; the spelling
 * underlines are placed where the checked words are now. `version` forces a new check (the
 * organisation's dictionary changed).
 */
export function useReview(
  editor: Editor | null,
  title: Y.Text,
  releaseId: string,
  enabled: boolean,
  version: number,
): { review: Review | null; checking: boolean; tooLong: boolean } {
  const [review, setReview] = useState<Review | null>(null);
  const [checking, setChecking] = useState(false);
  const [tooLong, setTooLong] = useState(false);

  useEffect(() => {
    if (!editor || !enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | null = null;
    let disposed = false;

    const run = async () => {
      controller?.abort();
      const ctl = new AbortController();
      controller = ctl;
      if (editor.isDestroyed) return;
      const blocks = docBlocks(editor.state.doc);
      const titleText = title.toJSON();
      const length = blocks.reduce((n, b) => n + b.text.length, 0);
      setTooLong(length > REVIEW_MAX_CHARS);
      if ((!blocks.some((b) => b.text.trim()) && !titleText.trim()) || length > REVIEW_MAX_CHARS) {
        setReview(null);
        setMisspellings(editor.view, []);
        return;
      }
      setChecking(true);
      try {
        const response = await assistantCalls.review(
          { releaseId, title: titleText, blocks: blocks.map(({ type, text, links }) => ({ type, text, links })) },
          ctl.signal,
        );
        if (disposed || ctl.signal.aborted || editor.isDestroyed) return;
        const current = docBlocks(editor.state.doc);
        const items: Misspelling[] = response.spelling.flatMap((s) => {
          if (s.block < 0) return [];
          const block = locateBlock(current, blocks, s.block);
          return block ? [{ from: block.start + s.from, to: block.start + s.to, word: s.word, kind: s.kind, suggestions: s.suggestions }] : [];
        });
        setMisspellings(editor.view, items);
        setReview({ response, sent: blocks });
      } catch {
        // Offline, refused or replaced by a newer check: the last review stays.
      } finally {
        if (!ctl.signal.aborted) setChecking(false);
      }
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void run(), DEBOUNCE_MS);
    };
    const onTransaction = ({ transaction }: { transaction: { docChanged: boolean } }) => {
      if (transaction.docChanged) schedule();
    };
    editor.on('transaction', onTransaction);
    title.observe(schedule);
    schedule();
    return () => {
      disposed = true;
      clearTimeout(timer);
      controller?.abort();
      editor.off('transaction', onTransaction);
      title.unobserve(schedule);
    };
  }, [editor, title, releaseId, enabled, version]);

  return { review: enabled ? review : null, checking, tooLong: enabled && tooLong };
}
