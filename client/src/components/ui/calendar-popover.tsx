import * as Popover from '@radix-ui/react-popover';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { RefObject } from 'react';
import { DayPicker } from 'react-day-picker';
import { el } from 'date-fns/locale/el';

const toDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};
const toIso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const CLASS_NAMES = {
  months: 'flex flex-col',
  month: 'space-y-3',
  caption: 'relative flex items-center justify-center pt-1',
  caption_label: 'text-sm font-medium capitalize',
  nav: 'flex items-center',
  nav_button:
    'inline-flex h-7 w-7 items-center justify-center rounded-md border bg-transparent text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-30',
  nav_button_previous: 'absolute left-1',
  nav_button_next: 'absolute right-1',
  table: 'w-full border-collapse',
  head_row: 'flex',
  head_cell: 'w-9 text-[0.8rem] font-normal text-muted-foreground',
  row: 'mt-1 flex w-full',
  cell: 'relative h-9 w-9 p-0 text-center text-sm',
  day: 'inline-flex h-9 w-9 items-center justify-center rounded-md p-0 font-normal hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
  day_selected: 'bg-primary text-primary-foreground hover:bg-primary hover:text-primary-foreground',
  day_today: 'font-semibold underline underline-offset-4',
  day_outside: 'text-muted-foreground opacity-50',
  day_disabled: 'pointer-events-none text-muted-foreground opacity-40',
  day_hidden: 'invisible',
};

/** The month grid of a DateField, in Greek with Monday first. Loaded on first open. */
export default function CalendarPopover({
  id,
  selected,
  min,
  max,
  today,
  onPick,
  onClose,
  ignore,
}: {
  id: string;
  selected?: string;
  min?: string;
  max?: string;
  today: string;
  onPick: (iso: string) => void;
  onClose: () => void;
  /** The button that toggles the calendar: a press on it must not count as "outside". */
  ignore: RefObject<HTMLElement | null>;
}) {
  const day = selected ? toDate(selected) : undefined;
  return (
    <Popover.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Popover.Anchor asChild>
        <span aria-hidden className="pointer-events-none absolute inset-0" />
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          id={id}
          role="dialog"
          aria-label="Ημερολόγιο"
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 rounded-md border bg-background p-3 shadow-md"
          onInteractOutside={(e) => {
            if (ignore.current?.contains(e.target as Node)) e.preventDefault();
          }}
          onCloseAutoFocus={(e) => e.preventDefault()}
        >
          <DayPicker
            mode="single"
            locale={el}
            weekStartsOn={1}
            selected={day}
            defaultMonth={day ?? toDate(today)}
            today={toDate(today)}
            fromDate={min ? toDate(min) : undefined}
            toDate={max ? toDate(max) : undefined}
            onSelect={(d) => (d ? onPick(toIso(d)) : undefined)}
            initialFocus
            classNames={CLASS_NAMES}
            labels={{
              labelPrevious: () => 'Προηγούμενος μήνας',
              labelNext: () => 'Επόμενος μήνας',
            }}
            components={{
              IconLeft: () => <ChevronLeft className="h-4 w-4" aria-hidden />,
              IconRight: () => <ChevronRight className="h-4 w-4" aria-hidden />,
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
