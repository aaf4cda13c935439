import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, CalendarPlus, Check, CheckCheck, CreditCard, Download, MoreHorizontal, Power, PowerOff, Repeat, Search, ShieldCheck, X } from 'lucide-react';
import { ROLES, type Role } from '@shared/constants';
import { ORGANISATION_ROLE_LABELS } from '@shared/organisation-roles';
import { PLAN_STATE_LABELS, type PlanState } from '@shared/plans';
import {
  PLAN_FILTERS,
  TRIAL_FILTERS,
  USER_STATUS_FILTERS,
  type AdminUser,
  type PlanFilter,
  type TrialFilter,
  type UserActionBody,
  type UserStatusFilter,
} from '@shared/schemas/admin';
import { ApiError } from '@client/api/http';
import { queryKeys } from '@client/api/query-keys';
import { PageHeader } from '@client/components/page-header';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Input } from '@client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Spinner } from '@client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { toast } from '@client/components/ui/use-toast';
import { formatDate } from '@client/lib/dates';
import { useSession } from '@client/stores/session';
import {
  Checkbox,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  Pager,
  UserStatusBadge,
} from '@client/features/admin/components';
import {
  ACTION_DONE,
  ACTION_LABELS,
  bulkApproved,
  CONFIRM_ACTION,
  CONFIRMED_ACTIONS,
  type ConfirmedAction,
  ERR,
  INACTIVE_LABEL,
  OK_TITLE,
  PLAN_LABELS,
  ROLE_LABELS,
  TRIAL_FILTER_LABELS,
  STATUS_LABELS,
  USER_ACTION_ERRORS,
  whoIs,
} from '@client/features/admin/strings';
import { errorToast, useErrorToast } from '@client/features/admin/use-error-toast';
import { adminCalls, useAdminUsers } from '@client/features/admin/queries';
import { refreshQueries } from '@client/lib/refresh';
import { ExtendTrialDialog, SetPlanDialog } from '@client/features/admin/plan-dialogs';
import { PendingErasures } from '@client/features/data-rights/pending-erasures';

const PLAN_STATE_BADGE: Record<PlanState, 'success' | 'info' | 'destructive'> = { active: 'success', trial: 'info', expired: 'destructive' };

/** A client's plan, its state and the trial's end; "—" for accounts without a plan. */
function PlanCell({ user }: { user: AdminUser }) {
  if (!user.plan_code || !user.plan_state) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="font-medium">{PLAN_LABELS[user.plan_code]}</span>
        <Badge variant={PLAN_STATE_BADGE[user.plan_state]}>{PLAN_STATE_LABELS[user.plan_state]}</Badge>
      </div>
      {user.plan_state !== 'active' && user.trial_ends_at ? (
        <div className="whitespace-nowrap text-xs text-muted-foreground">
          {user.plan_state === 'expired' ? 'Έληξε' : 'Λήγει'} {formatDate(user.trial_ends_at)}
        </div>
      ) : null}
    </div>
  );
}


function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

function statusFilterLabel(s: UserStatusFilter): string {
  if (s === 'all') return 'Όλες οι καταστάσεις';
  if (s === 'inactive') return INACTIVE_LABEL;
  return STATUS_LABELS[s];
}

