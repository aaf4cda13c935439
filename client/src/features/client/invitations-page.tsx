import { useEffect, useState } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { Mail, RefreshCw, UserMinus } from 'lucide-react';
import { z } from 'zod';
import { ORGANISATION_ROLES } from '@shared/constants';
import { ORGANISATION_ROLE_LABELS, roleMay } from '@shared/organisation-roles';
import { invitationCreateBody, type Seats, type WorkspaceMember, type WorkspaceRole } from '@shared/schemas/workspaces';
import { isPlanError } from '@shared/plans';
import { ApiError } from '@client/api/http';
import { PageHeader } from '@client/components/page-header';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { PageSpinner, Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { formatDate } from '@client/lib/dates';
import { useSchemaForm } from '@client/lib/schema-form';
import { INVITATION_ERRORS, INVITE_STRINGS as S } from '@client/features/workspaces/strings';
import {
  useActiveOrganisation,
  useChangeRole,
  useInvitations,
  useInvite,
  useMembers,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
  useWorkspaces,
} from '@client/features/workspaces/use-workspaces';
import { useSession } from '@client/stores/session';
import { ApprovalSetting } from '@client/features/approvals/approval-settings';
import { DeleteOrganisationCard } from '@client/features/workspaces/delete-organisation';
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

/** The roles a caller may give: 'owner' only with owners.manage. */
function rolesFor(myRole: WorkspaceRole): WorkspaceRole[] {
  return ORGANISATION_ROLES.filter((r) => r !== 'owner' || roleMay(myRole, 'owners.manage'));
}

function RoleSelect({
  value,
  roles,
  label,
  disabled,
  onChange,
  testId,
}: {
  value: WorkspaceRole;
  roles: WorkspaceRole[];
  label: string;
  disabled?: boolean;
  onChange: (role: WorkspaceRole) => void;
  testId?: string;
}) {
  return (
    <Select value={value} disabled={disabled} onValueChange={(v) => onChange(v as WorkspaceRole)}>
      <SelectTrigger className="h-8 w-40" aria-label={label} data-testid={testId}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {roles.map((r) => (
          <SelectItem key={r} value={r}>
            {ORGANISATION_ROLE_LABELS[r]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
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

function SeatsLine({ seats }: { seats: Seats }) {
  const full = seats.allowed !== null && seats.used >= seats.allowed;
  return (
    <div className="rounded-md border p-3 text-sm" data-testid="organisation-seats" data-used={seats.used} data-allowed={seats.allowed ?? ''}>
      <p>
        <span className="font-medium">{S.seats}:</span> {S.seatsOf(seats.used, seats.allowed)}
      </p>
      <p className="text-xs text-muted-foreground">{full ? S.seatsFull : S.seatsHelp}</p>
    </div>
  );
}

const inviteForm = z.object({ email: invitationCreateBody.shape.email });

/** Invite by e-mail with a role; the pending invitations with resend and revoke. */
function Invitations({ organisationId, myRole, seats }: { organisationId: string; myRole: WorkspaceRole; seats: Seats }) {
  const { form, onSubmit } = useSchemaForm(inviteForm, { email: '' });
  const email = form.watch('email');
  const [role, setRole] = useState<WorkspaceRole>('editor');
  const invite = useInvite(organisationId);
  const invitations = useInvitations(organisationId);
  const revoke = useRevokeInvitation(organisationId);
  const resend = useResendInvitation(organisationId);
  // An invitation is an e-mail sent on the inviter's behalf: it waits for a confirmed address and an approved account.
  const block = useMailBlock();

  const submit = onSubmit(({ email: address }) => {
    invite.mutate(
      { email: address, role },
      {
        onSuccess: (inv) => {
          form.reset({ email: '' });
          toast({ title: S.success, description: inv.resent ? S.resent(inv.email) : S.sent(inv.email), variant: 'success' });
        },
        onError: (err) => fail(messageOf(err, S.sendError), err),
      },
    );
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{S.inviteTitle}</CardTitle>
        <CardDescription>{S.inviteDescription}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {block ? <MailBlockNotice block={block} /> : null}
        <SeatsLine seats={seats} />
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <div className="grid gap-1.5">
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
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="invite-role">{S.roleLabel}</Label>
              <div id="invite-role">
                <RoleSelect value={role} roles={rolesFor(myRole)} label={S.roleLabel} onChange={setRole} testId="invite-role" />
              </div>
            </div>
            <Button type="submit" disabled={!email.trim() || invite.isPending || block !== null}>
              {invite.isPending ? <Spinner size="sm" /> : <Mail aria-hidden />}
              {S.send}
            </Button>
          </div>
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
                      {ORGANISATION_ROLE_LABELS[inv.role]} · {S.expires}: {formatDate(inv.expires_at)}
                      {inv.invited_by_name ? ` · ${S.sentBy}: ${inv.invited_by_name}` : ''}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={resend.isPending || block !== null}
                      aria-label={`${S.resend}: ${inv.email}`}
                      onClick={() =>
                        resend.mutate(inv.id, {
                          onSuccess: () => toast({ title: S.success, description: S.resentDone(inv.email), variant: 'success' }),
                          onError: (err) => fail(messageOf(err, S.resendError), err),
                        })
                      }
                    >
                      <RefreshCw aria-hidden />
                      {S.resend}
                    </Button>
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
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{S.pendingEmpty}</p>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

function Members({
  organisationId,
  organisationName,
  members,
  myRole,
  me,
}: {
  organisationId: string;
  organisationName: string;
  members: WorkspaceMember[];
  myRole: WorkspaceRole;
  me: string | null;
}) {
  const changeRole = useChangeRole(organisationId);
  const remove = useRemoveMember();
  const [toRemove, setToRemove] = useState<WorkspaceMember | null>(null);
  const manage = roleMay(myRole, 'members.manage');
  const owners = roleMay(myRole, 'owners.manage');
  // Settings of the organisation (the approval rule) for those who may change them.
  const workspace = useWorkspaces().data?.find((w) => w.id === organisationId);
  const self = toRemove?.user_id === me;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {S.membersTitle} <span className="text-muted-foreground">· {organisationName}</span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {workspace && roleMay(myRole, 'settings.update') ? <ApprovalSetting workspace={workspace} /> : null}
        <ul className="divide-y rounded-md border" data-testid="workspace-members">
          {members.map((m) => {
            const mayChange = manage && (m.role !== 'owner' || owners);
            const mayRemove = m.user_id === me || mayChange;
            return (
              <li key={m.user_id} className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid="member-row" data-email={m.email}>
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
                  {mayChange ? (
                    <RoleSelect
                      value={m.role}
                      roles={rolesFor(myRole)}
                      label={`${S.roleLabel}: ${m.name || m.email}`}
                      disabled={changeRole.isPending}
                      testId="member-role"
                      onChange={(role) =>
                        changeRole.mutate(
                          { userId: m.user_id, role },
                          {
                            onSuccess: () => toast({ title: S.success, description: S.roleChanged, variant: 'success' }),
                            onError: (err) => fail(messageOf(err, S.roleError), err),
                          },
                        )
                      }
                    />
                  ) : (
                    <Badge variant={m.role === 'owner' ? 'default' : 'secondary'} data-testid="member-role-badge">
                      {ORGANISATION_ROLE_LABELS[m.role]}
                    </Badge>
                  )}
                  {mayRemove ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700"
                      onClick={() => setToRemove(m)}
                      aria-label={`${m.user_id === me ? S.leaveSelf : S.remove}: ${m.name || m.email}`}
                    >
                      <UserMinus aria-hidden />
                      {m.user_id === me ? S.leaveSelf : S.remove}
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
      <ConfirmDialog
        open={!!toRemove}
        title={self ? S.leaveConfirmTitle : S.removeConfirmTitle}
        text={self ? S.leaveSelfConfirm(organisationName) : S.removeKeepsWork(toRemove?.name || toRemove?.email || '')}
        action={self ? S.leaveSelf : S.remove}
        pending={remove.isPending}
        onClose={() => setToRemove(null)}
        onConfirm={() =>
          toRemove &&
          remove.mutate(
            { workspaceId: organisationId, userId: toRemove.user_id },
            {
              onSuccess: () => {
                setToRemove(null);
                toast({ title: S.success, description: self ? S.left : S.removed, variant: 'success' });
              },
              onError: (err) => fail(messageOf(err, S.removeError), err),
            },
          )
        }
      />
    </Card>
  );
}

/** The members page of the active organisation: members with roles, invitations and seats. */
export function InvitationsPage() {
  const navigate = useNavigate();
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> });
  // Links of older invitation e-mails (?accept=<token>) open the invitation page.
  const legacyToken = typeof search.accept === 'string' && search.accept ? search.accept : null;
  useEffect(() => {
    if (legacyToken) void navigate({ href: `/invitation?token=${encodeURIComponent(legacyToken)}`, replace: true });
  }, [legacyToken, navigate]);

  const me = useSession((s) => s.profile?.user_id ?? null);
  const { organisation, isPending: orgsPending, isError, error } = useActiveOrganisation();
  const members = useMembers(organisation?.id);
  useEffect(() => {
    if (isError) fail(S.loadError, error);
  }, [isError, error]);

  return (
    <>
      <PageHeader description={S.pageDescription} />
      {orgsPending || (organisation && members.isPending) ? (
        <PageSpinner />
      ) : !organisation ? (
        <p className="text-sm text-muted-foreground">{S.noActive}</p>
      ) : members.data ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 [&>*]:min-w-0" data-testid="members-page" data-my-role={members.data.my_role}>
          <Members
            organisationId={organisation.id}
            organisationName={organisation.name}
            members={members.data.members}
            myRole={members.data.my_role}
            me={me}
          />
          {roleMay(members.data.my_role, 'members.manage') ? (
            <Invitations organisationId={organisation.id} myRole={members.data.my_role} seats={members.data.seats} />
          ) : (
            <Card>
              <CardContent className="pt-6">
                <SeatsLine seats={members.data.seats} />
              </CardContent>
            </Card>
          )}
          {roleMay(members.data.my_role, 'organisation.delete') ? <DeleteOrganisationCard organisationId={organisation.id} name={organisation.name} /> : null}
        </div>
      ) : null}
    </>
  );
}
