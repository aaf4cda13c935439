import * as React from 'react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { UserStatus } from '@shared/constants';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';
import { INACTIVE_LABEL, STATUS_LABELS } from './strings';
import { plural } from '@shared/plural';

/** 'Σελίδα X από Y' with previous / next buttons (spec 9). */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex items-center justify-between gap-3 pt-4 text-sm text-muted-foreground">
      <span>
        {total} {plural(total, 'εγγραφή', 'εγγραφές')}
      </span>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="icon-sm" aria-label="Προηγούμενη σελίδα" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft />
        </Button>
        <span aria-live="polite">
          Σελίδα {Math.min(page, pages)} από {pages}
        </span>
        <Button variant="outline" size="icon-sm" aria-label="Επόμενη σελίδα" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          <ChevronRight />
        </Button>
      </div>
    </div>
  );
}

/** A user's status badge; inactive users show the Inactive badge (spec 4), in Greek, instead. */
export function UserStatusBadge({ status, isActive }: { status: UserStatus; isActive: boolean }) {
  if (!isActive) return <Badge variant="secondary">{INACTIVE_LABEL}</Badge>;
  const variant = ({ pending: 'warning', approved: 'success', rejected: 'outline', banned: 'destructive' } as const)[status];
  return <Badge variant={variant}>{STATUS_LABELS[status]}</Badge>;
}

export function Checkbox({ className, ...props }: Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <input type="checkbox" className={cn('h-4 w-4 cursor-pointer rounded border-input accent-primary', className)} {...props} />;
}

export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;

export function DropdownMenuContent({ className, ...props }: React.ComponentPropsWithoutRef<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        align="end"
        sideOffset={4}
        className={cn('z-50 min-w-[12rem] overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md', className)}
        {...props}
      />
    </Menu.Portal>
  );
}

export function DropdownMenuItem({
  className,
  destructive,
  ...props
}: React.ComponentPropsWithoutRef<typeof Menu.Item> & { destructive?: boolean }) {
  return (
    <Menu.Item
      className={cn(
        'flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4',
        destructive && 'text-red-700 focus:text-red-800',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuSeparator() {
  return <Menu.Separator className="-mx-1 my-1 h-px bg-muted" />;
}

/** Counter card of the overview. */
export function StatCard({ label, value, hint, icon }: { label: string; value: React.ReactNode; hint?: string; icon: React.ReactNode }) {
  return (
    <div className="rounded-lg border bg-card p-4 shadow-sm">
      <div className="flex items-center justify-between text-sm text-muted-foreground">
        <span>{label}</span>
        <span className="text-primary [&_svg]:size-5">{icon}</span>
      </div>
      <div className="mt-2 text-3xl font-bold tabular-nums text-foreground">{value}</div>
      {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}
