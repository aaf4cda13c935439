import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Places cards of a column beside the lines they are about (Google Docs' margin): each card moves
 * down to the height of its words when there is room, and never overlaps the card above. Cards
 * are the list's children in order; `lineTop(i)` is the viewport top of card i's words (null: no
 * place, it just follows). Returns each card's top margin; recomputed when `deps` change, the
 * window is resized or the column's cards change size.
 */
export function useBesideLines(list: RefObject<HTMLElement | null>, lineTop: (index: number) => number | null, enabled: boolean, deps: unknown[]): number[] {
  const [margins, setMargins] = useState<number[]>([]);
  const [tick, setTick] = useState(0);

  useLayoutEffect(() => {
    const el = list.current;
    if (!el || !enabled) {
      setMargins((m) => (m.length ? [] : m));
      return;
    }
    const cards = [...el.children] as HTMLElement[];
    const base = el.getBoundingClientRect().top;
    const gap = 12;
    let y = 0;
    const next = cards.map((card, i) => {
      const target = lineTop(i);
      const top = target === null ? y : Math.max(y, target - base);
      const margin = Math.round(top - y);
      y = top + card.offsetHeight + gap;
      return margin;
    });
    setMargins((m) => (m.length === next.length && m.every((v, i) => v === next[i]) ? m : next));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what moves the lines
  }, [enabled, tick, ...deps]);

  useLayoutEffect(() => {
    const el = list.current;
    if (!el || !enabled) return;
    const again = () => setTick((t) => t + 1);
    const sizes = new ResizeObserver(again);
    for (const card of el.children) sizes.observe(card);
    window.addEventListener('resize', again);
    return () => {
      sizes.disconnect();
      window.removeEventListener('resize', again);
    };
  }, [list, enabled, ...deps]); // eslint-disable-line react-hooks/exhaustive-deps

  return margins;
}
