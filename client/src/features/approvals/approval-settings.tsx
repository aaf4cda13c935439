import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Workspace, WorkspaceMember } from '@shared/schemas/workspaces';
import { queryKeys } from '@client/api/query-keys';
import { Badge } from '@client/components/ui/badge';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Switch } from '@client/components/ui/switch';
import { toast } from '@client/components/ui/use-toast';
import { refreshQueries } from '@client/lib/refresh';
import { approvalError } from './decision-dialog';
import { approvalCalls } from './queries';
import { APPROVAL_STRINGS as S } from './strings';

function fail(err: unknown) {
  toast({ title: S.error, description: approvalError(err) || S.saveError, variant: 'destructive' });
}

/** The owner's switch «Αποστολή μόνο μετά από έγκριση» of a workspace. */
export function ApprovalSetting({ workspace }: { workspace: Workspace }) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function change(on: boolean) {
    setBusy(true);
    try {
      await approvalCalls.setRequired(workspace.id, on);
      toast({ title: S.success, description: on ? S.settingOn : S.settingOff, variant: 'success' });
      await refreshQueries(qc, queryKeys.workspaces);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mb-4 flex items-start justify-between gap-3 rounded-md border p-3">
      <div className="space-y-1">
        <Label htmlFor={`approval-required-${workspace.id}`}>{S.setting}</Label>
        <p className="text-xs text-muted-foreground">{S.settingHelp}</p>
      </div>
      <Switch id={`approval-required-${workspace.id}`} checked={workspace.approval_required} disabled={busy} onCheckedChange={(v) => void change(v)} />
    </div>
  );
}

/** A member's role: the owner chooses Μέλος or Εγκρίνων; everyone else sees it. */
export function MemberRole({ workspace, member }: { workspace: Workspace; member: WorkspaceMember }) {
  const qc = useQueryClient();
  if (workspace.my_role !== 'owner' || member.role === 'owner') {
    return <Badge variant={member.role === 'owner' ? 'default' : 'secondary'}>{S.roles[member.role]}</Badge>;
  }
  return (
    <Select
      value={member.role}
      onValueChange={(role) =>
        void approvalCalls
          .setRole(workspace.id, member.user_id, role as 'member' | 'approver')
          .then(() => {
            toast({ title: S.success, description: S.roleChanged, variant: 'success' });
            return refreshQueries(qc, queryKeys.workspaces);
          })
          .catch(fail)
      }
    >
      <SelectTrigger className="h-8 w-32" aria-label={`${S.roleLabel}: ${member.name || member.email}`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="member">{S.roles.member}</SelectItem>
        <SelectItem value="approver">{S.roles.approver}</SelectItem>
      </SelectContent>
    </Select>
  );
}
