import { lazy, Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { api } from '@client/api/http';
import { queryKeys } from '@client/api/query-keys';

/**
 * The shell's view of GET /organisations, under the same key as useOrganisations (whose screens
 * parse it): kept light, since every signed-in page loads the shell.
 */
function useOrganisationCount(): number | undefined {
  const q = useQuery({
    queryKey: queryKeys.myOrganisations,
    queryFn: ({ signal }) => api('GET', '/organisations', { signal }) as Promise<{ organisations: unknown[] }>,
  });
  return q.data?.organisations.length;
}

// The switcher (a Radix select) is its own chunk: most clients belong to one organisation and never see it.
const OrganisationSwitcher = lazy(() => import('./organisation-switcher').then((m) => ({ default: m.OrganisationSwitcher })));

/** The header's place for the organisation switcher, filled only for a client of several organisations. */
export function OrganisationSwitcherSlot() {
  if ((useOrganisationCount() ?? 0) < 2) return null;
  return (
    <Suspense fallback={null}>
      <OrganisationSwitcher />
    </Suspense>
  );
}

/**
 * In place of a client's screens when they belong to no organisation any more (removed from the
 * only team they had joined): every screen is an organisation's, so there is nothing to show.
 */
export function NoOrganisationNotice({ children }: { children: ReactNode }) {
  const count = useOrganisationCount();
  if (count === undefined || count > 0) return <>{children}</>;
  return (
    <div className="mx-auto max-w-xl rounded-lg border bg-white p-6 text-center" data-testid="no-organisation">
      <Building2 className="mx-auto mb-3 h-8 w-8 text-slate-400" aria-hidden />
      <h1 className="text-xl font-semibold">Δεν ανήκετε σε κάποιον οργανισμό</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        Ο λογαριασμός σας δεν είναι πλέον μέλος κάποιας ομάδας. Ζητήστε νέα πρόσκληση από την ομάδα σας· ο σύνδεσμός της σας φέρνει
        πίσω με ένα κλικ.
      </p>
    </div>
  );
}