function UserActions({
  user,
  onAction,
  onPlan,
}: {
  user: AdminUser;
  onAction: (u: AdminUser, body: UserActionBody) => void;
  onPlan: (u: AdminUser, dialog: 'trial' | 'plan') => void;
}) {
  const other: Role | null = user.role === 'client' ? 'media' : user.role === 'media' ? 'client' : null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={`Ενέργειες για ${user.email}`}>
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {user.status === 'pending' ? (
          <>
            <DropdownMenuItem onSelect={() => onAction(user, { action: 'approve' })}>
              <Check /> {ACTION_LABELS.approve}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onAction(user, { action: 'reject' })}>
              <X /> {ACTION_LABELS.reject}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
          </>
        ) : null}
        {user.status === 'banned' ? (
          <DropdownMenuItem onSelect={() => onAction(user, { action: 'unban' })}>
            <ShieldCheck /> {ACTION_LABELS.unban}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem destructive onSelect={() => onAction(user, { action: 'ban' })}>
            <Ban /> {ACTION_LABELS.ban}
          </DropdownMenuItem>
        )}
        {user.is_active ? (
          <DropdownMenuItem onSelect={() => onAction(user, { action: 'deactivate' })}>
            <PowerOff /> {ACTION_LABELS.deactivate}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => onAction(user, { action: 'activate' })}>
            <Power /> {ACTION_LABELS.activate}
          </DropdownMenuItem>
        )}
        {other ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onAction(user, { action: 'role_change', role: other })}>
              <Repeat /> {other === 'media' ? ACTION_LABELS.toMedia : ACTION_LABELS.toClient}
            </DropdownMenuItem>
          </>
        ) : null}
        {user.plan_state ? (
          <>
            <DropdownMenuSeparator />
            {user.plan_state !== 'active' ? (
              <DropdownMenuItem onSelect={() => onPlan(user, 'trial')}>
                <CalendarPlus /> Παράταση δοκιμής
              </DropdownMenuItem>
            ) : null}
            <DropdownMenuItem onSelect={() => onPlan(user, 'plan')}>
              <CreditCard /> Ορισμός πλάνου
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function UsersPage() {
  const qc = useQueryClient();
  const me = useSession((s) => s.profile?.user_id);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<'all' | Role>('all');
  const [status, setStatus] = useState<UserStatusFilter>('all');
  const [plan, setPlan] = useState<PlanFilter>('all');
  const [trial, setTrial] = useState<TrialFilter>('all');
  const [dialog, setDialog] = useState<{ user: AdminUser; kind: 'trial' | 'plan' } | null>(null);
  const [confirming, setConfirming] = useState<{ user: AdminUser; action: ConfirmedAction } | null>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const q = useDebounced(search.trim(), 300);

  useEffect(() => setPage(1), [q, role, status, plan, trial]);

  const params = useMemo(() => {
    const p = new URLSearchParams({ role, status, plan, trial, page: String(page) });
    if (q) p.set('q', q);
    return p.toString();
  }, [q, role, status, plan, trial, page]);

  const list = useAdminUsers(params);
  useErrorToast(list.error, ERR.users);

  const refresh = () => void refreshQueries(qc, queryKeys.admin);

  const action = useMutation({
    mutationFn: ({ user, body }: { user: AdminUser; body: UserActionBody }) =>
      adminCalls.userAction(user.user_id, body),
    onSuccess: (_u, { body }) => {
      toast({ title: OK_TITLE, description: ACTION_DONE[body.action], variant: 'success' });
      refresh();
    },
    onError: (err) => {
      errorToast(ERR.userUpdate, err instanceof ApiError ? USER_ACTION_ERRORS[err.code] : undefined, err);
      refresh();
    },
  });

  /** Ban, reject and deactivate are asked for first; the other actions run at once. */
  const requestAction = (user: AdminUser, body: UserActionBody) => {
    const asked = CONFIRMED_ACTIONS.find((a) => a === body.action);
    if (asked) setConfirming({ user, action: asked });
    else action.mutate({ user, body });
  };
  const confirmAction = () => {
    if (!confirming) return;
    action.mutate({ user: confirming.user, body: { action: confirming.action } }, { onSettled: () => setConfirming(null) });
  };

  const bulk = useMutation({
    mutationFn: (ids: string[]) => adminCalls.bulkApprove(ids),
    onSuccess: (r) => {
      toast({ title: OK_TITLE, description: bulkApproved(r.approved), variant: 'success' });
      setSelected(new Set());
      refresh();
    },
    onError: (err) => errorToast(ERR.bulkApprove, undefined, err),
  });

  const exportCsv = useMutation({
    mutationFn: () => adminCalls.exportUsers({ role, status, plan, trial, q }),
    onError: (err) => errorToast(ERR.users, undefined, err),
  });

  const items = list.data?.items ?? [];
  const selectable = items.filter((u) => u.user_id !== me);
  const allOnPage = selectable.length > 0 && selectable.every((u) => selected.has(u.user_id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const togglePage = () =>
    setSelected((s) => {
      const n = new Set(s);
      for (const u of selectable) {
        if (allOnPage) n.delete(u.user_id);
        else n.add(u.user_id);
      }
      return n;
    });

  return (
    <>
      <PageHeader
        description="Έγκριση, απόρριψη, αποκλεισμός και αλλαγή ρόλου χρηστών, με αναζήτηση, φίλτρα, μαζική έγκριση και εξαγωγή CSV."
        actions={
          <>
            <Button
              onClick={() => bulk.mutate([...selected])}
              disabled={selected.size === 0 || bulk.isPending}
              data-testid="bulk-approve"
            >
              <CheckCheck /> Μαζική έγκριση{selected.size ? ` (${selected.size})` : ''}
            </Button>
            <Button variant="outline" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
              <Download /> Εξαγωγή CSV
            </Button>
          </>
        }
      />

      <PendingErasures />
      <div className="mb-4 flex flex-col gap-3 md:flex-row md:flex-wrap md:items-center">
        <div className="relative md:w-full xl:w-72">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Αναζήτηση ονόματος, e-mail ή οργανισμού"
            aria-label="Αναζήτηση χρηστών"
            className="pl-9"
          />
        </div>
        <div className="grid grid-cols-2 gap-3 md:flex md:flex-wrap">
          <Select value={role} onValueChange={(v) => setRole(v as 'all' | Role)}>
            <SelectTrigger className="md:w-44" aria-label="Φίλτρο ρόλου">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">Όλοι οι ρόλοι</SelectItem>
              {ROLES.map((r) => (
                <SelectItem key={r} value={r}>
                  {ROLE_LABELS[r]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={status} onValueChange={(v) => setStatus(v as UserStatusFilter)}>
            <SelectTrigger className="md:w-48" aria-label="Φίλτρο κατάστασης">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {USER_STATUS_FILTERS.map((s) => (
                <SelectItem key={s} value={s}>
                  {statusFilterLabel(s)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={plan} onValueChange={(v) => setPlan(v as PlanFilter)}>
            <SelectTrigger className="md:w-40" aria-label="Φίλτρο πλάνου">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PLAN_FILTERS.map((p) => (
                <SelectItem key={p} value={p}>
                  {p === 'all' ? 'Όλα τα πλάνα' : p === 'none' ? 'Χωρίς πλάνο' : PLAN_LABELS[p]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={trial} onValueChange={(v) => setTrial(v as TrialFilter)}>
            <SelectTrigger className="md:w-60" aria-label="Φίλτρο δοκιμής">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TRIAL_FILTERS.map((t) => (
                <SelectItem key={t} value={t}>
                  {TRIAL_FILTER_LABELS[t]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {list.data ? (
          <p className="text-sm text-muted-foreground xl:ml-auto" data-testid="pending-count">
            Σε αναμονή: <strong className="text-foreground">{list.data.pending}</strong>
          </p>
        ) : null}
      </div>

      <div className="rounded-lg border bg-card">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-10">
                <Checkbox checked={allOnPage} onChange={togglePage} aria-label="Επιλογή όλων της σελίδας" disabled={!selectable.length} />
              </TableHead>
              <TableHead>Χρήστης</TableHead>
              <TableHead className="hidden 2xl:table-cell">Οργανισμός</TableHead>
              <TableHead>Ρόλος</TableHead>
              <TableHead>Κατάσταση</TableHead>
              <TableHead>Πλάνο</TableHead>
              <TableHead>Εγγραφή</TableHead>
              <TableHead className="sticky right-0 w-12 bg-muted">
                <span className="sr-only">Ενέργειες</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.isPending ? (
              <TableRow>
                <TableCell colSpan={8} className="py-10 text-center">
                  <Spinner />
                </TableCell>
              </TableRow>
            ) : items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={8} className="py-10 text-center text-muted-foreground">
                  {list.isError ? ERR.users : 'Δεν βρέθηκαν χρήστες'}
                </TableCell>
              </TableRow>
            ) : (
              items.map((u) => (
                <TableRow key={u.user_id} data-state={selected.has(u.user_id) ? 'selected' : undefined} data-email={u.email}>
                  <TableCell>
                    <Checkbox
                      checked={selected.has(u.user_id)}
                      onChange={() => toggle(u.user_id)}
                      disabled={u.user_id === me}
                      aria-label={`Επιλογή ${u.email}`}
                    />
                  </TableCell>
                  <TableCell className="min-w-[12rem]">
                    <div className="font-medium text-foreground">{u.name || '—'}</div>
                    <div className="text-xs text-muted-foreground">{u.email}</div>
                    {u.organization ? <div className="text-xs text-muted-foreground 2xl:hidden">{u.organization}</div> : null}
                  </TableCell>
                  <TableCell className="hidden 2xl:table-cell" data-testid="user-organisations">
                    <UserOrganisations user={u} />
                  </TableCell>
                  <TableCell>{ROLE_LABELS[u.role]}</TableCell>
                  <TableCell data-testid="user-status">
                    <UserStatusBadge status={u.status} isActive={u.is_active} />
                  </TableCell>
                  <TableCell data-testid="user-plan">
                    <PlanCell user={u} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatDate(u.created_at)}</TableCell>
                  <TableCell className="sticky right-0 bg-card">
                    {u.user_id === me ? null : (
                      <UserActions
                        user={u}
                        onAction={requestAction}
                        onPlan={(user, kind) => setDialog({ user, kind })}
                      />
                    )}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      {list.data ? <Pager page={page} total={list.data.total} pageSize={list.data.pageSize} onPage={setPage} /> : null}
      <ExtendTrialDialog user={dialog?.kind === 'trial' ? dialog.user : null} onClose={() => setDialog(null)} />
      <SetPlanDialog user={dialog?.kind === 'plan' ? dialog.user : null} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? CONFIRM_ACTION[confirming.action].title : ''}
        description={confirming ? CONFIRM_ACTION[confirming.action].text(whoIs(confirming.user)) : ''}
        confirmLabel={confirming ? ACTION_LABELS[confirming.action] : ''}
        pending={action.isPending}
        onConfirm={confirmAction}
        onCancel={() => setConfirming(null)}
        testId="user-action-confirm"
      />
    </>
  );
}

const ORGANISATION_PENDING = 'σε αναμονή έγκρισης';
const ORGANISATION_REJECTED = 'απορρίφθηκε';

/**
 * A user's organisations, each with their role there (a journalist's outlet when they have
 * none). The superadmin approves organisations: a pending or rejected one says so.
 */
function UserOrganisations({ user }: { user: AdminUser }) {
  if (!user.organisations.length) return <>{user.organization ?? '—'}</>;
  return (
    <ul className="space-y-0.5">
      {user.organisations.map((o) => (
        <li key={o.id} className="text-sm">
          <span className="font-medium text-foreground">{o.name}</span>{' '}
          <span className="text-xs text-muted-foreground">
            ({ORGANISATION_ROLE_LABELS[o.role]}
            {o.status === 'pending' ? `, ${ORGANISATION_PENDING}` : o.status === 'rejected' ? `, ${ORGANISATION_REJECTED}` : ''})
          </span>
        </li>
      ))}
    </ul>
  );
}
