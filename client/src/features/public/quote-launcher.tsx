import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';

// The quote form (its dialog, react-hook-form, the query cache) loads when first asked for.
const QuoteDialog = lazy(() => import('./quote-dialog').then((m) => ({ default: m.QuoteDialog })));

/**
 * The Enterprise quote dialog of the landing and pricing pages: `open()` for the button,
 * `dialog` to render once in the page (nothing until first opened).
 */
export function useQuoteDialog(): { open: () => void; dialog: ReactNode } {
  const [isOpen, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const open = useCallback(() => {
    setWanted(true);
    setOpen(true);
  }, []);
  const dialog = wanted ? (
    <Suspense fallback={null}>
      <QuoteDialog open={isOpen} onOpenChange={setOpen} />
    </Suspense>
  ) : null;
  return { open, dialog };
}
