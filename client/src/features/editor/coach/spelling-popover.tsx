import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { BookPlus, EyeOff } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { useEscapeCloses } from '@client/hooks/use-escape-closes';
import type { Misspelling } from './spelling-plugin';

export const KIND_TEXT: Record<Misspelling['kind'], string> = {
  misspelt: 'Ορθογραφικό λάθος',
  name: 'Άγνωστο όνομα: αν είναι σωστό, προσθέστε το στο λεξικό του οργανισμού',
  mixed_script: 'Λατινικοί χαρακτήρες μέσα σε ελληνική λέξη',
};

/**
 * The suggestions of an underlined word, next to it: each correction replaces the word in the
 * text (a normal edit, so co-editors see it); the word can be learnt by the organisation or ignored.
 */
export function SpellingPopover({
  target,
  canLearn,
  onApply,
  onLearn,
  onIgnore,
  onClose,
}: {
  target: { m: Misspelling; left: number; top: number };
  canLearn: boolean;
  onApply: (suggestion: string) => void;
  onLearn: () => void;
  onIgnore: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState({ left: target.left, top: target.top + 4 });

  // Kept inside the window (a word at the right edge of a phone screen).
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const width = el.offsetWidth;
    const height = el.offsetHeight;
    const left = Math.max(8, Math.min(target.left, window.innerWidth - width - 8));
    const below = target.top + 4;
    const top = below + height > window.innerHeight - 8 ? Math.max(8, target.top - height - 28) : below;
    setPos({ left, top });
  }, [target]);

  // Escape: the editor's one mechanism for its panels (this popover, above the coach's tab, closes first).
  useEscapeCloses(true, onClose);
  useEffect(() => {
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) onClose();
    };
    const onScroll = () => onClose();
    document.addEventListener('mousedown', onDown);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onScroll);
    return () => {
      document.removeEventListener('mousedown', onDown);
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onScroll);
    };
  }, [onClose]);

  const { m } = target;
  return createPortal(
    <div
      ref={ref}
      role="dialog"
      aria-label={`Ορθογραφία: ${m.word}`}
      data-testid="spelling-popover"
      className="fixed z-50 w-64 max-w-[calc(100vw-1rem)] rounded-md border bg-popover p-2 text-sm text-popover-foreground shadow-lg"
      style={{ left: pos.left, top: pos.top }}
    >
      <p className="px-1 pb-1 text-xs text-muted-foreground">{KIND_TEXT[m.kind]}</p>
      {m.suggestions.length ? (
        <ul className="flex flex-wrap gap-1 px-1 pb-2" aria-label="Προτάσεις">
          {m.suggestions.map((s) => (
            <li key={s}>
              <Button size="sm" variant="secondary" className="h-7 px-2" onMouseDown={(e) => e.preventDefault()} onClick={() => onApply(s)}>
                {s}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="px-1 pb-2 text-xs">Καμία πρόταση από το λεξικό.</p>
      )}
      <div className="flex flex-col border-t pt-1">
        {canLearn ? (
          <Button size="sm" variant="ghost" className="h-8 justify-start" onMouseDown={(e) => e.preventDefault()} onClick={onLearn}>
            <BookPlus className="h-4 w-4" aria-hidden /> Προσθήκη στο λεξικό
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" className="h-8 justify-start" onMouseDown={(e) => e.preventDefault()} onClick={onIgnore}>
          <EyeOff className="h-4 w-4" aria-hidden /> Παράβλεψη
        </Button>
      </div>
    </div>,
    document.body,
  );
}
