import { useEffect, useState } from 'react';
import type * as Y from 'yjs';
import { CATEGORIES, type Category } from '@shared/constants';
import { useMediaListsSummary } from './queries';

/** The category media lists with their real member counts; the ticks are shared live. */
export function MediaListsPicker({ lists, disabled }: { lists: Y.Map<boolean>; disabled: boolean }) {
  const summary = useMediaListsSummary();
  const [ticked, setTicked] = useState<Category[]>([]);
  useEffect(() => {
    const read = () => setTicked(CATEGORIES.filter((c) => lists.get(c) === true));
    read();
    lists.observe(read);
    return () => lists.unobserve(read);
  }, [lists]);

  const selectedCount = (summary.data ?? []).filter((l) => ticked.includes(l.category)).reduce((n, l) => n + l.count, 0);

  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium">Λίστες media</legend>
      {summary.isError ? <p className="text-sm text-destructive">Δεν ήταν δυνατή η φόρτωση των λιστών media</p> : null}
      <ul className="space-y-1.5">
        {(summary.data ?? []).map((l) => (
          <li key={l.category}>
            <label className="flex cursor-pointer items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary/5">
              <span className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-[hsl(var(--primary))]"
                  checked={ticked.includes(l.category)}
                  onChange={(e) => (e.target.checked ? lists.set(l.category, true) : lists.delete(l.category))}
                />
                {l.label}
              </span>
              <span className="text-muted-foreground">{l.count} επαφές</span>
            </label>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground" data-testid="selected-count">
        Επιλεγμένες λίστες: {ticked.length} · {selectedCount} επαφές
      </p>
    </fieldset>
  );
}
