import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import type * as Y from 'yjs';
import { Input } from '@client/components/ui/input';
import { toStorableText } from '@shared/storable-text';

/**
 * Turns an edit of the whole string into the smallest delete + insert on the shared text. Only
 * storable text goes in (a pasted NUL or unpaired surrogate would make the server refuse it).
 */
export function applyTextChange(ytext: Y.Text, input: string): void {
  const next = toStorableText(input);
  const prev = ytext.toJSON();
  if (prev === next) return;
  let start = 0;
  while (start < prev.length && start < next.length && prev[start] === next[start]) start++;
  let endPrev = prev.length;
  let endNext = next.length;
  while (endPrev > start && endNext > start && prev[endPrev - 1] === next[endNext - 1]) {
    endPrev--;
    endNext--;
  }
  ytext.doc!.transact(() => {
    if (endPrev > start) ytext.delete(start, endPrev - start);
    if (endNext > start) ytext.insert(start, next.slice(start, endNext));
  });
}

/** Moves a caret position through a remote change, so typing elsewhere does not jump it. */
export function transformPosition(pos: number, delta: { retain?: number; insert?: unknown; delete?: number }[]): number {
  let index = 0;
  let result = pos;
  for (const op of delta) {
    if (op.retain) index += op.retain;
    else if (typeof op.insert === 'string') {
      if (index <= pos) result += op.insert.length;
      index += op.insert.length;
    } else if (op.delete) {
      if (index < pos) result -= Math.min(op.delete, pos - index);
    }
  }
  return Math.max(0, result);
}

/** A text input bound to a Y.Text: concurrent typists' characters merge. */
export function YTextInput({ ytext, ...props }: { ytext: Y.Text } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const [value, setValue] = useState(() => ytext.toJSON());
  const ref = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setValue(ytext.toJSON());
    const observer = (event: Y.YTextEvent) => {
      const el = ref.current;
      const focused = el && document.activeElement === el;
      const sel = focused ? [el.selectionStart ?? 0, el.selectionEnd ?? 0] : null;
      setValue(ytext.toJSON());
      if (sel && !event.transaction.local) {
        const delta = event.delta as { retain?: number; insert?: unknown; delete?: number }[];
        const [s, e] = [transformPosition(sel[0]!, delta), transformPosition(sel[1]!, delta)];
        requestAnimationFrame(() => el?.setSelectionRange(s, e));
      }
    };
    ytext.observe(observer);
    return () => ytext.unobserve(observer);
  }, [ytext]);

  return (
    <Input
      ref={ref}
      {...props}
      value={value}
      onChange={(e) => {
        setValue(e.target.value);
        applyTextChange(ytext, e.target.value);
      }}
    />
  );
}
