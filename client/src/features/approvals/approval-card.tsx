import { lazy, Suspense, useState } from 'react';
import { AlertTriangle, CheckCircle2, Clock, MessageSquare, ShieldCheck, XCircle } from 'lucide-react';
import type { Approval } from '@shared/schemas/approvals';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { MailBlockNotice, useMailBlock } from '@client/features/auth/mail-block';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { reviewSummary } from '@client/features/comments/review-count';
import { formatDateTime } from '@client/lib/dates';
import { useSession } from '@client/stores/session';
import { useReleaseApproval } from './queries';
import { APPROVAL_STRINGS as S, versionLabel } from './strings';

// The forms load when opened: the editor route carries only the card (react-hook-form stays out of it).
const DecisionDialog = lazy(() => import('./decision-dialog').then((m) => ({ default: m.DecisionDialog })));
const RequestDialog = lazy(() => import('./decision-dialog').then((m) => ({ default: m.RequestDialog })));

const VARIANT = { pending: 'warning', approved: 'success', rejected: 'destructive', superseded: 'secondary', sent: 'info' } as const;

export function ApprovalStatusBadge({ approval }: { approval: Approval }) {
  const Icon = approval.status === 'approved' ? CheckCircle2 : approval.status === 'rejected' ? XCircle : approval.status === 'pending' ? Clock : ShieldCheck;
  return (
    <Badge variant={VARIANT[approval.status]} data-testid="approval-status" className="gap-1">
      <Icon className="h-3 w-3" aria-hidden />
      {S.status[approval.status]}
    </Badge>
  );
}

/**
 * The editor's warning, live for every co-editor: the text changed after it was approved
 * (or after approval was asked for), so a send would be refused.
 */
export function ApprovalBanner({ releaseId }: { releaseId: string }) {
  const q = useReleaseApproval(releaseId);
  const a = q.data?.approval;
  if (!q.data?.required || !a?.stale) return null;
  return (
    <p role="alert" data-testid="approval-stale" className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {a.status === 'approved' ? S.stale : S.stalePending}
    </p>
  );
}

/** The editor's approval card: the current request of the release, asking for approval, and deciding (approvers). */
export function ApprovalCard({ releaseId, readOnly }: { releaseId: string; readOnly: boolean }) {
  const me = useSession((s) => s.profile?.user_id);
  const q = useReleaseApproval(releaseId);
  const [asking, setAsking] = useState(false);
  const [deciding, setDeciding] = useState<null | 'approve' | 'reject'>(null);
  // A request and a decision are mailed on the user's behalf: they wait for a confirmed address and an approved account.
  const block = useMailBlock();
  const data = q.data;
  if (!data || (!data.required && !data.approval)) return null;
  const a = data.approval;
  const canAsk = data.required && !readOnly && (!a || a.status === 'rejected' || a.status === 'sent' || a.stale);
  const canDecide = data.canApprove && a?.status === 'pending' && a.requestedBy.id !== me;
  // Under the rule, nothing is approved while suggestions wait or comments are open (the server refuses it too).
  const review = a && (a.status === 'pending' || a.status === 'approved') ? reviewSummary(a) : '';
  const reviewBlocks = data.required && review !== '';
  return (
    <Card data-testid="approval-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <ShieldCheck className="h-4 w-4" aria-hidden /> {S.cardTitle}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {data.required ? <p className="text-muted-foreground">{S.required}</p> : null}
        {a ? (
          <div className="space-y-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <ApprovalStatusBadge approval={a} />
              <span className="font-medium">{versionLabel(a)}</span>
            </div>
            <p className="text-muted-foreground">
              {S.requestedBy} {a.requestedBy.name} · {formatDateTime(a.requestedAt)}
            </p>
            {a.note ? <p className="whitespace-pre-wrap">«{a.note}»</p> : null}
            {review ? (
              <p className="flex items-center gap-1.5 text-amber-900" data-testid="approval-review">
                <MessageSquare className="h-3.5 w-3.5 shrink-0" aria-hidden />
                {review}
              </p>
            ) : null}
            {a.decidedBy && a.decidedAt ? (
              <p className="text-muted-foreground">
                {S.decidedBy} {a.decidedBy.name} · {formatDateTime(a.decidedAt)}
                {a.comment ? <span className="block whitespace-pre-wrap text-foreground">«{a.comment}»</span> : null}
              </p>
            ) : null}
          </div>
        ) : (
          <p>{S.none}</p>
        )}
        {block && (canDecide || canAsk) ? <MailBlockNotice block={block} /> : null}
        {canDecide && reviewBlocks ? (
          <p id="approval-review-block" className="text-xs text-muted-foreground" data-testid="approval-review-block">
            {S.reviewBlocks}
          </p>
        ) : null}
        {canDecide ? (
          <div className="grid grid-cols-2 gap-2">
            <Button
              size="sm"
              onClick={() => setDeciding('approve')}
              disabled={block !== null || reviewBlocks}
              aria-describedby={reviewBlocks ? 'approval-review-block' : undefined}
              title={reviewBlocks ? S.reviewBlocks : undefined}
            >
              {S.approve}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDeciding('reject')} disabled={block !== null}>
              {S.reject}
            </Button>
          </div>
        ) : null}
        {canAsk ? (
          <Button variant="outline" className="w-full" onClick={() => setAsking(true)} data-testid="request-approval" disabled={block !== null}>
            {a ? S.requestAgain : S.request}
          </Button>
        ) : null}
      </CardContent>
      <Suspense fallback={null}>
        {asking ? <RequestDialog releaseId={releaseId} open onClose={() => setAsking(false)} /> : null}
        {deciding && a ? <DecisionDialog key={`${a.id}:${deciding}`} approval={a} decision={deciding} onClose={() => setDeciding(null)} /> : null}
      </Suspense>
    </Card>
  );
}
