import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type * as Y from 'yjs';
import type { SpellingIssue } from '@shared/schemas/assistant';
import type { Misspelling } from './spelling-plugin';

/** Where a flagged word of the title is now: at its checked offsets, else its nearest whole-word occurrence. */
export function locateInTitle(text: string, issue: Pick<SpellingIssue, 'from' | 'to' | 'word'>): { from: number; to: number } | null {
  const isLetter = (c: string | undefined) => Boolean(c && /[\p{L}\p{M}\p{N}]/u.test(c));
  const whole = (at: number) => text.startsWith(issue.word, at) && !isLetter(text[at - 1]) && !isLetter(text[at + issue.word.length]);
  if (whole(issue.from)) return { from: issue.from, to: issue.from + issue.word.length };
  let best: number | null = null;
  for (let at = text.indexOf(issue.word); at >= 0; at = text.indexOf(issue.word, at + 1)) {
    if (!whole(at)) continue;
    if (best === null || Math.abs(at - issue.from) < Math.abs(best - issue.from)) best = at;
  }
  return best === null ? null : { from: best, to: best + issue.word.length };
}

/**
 * The title's misspelt words underlined like the text's: an input cannot mark part of its
 * value, so a copy of the title with the same box and font lies over it (transparent text,
 * no pointer events) and follows its horizontal scroll, as the comment marks do
 * (TitleHighlights). A click in the title on a marked word opens its suggestions.
 */
export function TitleSpelling({
  title,
  issues,
  inputId,
  onOpen,
}: {
  title: Y.Text;
  issues: SpellingIssue[];
  inputId: string;
  onOpen: (m: Misspelling, at: { left: number; top: number }) => void;
}) {
  const [text, setText] = useState(() => title.toJSON());
  const [scroll, setScroll] = useState(0);
  const [host, setHost] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const update = () => setText(title.toJSON());
    update();
    title.observe(update);
    return () => title.unobserve(update);
  }, [title]);

  // A layer of its own beside the input (its parent is the positioned box of the title).
  useEffect(() => {
    const input = document.getElementById(inputId);
    const parent = input?.parentElement;
    if (!input || !parent) return;
    const layer = document.createElement('div');
    layer.setAttribute('aria-hidden', 'true');
    layer.className = 'pointer-events-none absolute inset-0';
    parent.appendChild(layer);
    setHost(layer);
    const follow = () => setScroll(input.scrollLeft);
    input.addEventListener('scroll', follow);
    input.addEventListener('input', follow);
    input.addEventListener('keyup', follow);
    return () => {
      input.removeEventListener('scroll', follow);
      input.removeEventListener('input', follow);
      input.removeEventListener('keyup', follow);
      layer.remove();
      setHost(null);
    };
  }, [inputId]);

  const ranges = issues
    .flatMap((i) => {
      const at = locateInTitle(text, i);
      return at ? [{ ...at, issue: i }] : [];
    })
    .sort((a, b) => a.from - b.from);

  // A click (or the caret) on a marked word opens its suggestions below it.
  useEffect(() => {
    const input = document.getElementById(inputId) as HTMLInputElement | null;
    if (!input) return;
    const onClick = () => {
      const pos = input.selectionStart ?? -1;
      const r = ranges.find((x) => pos >= x.from && pos <= x.to);
      if (!r || input.selectionStart !== input.selectionEnd) return;
      const mark = host?.querySelector<HTMLElement>(`[data-from="${r.from}"]`);
      const box = (mark ?? input).getBoundingClientRect();
      onOpen({ from: r.from, to: r.to, word: r.issue.word, kind: r.issue.kind, suggestions: r.issue.suggestions }, { left: box.left, top: box.bottom });
    };
    input.addEventListener('click', onClick);
    return () => input.removeEventListener('click', onClick);
  });

  if (!host || ranges.length === 0) return null;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const r of ranges) {
    if (r.from < at) continue;
    parts.push(text.slice(at, r.from));
    parts.push(
      <span key={`${r.from}:${r.issue.word}`} className={r.issue.kind === 'name' ? 'deltio-unknown-name' : 'deltio-misspelt'} data-misspelt={r.issue.word} data-kind={r.issue.kind} data-from={r.from}>
        {text.slice(r.from, r.to)}
      </span>,
    );
    at = r.to;
  }
  parts.push(text.slice(at));
  return createPortal(
    <div className="flex h-full items-center overflow-hidden rounded-md border border-transparent px-3 text-lg font-semibold text-transparent" data-testid="title-spelling">
      <span className="whitespace-pre" style={{ transform: `translateX(${-scroll}px)` }}>
        {parts}
      </span>
    </div>,
    host,
  );
}
