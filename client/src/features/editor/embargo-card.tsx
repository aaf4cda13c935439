import { ShieldAlert, X } from 'lucide-react';
import type * as Y from 'yjs';
import { athensDateTime, athensInstant, EMBARGO_DATE_FIELD, EMBARGO_MESSAGES, EMBARGO_TIME_FIELD } from '@shared/embargo';
import { ApiError } from '@client/api/http';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { DateField, TimeField } from '@client/components/ui/date-field';
import { Label } from '@client/components/ui/label';
import { dayjs } from '@client/lib/dates';
import { useMetaField } from './use-meta-field';

const S = {
  title: 'Εμβάργκο',
  text: 'Οι δημοσιογράφοι λαμβάνουν το δελτίο αμέσως, με σήμανση εμβάργκο. Στο δημόσιο newsroom εμφανίζεται μόλις λήξει.',
  date: 'Λήξη: ημερομηνία',
  time: 'Λήξη: ώρα',
  clear: 'Χωρίς εμβάργκο',
  until: (at: Date | string) => `Υπό εμβάργκο έως ${athensDateTime(at)} (ώρα Ελλάδας)`,
  none: 'Χωρίς εμβάργκο: το δελτίο είναι δημόσιο με την αποστολή.',
  sentNone: 'Στάλθηκε χωρίς εμβάργκο.',
};

/** The embargo the editors typed: the instant, or 'incomplete' for half of it (a date without a time or the reverse). */
function readEmbargo(meta: Y.Map<unknown>): Date | 'incomplete' | null {
  const text = (key: string) => (typeof meta.get(key) === 'string' ? (meta.get(key) as string) : '');
  const [date, time] = [text(EMBARGO_DATE_FIELD), text(EMBARGO_TIME_FIELD)];
  if (!date && !time) return null;
  return (date && time && athensInstant(date, time)) || 'incomplete';
}

/** Why the release cannot go out at `sendAt` with its embargo (the server's rules, said before asking it), or null. */
export function embargoProblem(meta: Y.Map<unknown>, sendAt: Date): string | null {
  const at = readEmbargo(meta);
  if (at === null) return null;
  if (at === 'incomplete') return EMBARGO_MESSAGES.incomplete;
  if (at.getTime() <= Date.now()) return EMBARGO_MESSAGES.past;
  if (at.getTime() <= sendAt.getTime()) return EMBARGO_MESSAGES.beforeSchedule;
  return null;
}

/** The server's Greek message for a send or schedule refused because of the embargo, or null. */
export function embargoError(err: ApiError): string | null {
  if (err.code === 'embargo_past') return err.message || EMBARGO_MESSAGES.past;
  if (err.code === 'embargo_before_schedule') return err.message || EMBARGO_MESSAGES.beforeSchedule;
  return null;
}

/**
 * The editor's embargo: a date and a time in Athens, in the document's shared `meta` map
 * (co-editors see each other's changes live; the server derives press_releases.embargo_until).
 * Once sent it shows the embargo the release went out with.
 */
export function EmbargoCard({ meta, disabled, sentEmbargo }: { meta: Y.Map<unknown>; disabled: boolean; sentEmbargo?: string | null }) {
  const [date, setDate] = useMetaField(meta, EMBARGO_DATE_FIELD);
  const [time, setTime] = useMetaField(meta, EMBARGO_TIME_FIELD);
  const at = date && time ? athensInstant(date, time) : null;
  const sent = sentEmbargo !== undefined;
  // An end that has passed cannot be sent: said here already, not only when sending.
  const past = !sent && at !== null && at.getTime() <= Date.now();
  const summary = sent
    ? sentEmbargo
      ? S.until(sentEmbargo)
      : S.sentNone
    : past
      ? EMBARGO_MESSAGES.past
      : at
        ? S.until(at)
        : date || time
          ? EMBARGO_MESSAGES.incomplete
          : S.none;
  const warn = !sent && (date || time) && (!at || past);
  return (
    <Card data-testid="embargo-card">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <ShieldAlert className="h-4 w-4 text-amber-600" aria-hidden />
          {S.title}
        </CardTitle>
        <CardDescription>{S.text}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {sent ? null : (
          <div className="grid grid-cols-2 gap-2">
            <div className="space-y-1">
              <Label htmlFor="embargo-date">{S.date}</Label>
              <DateField id="embargo-date" value={date} min={dayjs().format('YYYY-MM-DD')} onChange={setDate} disabled={disabled} />
            </div>
            <div className="space-y-1">
              <Label htmlFor="embargo-time">{S.time}</Label>
              <TimeField id="embargo-time" value={time} onChange={setTime} disabled={disabled} />
            </div>
          </div>
        )}
        <p className={warn ? 'text-sm text-red-700' : 'text-sm text-muted-foreground'} data-testid="embargo-summary" aria-live="polite">
          {summary}
        </p>
        {!sent && (date || time) ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={disabled}
            onClick={() => {
              setDate('');
              setTime('');
            }}
          >
            <X aria-hidden /> {S.clear}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
