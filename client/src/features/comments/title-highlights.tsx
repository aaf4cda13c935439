import { useEffect, useState, type ReactNode } from 'react';
import type * as Y from 'yjs';
import type { CommentThread } from '@shared/schemas/review';
import { resolveTitle } from './anchors';

/**
 * The title's commented words highlighted like the text's: an input cannot mark part of its
 * value, so a copy of the title with the same box and font lies over it (transparent text, no
 * pointer events) and follows its horizontal scroll; each open thread's words get a mark.
 */
export function TitleHighlights({ doc, title, threads, active, inputId, children }: { doc: Y.Doc; title: Y.Text; threads: CommentThread[]; active: string | null; inputId: string; children: ReactNode }) {
  const [text, setText] = useState(() => title.toJSON());
  const [scroll, setScroll] = useState(0);
  useEffect(() => {
    const update = () => setText(title.toJSON());
    update();
    title.observe(update);
    return () => title.unobserve(update);
  }, [title]);
  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!input) return;
    const follow = () => setScroll(input.scrollLeft);
    input.addEventListener('scroll', follow);
    input.addEventListener('input', follow);
    input.addEventListener('keyup', follow);
    return () => {
      input.removeEventListener('scroll', follow);
      input.removeEventListener('input', follow);
      input.removeEventListener('keyup', follow);
    };
  }, [inputId]);

  const ranges = threads
    .filter((t) => t.field === 'title' && !t.resolvedAt && !t.detached)
    .flatMap((t) => {
      const r = resolveTitle(doc, t);
      return r ? [{ ...r, id: t.id }] : [];
    })
    .sort((a, b) => a.from - b.from);
  const parts: ReactNode[] = [];
  let at = 0;
  for (const r of ranges) {
    if (r.from < at) continue; // overlapping threads: the first one's mark shows
    parts.push(text.slice(at, r.from));
    parts.push(
      <mark key={r.id} data-comment-id={r.id} className={r.id === active ? 'deltio-comment deltio-comment-active text-transparent' : 'deltio-comment text-transparent'}>
        {text.slice(r.from, r.to)}
      </mark>,
    );
    at = r.to;
  }
  parts.push(text.slice(at));

  return (
    <div className="relative">
      {children}
      {ranges.length ? (
        <div aria-hidden className="pointer-events-none absolute inset-0 flex items-center overflow-hidden rounded-md border border-transparent px-3 text-lg font-semibold text-transparent" data-testid="title-highlights">
          <span className="whitespace-pre" style={{ transform: `translateX(${-scroll}px)` }}>
            {parts}
          </span>
        </div>
      ) : null}
    </div>
  );
}
