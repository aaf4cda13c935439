import { Check, X } from 'lucide-react';
import { SUGGESTION_TEXT, type Suggestion } from '@shared/schemas/suggestions';
import { ApiError } from '@client/api/errors';
import { Button } from '@client/components/ui/button';
import { fromNow } from '@client/lib/dates';
import { useDecideSuggestion } from './queries';

const KIND_LABEL: Record<Suggestion['kind'], string> = {
  insertion: 'Προσθήκη',
  deletion: 'Διαγραφή',
  replace: 'Αντικατάσταση',
};

function decisionError(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 404) return SUGGESTION_TEXT.notFound;
    if (err.code === 'release_locked') return SUGGESTION_TEXT.releaseLocked;
    if (err.code === 'suggestion_not_resolvable') return SUGGESTION_TEXT.notResolvable;
  }
  return 'Η ενέργεια απέτυχε. Δοκιμάστε ξανά.';
}

/**
 * The pending suggested changes, oldest first: who suggested what, and (for a role that writes,
 * or the author rejecting their own) Accept and Reject, one by one or all at once. Every button
 * is reachable with Tab; the change itself reaches every open editor live.
 */
export function SuggestionsList({
  releaseId,
  suggestions,
  mayResolve,
  me,
  colorOf,
  onShow,
}: {
  releaseId: string;
  suggestions: Suggestion[];
  mayResolve: boolean;
  me: string | null;
  colorOf: (userId: string) => string;
  onShow: (id: string) => void;
}) {
  const decide = useDecideSuggestion(releaseId);
  if (!suggestions.length) return null;
  const busy = decide.isPending;
  return (
    <section aria-label="Προτεινόμενες αλλαγές" className="space-y-2" data-testid="suggestions">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Προτεινόμενες αλλαγές ({suggestions.length})</h3>
        {mayResolve ? (
          <div className="flex gap-1">
            <Button variant="outline" size="sm" className="h-7 px-2 text-xs" disabled={busy} onClick={() => decide.mutate({ outcome: 'accept', id: 'all' })}>
              Αποδοχή όλων
            </Button>
            <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" disabled={busy} onClick={() => decide.mutate({ outcome: 'reject', id: 'all' })}>
              Απόρριψη όλων
            </Button>
          </div>
        ) : null}
      </div>
      {decide.error ? (
        <p role="alert" className="text-xs text-destructive">
          {decisionError(decide.error)}
        </p>
      ) : null}
      <ul className="space-y-2">
        {suggestions.map((s) => {
          const mine = s.author?.id === me;
          return (
            <li
              key={s.id}
              className="space-y-1 rounded-md border border-l-4 bg-card p-2 text-sm shadow-sm"
              style={{ borderLeftColor: s.author ? colorOf(s.author.id) : undefined }}
              data-testid="suggestion"
              data-suggestion-id={s.id}
            >
              <button type="button" className="block w-full text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-ring" onClick={() => onShow(s.id)}>
                <span className="flex flex-wrap items-baseline justify-between gap-x-2 text-xs text-muted-foreground">
                  <span>
                    <span className="font-medium text-foreground">{s.author?.name ?? '—'}</span> · {KIND_LABEL[s.kind]}
                  </span>
                  <time dateTime={s.createdAt}>{fromNow(s.createdAt)}</time>
                </span>
                <span className="line-clamp-3 break-words">{s.excerpt}</span>
              </button>
              {mayResolve || mine ? (
                <div className="flex gap-1">
                  {mayResolve ? (
                    <Button
                      variant="outline"
                      size="sm"
                      className="h-7 px-2 text-xs"
                      disabled={busy}
                      aria-label={`Αποδοχή: ${s.excerpt}`}
                      onClick={() => decide.mutate({ outcome: 'accept', id: s.id })}
                    >
                      <Check className="h-3.5 w-3.5" aria-hidden /> Αποδοχή
                    </Button>
                  ) : null}
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-7 px-2 text-xs"
                    disabled={busy}
                    aria-label={`${mine && !mayResolve ? 'Απόσυρση' : 'Απόρριψη'}: ${s.excerpt}`}
                    onClick={() => decide.mutate({ outcome: 'reject', id: s.id })}
                  >
                    <X className="h-3.5 w-3.5" aria-hidden /> {mine && !mayResolve ? 'Απόσυρση' : 'Απόρριψη'}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
