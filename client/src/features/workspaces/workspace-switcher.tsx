import { Building2 } from 'lucide-react';
import type { Workspace } from '@shared/schemas/workspaces';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';

export const WORKSPACE_STRINGS = {
  label: 'Οργανισμός',
  own: 'δικός σας',
  member: 'μέλος',
  owner: 'Ιδιοκτήτης',
  memberRole: 'Μέλος',
} as const;

export function workspaceLabel(w: Workspace): string {
  return `${w.name || WORKSPACE_STRINGS.label} (${w.my_role === 'owner' ? WORKSPACE_STRINGS.own : `${WORKSPACE_STRINGS.member} · ${w.owner_name}`})`;
}

const STORAGE_KEY = 'deltio.tasks.workspace';

export function rememberWorkspace(id: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, id);
  } catch {
    /* private mode */
  }
}

/**
 * Which board to open: the one in the link, else the last one chosen here, else the one
 * with the most recent task activity; a joined board beats an empty own one.
 */
export function defaultWorkspace(list: readonly Workspace[], fromLink: string | undefined): Workspace | undefined {
  const byId = (id: string | null | undefined) => (id ? list.find((w) => w.id === id) : undefined);
  let remembered: string | null = null;
  try {
    remembered = localStorage.getItem(STORAGE_KEY);
  } catch {
    /* private mode */
  }
  return (
    byId(fromLink) ??
    byId(remembered) ??
    [...list].sort(
      (a, b) =>
        // Boards with tasks first, the most recently active of them; among empty ones, a joined board
        // (someone invited you to work there) before your own empty one.
        Number(b.task_count > 0) - Number(a.task_count > 0) ||
        (a.task_count > 0 ? b.last_activity_at.localeCompare(a.last_activity_at) : 0) ||
        Number(a.my_role === 'owner') - Number(b.my_role === 'owner'),
    )[0]
  );
}

/** Shown only when the user belongs to more than one workspace. */
export function WorkspaceSwitcher({
  workspaces,
  value,
  onChange,
}: {
  workspaces: readonly Workspace[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
      <Label htmlFor="workspace-switcher" className="flex items-center gap-2 whitespace-nowrap">
        <Building2 className="h-4 w-4 text-slate-500" aria-hidden />
        {WORKSPACE_STRINGS.label}
      </Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id="workspace-switcher" className="sm:w-80" data-testid="workspace-switcher">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {workspaces.map((w) => (
            <SelectItem key={w.id} value={w.id}>
              {workspaceLabel(w)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
