import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Workspace } from '@shared/schemas/workspaces';
import { queryKeys } from '@client/api/query-keys';
import { Label } from '@client/components/ui/label';
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
