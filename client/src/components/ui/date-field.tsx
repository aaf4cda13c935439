import * as React from 'react';
import { CalendarDays } from 'lucide-react';
import { dayjs } from '@client/lib/dates';
import { formatDateInput, parseDateInput, parseTimeInput, withinBounds } from '@client/lib/date-input';
import { cn } from '@client/lib/utils';
import { Input } from './input';

/** The month grid loads on first open: public pages (the demo form) stay light. */
const CalendarPopover = React.lazy(() => import('./calendar-popover'));

type FieldAria = Pick<React.InputHTMLAttributes<HTMLInputElement>, 'aria-invalid' | 'aria-describedby' | 'aria-label' | 'required' | 'name'>;

export interface DateFieldProps extends FieldAria {
  id: string;
  /** ISO date (YYYY-MM-DD) or '' for none. */
  value: string;
  onChange: (iso: string) => void;
  min?: string;
  max?: string;
  disabled?: boolean;
  className?: string;
}

const outOfRange = (min?: string, max?: string) =>
  min && max
    ? `Επιλέξτε ημερομηνία από ${formatDateInput(min)} έως ${formatDateInput(max)}`
    : min
      ? `Επιλέξτε ημερομηνία από ${formatDateInput(min)} και μετά`
      : `Επιλέξτε ημερομηνία έως ${formatDateInput(max)}`;

/**
 * A Greek date field: typed as dd/mm/yyyy or picked from a month calendar (Monday first,
 * Greek month and day names). Out-of-range or unreal dates block a form's submission with a
 * Greek message, as the native widget's min/max did.
 */
export function DateField({ id, value, onChange, min, max, disabled, className, ...aria }: DateFieldProps) {
  const [text, setText] = React.useState(() => formatDateInput(value));
  const [open, setOpen] = React.useState(false);
  const input = React.useRef<HTMLInputElement>(null);
  const button = React.useRef<HTMLButtonElement>(null);

  // Follow changes made outside (a reset, a loaded record) without fighting the typing.
  React.useEffect(() => {
    setText((current) => (parseDateInput(current) === value ? current : formatDateInput(value)));
  }, [value]);

  const parsed = parseDateInput(text);
  const problem = text.trim() === '' ? '' : !parsed ? 'Γράψτε την ημερομηνία ως ηη/μμ/εεεε' : !withinBounds(parsed, min, max) ? outOfRange(min, max) : '';
  React.useEffect(() => input.current?.setCustomValidity(problem), [problem]);

  const type = (next: string) => {
    setText(next);
    if (next.trim() === '') onChange('');
    else {
      const iso = parseDateInput(next);
      if (iso && iso !== value) onChange(iso);
    }
  };
  const pick = (iso: string) => {
    setText(formatDateInput(iso));
    if (iso !== value) onChange(iso);
    setOpen(false);
    input.current?.focus();
  };

  return (
    <div className={cn('relative', className)}>
      <Input
        ref={input}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="ηη/μμ/εεεε"
        value={text}
        disabled={disabled}
        onChange={(e) => type(e.target.value)}
        // Leaving the field shows what applies: a date the form refused, or an unreadable one, gives way to the value.
        onBlur={() => setText(formatDateInput(value))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && e.altKey) setOpen(true);
        }}
        {...aria}
        aria-invalid={aria['aria-invalid'] || (problem ? true : undefined)}
        className="pr-10"
      />
      <button
        ref={button}
        type="button"
        aria-label="Επιλογή από ημερολόγιο"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${id}-calendar` : undefined}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        className="absolute right-1 top-1 inline-flex h-8 w-8 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50"
      >
        <CalendarDays className="h-4 w-4" aria-hidden />
      </button>
      {open ? (
        <React.Suspense fallback={null}>
          <CalendarPopover
            id={`${id}-calendar`}
            selected={parsed ?? (value || undefined)}
            min={min}
            max={max}
            today={dayjs().format('YYYY-MM-DD')}
            onPick={pick}
            onClose={() => {
              setOpen(false);
              input.current?.focus();
            }}
            ignore={button}
          />
        </React.Suspense>
      ) : null}
    </div>
  );
}

export interface TimeFieldProps extends FieldAria {
  id: string;
  /** HH:mm (24-hour) or '' for none. */
  value: string;
  onChange: (time: string) => void;
  disabled?: boolean;
  className?: string;
}

/** A 24-hour time field (ωω:λλ), the same on every device; "9:05" or "0905" become 09:05. */
export function TimeField({ id, value, onChange, disabled, className, ...aria }: TimeFieldProps) {
  const [text, setText] = React.useState(value);
  const input = React.useRef<HTMLInputElement>(null);
  React.useEffect(() => {
    setText((current) => (parseTimeInput(current) === value ? current : value));
  }, [value]);
  const parsed = parseTimeInput(text);
  const problem = text.trim() === '' || parsed ? '' : 'Γράψτε την ώρα ως ωω:λλ (00:00–23:59)';
  React.useEffect(() => input.current?.setCustomValidity(problem), [problem]);
  return (
    <Input
      ref={input}
      id={id}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="ωω:λλ"
      maxLength={5}
      value={text}
      disabled={disabled}
      onChange={(e) => {
        setText(e.target.value);
        const t = e.target.value.trim() === '' ? '' : parseTimeInput(e.target.value);
        if (t !== null && t !== value) onChange(t);
      }}
      onBlur={() => setText(value)}
      {...aria}
      aria-invalid={aria['aria-invalid'] || (problem ? true : undefined)}
      className={className}
    />
  );
}
