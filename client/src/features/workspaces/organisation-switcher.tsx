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

