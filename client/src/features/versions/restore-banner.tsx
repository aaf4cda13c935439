import { useState } from 'react';
import { History } from 'lucide-react';
import { APPROVAL_ERRORS } from '@shared/schemas/approvals';
import { ApiError } from '@client/api/http';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { formatDateTime } from '@client/lib/dates';
import { useVersions, versionCalls } from './queries';
import { VERSION_STRINGS as S } from './strings';

/** How long after a restore its co-editors are offered the undo on the editor itself. */
const OFFER_MS = 30 * 60_000;

export function versionError(err: unknown): string {
  return err instanceof ApiError ? (APPROVAL_ERRORS[err.code] ?? S.failed) : S.failed;
}

/**
 * Shown live to every co-editor when the latest version is a restore: who restored which
 * version, and «Αναίρεση επαναφοράς», which restores the version kept just before it (as one
 * change, itself a version). See restoreVersion on the server for why undo is explicit.
 */
export function RestoreBanner({ releaseId, readOnly }: { releaseId: string; readOnly: boolean }) {
  const q = useVersions(releaseId);
  const [hidden, setHidden] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = q.data?.versions[0];
  if (readOnly || !q.data?.editable || !latest || latest.kind !== 'restore' || !latest.undoVersionId || !latest.restoredFrom) return null;
  if (hidden === latest.id || Date.now() - new Date(latest.createdAt).getTime() > OFFER_MS) return null;
  const undoId = latest.undoVersionId;
  async function undo() {
    setBusy(true);
    try {
      await versionCalls.restore(releaseId, undoId);
      toast({ title: S.success, description: S.undone, variant: 'success' });
    } catch (err) {
      toast({ title: S.error, description: versionError(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div role="status" data-testid="restore-banner" className="flex flex-col gap-2 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2">
        <History className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        {S.banner(latest.restoredFrom.seq, latest.authors[0]?.name ?? 'συντάκτη', formatDateTime(latest.createdAt))}
      </p>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" variant="outline" disabled={busy} onClick={() => void undo()}>
          {S.undo}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setHidden(latest.id)}>
          {S.dismiss}
        </Button>
      </div>
    </div>
  );
}
