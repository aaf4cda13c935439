import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from '@tanstack/react-router';
import { Bell, CheckCheck } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { fromNow } from '@client/lib/dates';
import { cn } from '@client/lib/utils';
import { useNotifications } from './use-notifications';
import { count } from '@shared/plural';

const S = {
  label: 'Ειδοποιήσεις',
  unread: (n: number) => (count(n, 'μη αναγνωσμένη', 'μη αναγνωσμένες')),
  markAll: 'Σήμανση όλων ως αναγνωσμένων',
  empty: 'Δεν έχετε ειδοποιήσεις ακόμη.',
  loadError: 'Δεν ήταν δυνατή η φόρτωση των ειδοποιήσεων',
};

/** The header bell: real unread count, the latest notifications, mark read; live over Socket.IO. */
export function NotificationBell() {
  const navigate = useNavigate();
  const { query, markRead, markAll } = useNotifications();
  const unread = query.data?.unreadCount ?? 0;
  const items = query.data?.items ?? [];
  const badge = unread > 99 ? '99+' : String(unread);

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread ? `${S.label} (${S.unread(unread)})` : S.label}
          data-testid="notification-bell"
        >
          <Bell aria-hidden />
          {unread > 0 ? (
            <span
              data-testid="notification-badge"
              className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-semibold leading-none text-white"
            >
              {badge}
            </span>
          ) : null}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-[min(22rem,calc(100vw-1.5rem))] overflow-hidden rounded-lg border bg-background shadow-lg data-[state=open]:animate-fade-in"
        >
          <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
            <div>
              <p className="text-sm font-semibold">{S.label}</p>
              <p className="text-xs text-muted-foreground">{unread ? S.unread(unread) : 'Όλες αναγνωσμένες'}</p>
            </div>
            <Button
              variant="ghost"
              size="sm"
              disabled={!unread || markAll.isPending}
              onClick={(e) => {
                e.preventDefault();
                markAll.mutate();
              }}
            >
              <CheckCheck aria-hidden />
              <span className="sr-only sm:not-sr-only">{S.markAll}</span>
            </Button>
          </div>
          <div className="max-h-96 overflow-y-auto" role="list" aria-label={S.label}>
            {query.isPending ? (
              <div className="flex justify-center p-6">
                <Spinner />
              </div>
            ) : query.isError ? (
              <p className="p-4 text-sm text-red-700">{S.loadError}</p>
            ) : items.length === 0 ? (
              <p className="p-6 text-center text-sm text-muted-foreground">{S.empty}</p>
            ) : (
              items.map((n) => (
                <DropdownMenu.Item
                  key={n.id}
                  role="listitem"
                  data-testid="notification-item"
                  data-unread={!n.readAt}
                  onSelect={() => {
                    if (!n.readAt) markRead.mutate(n.id);
                    if (n.link?.startsWith('/')) void navigate({ to: n.link });
                  }}
                  className={cn(
                    'flex cursor-pointer gap-3 border-b px-3 py-2.5 text-left outline-none last:border-b-0 focus:bg-slate-100 data-[highlighted]:bg-slate-100',
                    !n.readAt && 'bg-blue-50/60',
                  )}
                >
                  <span
                    aria-hidden
                    className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', n.readAt ? 'bg-transparent' : 'bg-blue-600')}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium">{n.title}</span>
                    {n.body ? <span className="block text-xs text-muted-foreground">{n.body}</span> : null}
                    <span className="mt-0.5 block text-[11px] text-slate-500">{fromNow(n.createdAt)}</span>
                  </span>
                  {!n.readAt ? <span className="sr-only">Μη αναγνωσμένη</span> : null}
                </DropdownMenu.Item>
              ))
            )}
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
