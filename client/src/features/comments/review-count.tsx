import { MessageSquare, PenLine } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/utils';
import { count } from '@shared/plural';

export interface ReviewCountValue {
  openComments: number;
  pendingSuggestions: number;
}

/** «2 ανοιχτά σχόλια · 1 πρόταση»: only what is non-zero ('' when the review is closed). */
export function reviewSummary(c: ReviewCountValue): string {
  const parts: string[] = [];
  if (c.openComments > 0) parts.push(count(c.openComments, 'ανοιχτό σχόλιο', 'ανοιχτά σχόλια'));
  if (c.pendingSuggestions > 0) parts.push(count(c.pendingSuggestions, 'πρόταση', 'προτάσεις'));
  return parts.join(' · ');
}

/**
 * The open review of a release as a small badge (the release list): a speech bubble and the
 * open comments, a pen and the pending suggestions; the words in full for the tooltip and screen
 * readers. Nothing when the review is closed.
 */
export function ReviewCountBadge({ counts, className }: { counts: ReviewCountValue; className?: string }) {
  const label = reviewSummary(counts);
  if (!label) return null;
  return (
    <Badge variant="outline" className={cn('gap-1 px-1.5 font-medium tabular-nums text-slate-700', className)} title={label} data-testid="review-count">
      <span className="sr-only">{label}</span>
      {counts.openComments > 0 ? (
        <span className="inline-flex items-center gap-0.5" aria-hidden>
          <MessageSquare className="h-3 w-3" />
          {counts.openComments}
        </span>
      ) : null}
      {counts.pendingSuggestions > 0 ? (
        <span className="inline-flex items-center gap-0.5" aria-hidden>
          <PenLine className="h-3 w-3" />
          {counts.pendingSuggestions}
        </span>
      ) : null}
    </Badge>
  );
}
