import { AlertTriangle, CheckCircle2, CloudOff, Loader2, Lock } from 'lucide-react';
import { cn } from '@client/lib/utils';
import type { SaveState } from './use-collab';

export const NOT_SAVED_PREFIX = 'Δεν αποθηκεύτηκε';
export const REJECTED_MESSAGE = 'Ο διακομιστής απέρριψε την τελευταία αλλαγή και δεν την αποθήκευσε. Φορτώστε ξανά τη σελίδα για να συνεχίσετε.';

const TEXT: Record<Exclude<SaveState, 'error'>, string> = {
  connecting: 'Σύνδεση…',
  saved: 'Αποθηκεύτηκε',
  saving: 'Αποθήκευση…',
  offline: 'Εκτός σύνδεσης — οι αλλαγές κρατούνται τοπικά',
  forbidden: 'Δεν έχετε πρόσβαση σε αυτό το δελτίο',
  rejected: 'Η αλλαγή απορρίφθηκε — φορτώστε ξανά τη σελίδα',
  readonly: 'Μόνο για ανάγνωση',
};

const ICON: Record<SaveState, typeof Loader2> = {
  connecting: Loader2,
  saving: Loader2,
  saved: CheckCircle2,
  offline: CloudOff,
  forbidden: CloudOff,
  error: AlertTriangle,
  rejected: AlertTriangle,
  readonly: Lock,
};

/** The live save state; 'error' carries the server's reason ("Δεν αποθηκεύτηκε: …"). */
export function SaveIndicator({ state, reason }: { state: SaveState; reason?: string | null }) {
  const Icon = ICON[state];
  const problem = state === 'error' || state === 'rejected';
  return (
    <span
      role="status"
      aria-live="polite"
      data-testid="save-state"
      data-state={state}
      className={cn('inline-flex items-center gap-1.5 text-sm', problem ? 'font-medium text-destructive' : 'text-muted-foreground')}
    >
      <Icon className={cn('h-4 w-4 shrink-0', (state === 'saving' || state === 'connecting') && 'animate-spin')} aria-hidden />
      {state === 'error' ? `${NOT_SAVED_PREFIX}: ${reason ?? ''}` : TEXT[state]}
    </span>
  );
}
