import { ShieldAlert } from 'lucide-react';
import { EMBARGO_NOTE, embargoBanner } from '@shared/embargo';
import { cn } from '@client/lib/utils';
import { useEmbargoLift } from './use-media';

/**
 * «Υπό εμβάργκο έως dd/mm/yyyy HH:mm» (Athens time) over a received release while its
 * embargo holds. It goes by itself when the embargo lifts: the server says so live and the
 * inbox refetches (or, without the socket, a timer at the embargo's end does).
 */
export function EmbargoBanner({ embargoed, until, compact = false, className }: { embargoed: boolean; until: string | null; compact?: boolean; className?: string }) {
  useEmbargoLift(embargoed, until);
  if (!embargoed || !until) return null;
  return (
    <p
      role="note"
      data-testid="embargo-banner"
      className={cn(
        'flex items-start gap-2 rounded-md border border-red-200 bg-red-50 text-red-800',
        compact ? 'px-2 py-1 text-xs font-semibold' : 'px-3 py-2.5 text-sm font-semibold',
        className,
      )}
    >
      <ShieldAlert className={cn('shrink-0', compact ? 'mt-px h-3.5 w-3.5' : 'mt-0.5 h-4 w-4')} aria-hidden />
      <span>
        {embargoBanner(until)}
        {compact ? null : <span className="block font-normal">{EMBARGO_NOTE}</span>}
      </span>
    </p>
  );
}
