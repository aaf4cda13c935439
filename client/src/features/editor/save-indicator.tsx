import { CheckCircle2, CloudOff, Loader2 } from 'lucide-react';
import type { SaveState } from './use-collab';

const TEXT: Record<SaveState, string> = {
  connecting: 'Σύνδεση…',
  saved: 'Αποθηκεύτηκε',
  saving: 'Αποθήκευση…',
  offline: 'Εκτός σύνδεσης — οι αλλαγές κρατούνται τοπικά',
  forbidden: 'Δεν έχετε πρόσβαση σε αυτό το δελτίο',
};

export function SaveIndicator({ state }: { state: SaveState }) {
  const Icon = state === 'saved' ? CheckCircle2 : state === 'offline' || state === 'forbidden' ? CloudOff : Loader2;
  return (
    <span role="status" aria-live="polite" data-testid="save-state" data-state={state} className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
      <Icon className={state === 'saving' || state === 'connecting' ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden />
      {TEXT[state]}
    </span>
  );
}
