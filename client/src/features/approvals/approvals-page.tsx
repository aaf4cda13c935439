import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, MessageSquare } from 'lucide-react';
import type { Approval } from '@shared/schemas/approvals';
import { LoadErrorPanel, LoadingPanel } from '@client/components/load-state';
import { PageHeader } from '@client/components/page-header';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { formatDateTime } from '@client/lib/dates';
import { ApprovalStatusBadge } from './approval-card';
import { DecisionDialog } from './decision-dialog';
import { MailBlockNotice, useMailBlock } from '@client/features/auth/mail-block';
import { reviewSummary } from '@client/features/comments/review-count';
import { useApprovalQueue } from './queries';
import { APPROVAL_STRINGS as S, versionLabel } from './strings';

function Row({ a, onDecide, blocked = false }: { a: Approval; onDecide?: (a: Approval, d: 'approve' | 'reject') => void; blocked?: boolean }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="approval-row" data-approval-id={a.id}>
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <ApprovalStatusBadge approval={a} />
          {a.stale ? (
            <Badge variant="warning" className="gap-1">
              <AlertTriangle className="h-3 w-3" aria-hidden /> Άλλαξε μετά
            </Badge>
          ) : null}
        </div>
        <p className="truncate font-medium">{a.releaseTitle || 'Χωρίς τίτλο'}</p>
        <p className="text-sm text-muted-foreground">
          {versionLabel(a)} · {a.workspaceName} · {S.requestedBy} {a.requestedBy.name}, {formatDateTime(a.requestedAt)}
        </p>
        {a.note ? <p className="whitespace-pre-wrap text-sm">«{a.note}»</p> : null}
        {reviewSummary(a) && (a.status === 'pending' || a.status === 'approved') ? (
          <p className="flex items-center gap-1.5 text-sm text-amber-900" data-testid="approval-review">
            <MessageSquare className="h-3.5 w-3.5 shrink-0" aria-hidden />
            {reviewSummary(a)}
          </p>
        ) : null}
        {a.decidedBy && a.decidedAt ? (
          <p className="text-sm text-muted-foreground">
            {S.decidedBy} {a.decidedBy.name}, {formatDateTime(a.decidedAt)}
            {a.comment ? ` · «${a.comment}»` : ''}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button asChild size="sm" variant="outline">
          <Link to="/client/press-releases/$id" params={{ id: a.releaseId }}>
            {S.open}
          </Link>
        </Button>
        {onDecide ? (
          <>
            <Button size="sm" onClick={() => onDecide(a, 'approve')} disabled={blocked}>
              {S.approve}
            </Button>
            <Button size="sm" variant="outline" className="text-red-700" onClick={() => onDecide(a, 'reject')} disabled={blocked}>
              {S.reject}
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

function Section({ title, items, empty, testId, onDecide }: { title: string; items: Approval[]; empty: string; testId: string; onDecide?: (a: Approval, d: 'approve' | 'reject') => void }) {
  // A decision is mailed to the requester on the approver's behalf: it waits for a confirmed address and an approved account.
  const block = useMailBlock();
  const blocked = block !== null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          {title}
          {items.length ? <Badge variant="secondary">{items.length.toLocaleString('el-GR')}</Badge> : null}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {block && onDecide && items.length ? <MailBlockNotice block={block} /> : null}
        {items.length ? (
          <ul className="divide-y rounded-md border" data-testid={testId}>
            {items.map((a) => (
              <Row key={a.id} a={a} onDecide={onDecide} blocked={blocked} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid={`${testId}-empty`}>
            {empty}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** /client/approvals: the approver's live queue (a new request appears without a reload), and one's own requests. */
export function ApprovalsPage() {
  const q = useApprovalQueue();
  const [deciding, setDeciding] = useState<{ a: Approval; d: 'approve' | 'reject' } | null>(null);
  return (
    <>
      <PageHeader description={S.queueDescription} />
      {q.isPending ? (
        <LoadingPanel />
      ) : q.isError ? (
        <LoadErrorPanel message={S.loadError} onRetry={() => void q.refetch()} />
      ) : (
        <div className="space-y-6">
          {q.data.isApprover ? (
            <Section title={S.pendingTitle} items={q.data.pending} empty={S.pendingEmpty} testId="approval-queue" onDecide={(a, d) => setDeciding({ a, d })} />
          ) : (
            <p className="rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground">{S.notApprover}</p>
          )}
          <Section title={S.mineTitle} items={q.data.mine} empty={S.mineEmpty} testId="my-approvals" />
          {q.data.isApprover && q.data.decided.length ? <Section title={S.decidedTitle} items={q.data.decided} empty="" testId="decided-approvals" /> : null}
        </div>
      )}
      {deciding ? <DecisionDialog key={`${deciding.a.id}:${deciding.d}`} approval={deciding.a} decision={deciding.d} onClose={() => setDeciding(null)} /> : null}
    </>
  );
}
