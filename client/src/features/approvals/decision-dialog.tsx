import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { approvalDecisionBody, APPROVAL_ERRORS, approvalRequestBody, DEFAULT_APPROVAL_VERSION_NAME, type Approval } from '@shared/schemas/approvals';
import { ApiError } from '@client/api/http';
import { queryKeys } from '@client/api/query-keys';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { refreshQueries } from '@client/lib/refresh';
import { useSchemaForm } from '@client/lib/schema-form';
import { approvalCalls } from './queries';
import { APPROVAL_STRINGS as S, versionLabel } from './strings';

export function approvalError(err: unknown): string {
  // Open review: the server's message names how many suggestions and comments are open.
  if (err instanceof ApiError && err.code === 'review_open' && err.message) return err.message;
  if (err instanceof ApiError) return APPROVAL_ERRORS[err.code] ?? (err.status < 500 && /[α-ω]/i.test(err.message) ? err.message : S.failed);
  return S.failed;
}

function fail(err: unknown) {
  toast({ title: S.error, description: approvalError(err), variant: 'destructive' });
}

/**
 * Approve or reject exactly the version a request is for, with a comment (required to reject).
 * Mount it keyed by the request and the decision: the form starts from them.
 */
export function DecisionDialog({ approval, decision, onClose }: { approval: Approval | null; decision: 'approve' | 'reject'; onClose: () => void }) {
  const qc = useQueryClient();
  // Why the server refused (open review, a newer version…): shown in the dialog, beside its buttons.
  const [refused, setRefused] = useState<string | null>(null);
  const { form, message, onSubmit } = useSchemaForm(
    approvalDecisionBody,
    { decision, versionId: approval?.versionId ?? '', comment: '' },
    { toast: false, messages: { required: S.commentRequired } },
  );
  const submit = onSubmit(async (body) => {
    if (!approval) return;
    try {
      await approvalCalls.decide(approval.id, { ...body, decision, versionId: approval.versionId });
      toast({ title: S.success, description: decision === 'approve' ? S.approved : S.rejected, variant: 'success' });
      void refreshQueries(qc, queryKeys.approvals);
      onClose();
    } catch (err) {
      setRefused(approvalError(err));
    }
  });
  const commentError = form.formState.errors.comment ? S.commentRequired : message;
  return (
    <Dialog open={approval !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>{S.decideTitle(decision === 'approve')}</DialogTitle>
            <DialogDescription>
              «{approval?.releaseTitle || 'Χωρίς τίτλο'}» · {approval ? S.decideHelp(versionLabel(approval)) : ''}
            </DialogDescription>
          </DialogHeader>
          {approval?.stale ? <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">{S.stalePending}</p> : null}
          <div className="space-y-1.5">
            <Label htmlFor="decision-comment">
              {S.comment}
              {decision === 'reject' ? ' *' : ''}
            </Label>
            <Textarea
              id="decision-comment"
              {...form.register('comment')}
              aria-invalid={commentError ? true : undefined}
            />
            {commentError && decision === 'reject' ? <p className="text-sm text-destructive">{S.commentRequired}</p> : null}
          </div>
          {refused ? (
            <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-destructive" data-testid="decision-error">
              {refused}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {S.cancel}
            </Button>
            <Button type="submit" variant={decision === 'approve' ? 'default' : 'destructive'} disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? <Spinner size="sm" /> : null}
              {decision === 'approve' ? S.approve : S.reject}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A member asks for approval of the release as it is now (kept as a named version). */
export function RequestDialog({ releaseId, open, onClose }: { releaseId: string; open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const { form, onSubmit } = useSchemaForm(approvalRequestBody, { name: DEFAULT_APPROVAL_VERSION_NAME, note: '' }, { toast: true });
  const submit = onSubmit(async (body) => {
    try {
      await approvalCalls.request(releaseId, body);
      toast({ title: S.success, description: S.requested, variant: 'success' });
      void refreshQueries(qc, queryKeys.approvals);
      form.reset();
      onClose();
    } catch (err) {
      fail(err);
    }
  });
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>{S.requestTitle}</DialogTitle>
            <DialogDescription>{S.requestHelp}</DialogDescription>
          </DialogHeader>
          <div className="space-y-1.5">
            <Label htmlFor="approval-version-name">{S.versionName}</Label>
            <Input id="approval-version-name" {...form.register('name')} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="approval-note">{S.note}</Label>
            <Textarea id="approval-note" {...form.register('note')} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {S.cancel}
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? <Spinner size="sm" /> : null}
              {S.send}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
