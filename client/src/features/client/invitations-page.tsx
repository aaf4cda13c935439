import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { CheckCircle2, Mail, UserMinus, XCircle } from 'lucide-react';
import { invitationCreateBody, type InvitationAccepted, type Workspace, type WorkspaceMember } from '@shared/schemas/workspaces';
import { ApiError } from '@client/api/http';
import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { PageSpinner, Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { formatDate } from '@client/lib/dates';
import { useSchemaForm } from '@client/lib/schema-form';
import { INVITATION_ERRORS, INVITE_STRINGS as S } from '@client/features/workspaces/strings';
import {
  useAcceptInvitation,
  useInvitations,
  useInvite,
  useRemoveMember,
  useRevokeInvitation,
  useWorkspaces,
  } from '@client/features/workspaces/use-workspaces';
import { useSession } from '@client/stores/session';
import { ApprovalSetting, MemberRole } from '@client/features/approvals/approval-settings';
import { isPlanError } from '@shared/plans';
import { MailBlockNotice, mailBlockError, useMailBlock } from '@client/features/auth/mail-block';

/** The Greek message of a refusal; the plan's (trial over, no seat left) come from the server with their figures. */
function messageOf(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError)) return fallback;
  if (isPlanError(err.code) && err.message) return err.message;
  const blocked = mailBlockError(err);
  if (blocked) return blocked;
  return INVITATION_ERRORS[err.code] ?? fallback;
}

function fail(description: string, err: unknown) {
  console.error(description, err);
  toast({ title: S.error, description, variant: 'destructive' });
}

/** Accepts the invitation of an e-mailed link (?accept=<token>) once, then drops the token from the address. */
function AcceptInvitation({ token }: { token: string }) {
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const started = useRef(false);
  const [result, setResult] = useState<{ ok: InvitationAccepted } | { error: string } | null>(null);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    accept.mutate(token, {
      onSuccess: (ok) => setResult({ ok }),
      onError: (err) => {
        console.error('Invitation not accepted', err);
        setResult({ error: messageOf(err, INVITATION_ERRORS.invitation_invalid!) });
      },
      onSettled: () => void navigate({ to: '/client/invitations', search: {}, replace: true }),
    });
  }, [accept, token, navigate]);

  return (
    <Card className="mb-6" data-testid="invitation-result">
      <CardHeader className="flex-row items-start gap-3 space-y-0">
        {!result ? (
          <Spinner size="sm" />
        ) : 'ok' in result ? (
          <CheckCircle2 className="h-6 w-6 shrink-0 text-green-600" aria-hidden />
        ) : (
          <XCircle className="h-6 w-6 shrink-0 text-red-600" aria-hidden />
        )}
        <div className="space-y-1">
          <CardTitle className="text-base">{S.acceptTitle}</CardTitle>
          <p role="status" className="text-sm">
            {!result
              ? S.accepting
              : 'ok' in result
                ? result.ok.already_member
                  ? S.alreadyMember(result.ok.workspace_name)
                  : S.accepted(result.ok.workspace_name)
                : result.error}
          </p>
          {result && 'ok' in result ? (
            <Button asChild size="sm" className="mt-2">
              <Link to="/client/tasks" search={{ workspace: result.ok.organisation_id }}>
                {S.goToTasks}
              </Link>
            </Button>
          ) : null}
        </div>
      </CardHeader>
    </Card>
  );
}

