import { Building2 } from 'lucide-react';
import { ORGANISATION_ROLE_LABELS } from '@shared/organisation-roles';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { toast } from '@client/components/ui/use-toast';
import { useOrganisations, useSwitchOrganisation } from './use-workspaces';

const S = {
  label: 'Οργανισμός',
  failed: 'Δεν ήταν δυνατή η αλλαγή οργανισμού',
  error: 'Σφάλμα',
} as const;

/**
 * The shell's organisation switcher, shown only to a client in more than one organisation.
 * The choice is remembered by the server; every query refetches for the new one.
 */
export function OrganisationSwitcher() {
  const orgs = useOrganisations();
  const change = useSwitchOrganisation();
  const list = orgs.data ?? [];
  const active = list.find((o) => o.active);
  if (list.length < 2 || !active) return null;
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Building2 className="hidden h-4 w-4 shrink-0 text-slate-500 sm:block" aria-hidden />
      <Select
        value={active.id}
        disabled={change.isPending}
        onValueChange={(id) =>
          change.mutate(id, {
            onError: (err) => {
              console.error('Switching organisation failed', err);
              toast({ title: S.error, description: S.failed, variant: 'destructive' });
            },
          })
        }
      >
        <SelectTrigger className="h-9 w-36 sm:w-56" aria-label={S.label} data-testid="organisation-switcher">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {list.map((o) => (
            <SelectItem key={o.id} value={o.id}>
              {o.name} · {ORGANISATION_ROLE_LABELS[o.role]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * In place of a client's screens when they belong to no organisation any more (removed from the
 * only team they had joined): every screen is an organisation's, so there is nothing to show.
 */
export function NoOrganisationNotice({ children }: { children: React.ReactNode }) {
  const orgs = useOrganisations();
  if (!orgs.data || orgs.data.length > 0) return <>{children}</>;
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