function ConfirmDialog({
  open,
  title,
  text,
  action,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  action: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{text}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {S.cancel}
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? <Spinner size="sm" /> : null}
            {action}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The owner's view of their workspace: invite by e-mail, pending invitations, members. */
function OwnedWorkspace({ workspace, me }: { workspace: Workspace; me: string | null }) {
  const { form, onSubmit } = useSchemaForm(invitationCreateBody, { email: '' });
  const email = form.watch('email');
  const invite = useInvite(workspace.id);
  const invitations = useInvitations(workspace.id);
  const revoke = useRevokeInvitation(workspace.id);
  const remove = useRemoveMember();
  const [toRemove, setToRemove] = useState<WorkspaceMember | null>(null);
  // An invitation is an e-mail sent on the owner's behalf: it waits for a confirmed address and an approved account.
  const block = useMailBlock();

  // Checked against the server's invitationCreateBody: a malformed address is refused here.
  const submit = onSubmit(({ email: address }) => {
    invite.mutate(address, {
      onSuccess: (inv) => {
        form.reset({ email: '' });
        toast({ title: S.success, description: inv.resent ? S.resent(inv.email) : S.sent(inv.email), variant: 'success' });
      },
      onError: (err) => fail(messageOf(err, S.sendError), err),
    });
  });

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 [&>*]:min-w-0">
      <Card>
        <CardHeader>
          <CardTitle>{S.inviteTitle}</CardTitle>
          <CardDescription>{S.inviteDescription}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {block ? <MailBlockNotice block={block} /> : null}
          <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
            <div className="grid flex-1 gap-1.5">
              <Label htmlFor="invite-email">{S.emailLabel}</Label>
              <Input
                id="invite-email"
                type="email"
                autoComplete="off"
                placeholder={S.emailPlaceholder}
                {...form.register('email')}
                aria-invalid={form.formState.errors.email ? true : undefined}
                disabled={block !== null}
              />
            </div>
            <Button type="submit" disabled={!email.trim() || invite.isPending || block !== null}>
              {invite.isPending ? <Spinner size="sm" /> : <Mail aria-hidden />}
              {S.send}
            </Button>
          </form>
          <section aria-labelledby="pending-title" className="space-y-2">
            <h3 id="pending-title" className="text-sm font-semibold">
              {S.pendingTitle}
            </h3>
            {invitations.isPending ? (
              <Spinner size="sm" />
            ) : invitations.data?.length ? (
              <ul className="divide-y rounded-md border" data-testid="pending-invitations">
                {invitations.data.map((inv) => (
                  <li key={inv.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                    <div className="min-w-0">
                      <p className="truncate font-medium">{inv.email}</p>
                      <p className="text-xs text-muted-foreground">
                        {S.expires}: {formatDate(inv.expires_at)}
                        {inv.invited_by_name ? ` · ${S.sentBy}: ${inv.invited_by_name}` : ''}
                      </p>
                    </div>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={revoke.isPending}
                      aria-label={`${S.revoke}: ${inv.email}`}
                      onClick={() =>
                        revoke.mutate(inv.id, {
                          onSuccess: () => toast({ title: S.success, description: S.revoked, variant: 'success' }),
                          onError: (err) => fail(messageOf(err, S.revokeError), err),
                        })
                      }
                    >
                      {S.revoke}
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">{S.pendingEmpty}</p>
            )}
          </section>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            {S.membersTitle} <span className="text-muted-foreground">· {workspace.name}</span>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ApprovalSetting workspace={workspace} />
          <ul className="divide-y rounded-md border" data-testid="workspace-members">
            {workspace.members.map((m) => (
              <li key={m.user_id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">
                    {m.name || m.email} {m.user_id === me ? <span className="text-muted-foreground">{S.you}</span> : null}
                  </p>
                  <p className="flex flex-wrap gap-x-1 text-xs text-muted-foreground">
                    <span className="min-w-0 max-w-full truncate">{m.email} ·</span>
                    <span className="whitespace-nowrap">
                      {S.joined} {formatDate(m.joined_at)}
                    </span>
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <MemberRole workspace={workspace} member={m} />
                  {m.role !== 'owner' ? (
                    <Button variant="ghost" size="sm" className="text-red-700" onClick={() => setToRemove(m)} aria-label={`${S.remove}: ${m.name || m.email}`}>
                      <UserMinus aria-hidden />
                      {S.remove}
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={!!toRemove}
        title={S.removeConfirmTitle}
        text={S.removeConfirm(toRemove?.name || toRemove?.email || '')}
        action={S.remove}
        pending={remove.isPending}
        onClose={() => setToRemove(null)}
        onConfirm={() =>
          toRemove &&
          remove.mutate(
            { workspaceId: workspace.id, userId: toRemove.user_id },
            {
              onSuccess: () => {
                setToRemove(null);
                toast({ title: S.success, description: S.removed, variant: 'success' });
              },
              onError: (err) => fail(messageOf(err, S.removeError), err),
            },
          )
        }
      />
    </div>
  );
}

/** Workspaces of other clients that the user belongs to. */
function Memberships({ workspaces, me }: { workspaces: Workspace[]; me: string | null }) {
  const remove = useRemoveMember();
  const [toLeave, setToLeave] = useState<Workspace | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{S.membershipsTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        {workspaces.length ? (
          <ul className="divide-y rounded-md border" data-testid="memberships">
            {workspaces.map((w) => (
              <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">{w.name}</p>
                  <p className="text-xs text-muted-foreground">
                    {S.ownerLabel}: {w.owner_name} · {S.membersCount(w.members.length)}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button asChild size="sm" variant="outline">
                    <Link to="/client/tasks" search={{ workspace: w.id }}>
                      {S.openTasks}
                    </Link>
                  </Button>
                  <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setToLeave(w)}>
                    {S.leave}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{S.membershipsEmpty}</p>
        )}
      </CardContent>
      <ConfirmDialog
        open={!!toLeave}
        title={S.leaveConfirmTitle}
        text={S.leaveConfirm(toLeave?.name ?? '')}
        action={S.leave}
        pending={remove.isPending}
        onClose={() => setToLeave(null)}
        onConfirm={() =>
          toLeave &&
          me &&
          remove.mutate(
            { workspaceId: toLeave.id, userId: me },
            {
              onSuccess: () => {
                setToLeave(null);
                toast({ title: S.success, description: S.left, variant: 'success' });
              },
              onError: (err) => fail(messageOf(err, S.removeError), err),
            },
          )
        }
      />
    </Card>
  );
}

export function InvitationsPage() {
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> });
  const token = typeof search.accept === 'string' && search.accept ? search.accept : null;
  const [acceptToken] = useState(token);
  const me = useSession((s) => s.profile?.user_id ?? null);
  const workspaces = useWorkspaces();
  useEffect(() => {
    if (workspaces.isError) fail(S.loadError, workspaces.error);
  }, [workspaces.isError, workspaces.error]);

  const owned = (workspaces.data ?? []).filter((w) => w.my_role === 'owner');
  const joined = (workspaces.data ?? []).filter((w) => w.my_role !== 'owner');

  return (
    <>
      <PageHeader description="Προσκαλέστε συνεργάτες στον χώρο εργασίας σας και δείτε τις εκκρεμείς προσκλήσεις." />
      {acceptToken ? <AcceptInvitation token={acceptToken} /> : null}
      {workspaces.isPending ? (
        <PageSpinner />
      ) : (
        <div className="space-y-6">
          {owned.map((w) => (
            <OwnedWorkspace key={w.id} workspace={w} me={me} />
          ))}
          <Memberships workspaces={joined} me={me} />
        </div>
      )}
    </>
  );
}
