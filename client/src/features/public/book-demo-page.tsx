import { Controller } from 'react-hook-form';
import { CalendarCheck, Clock, MonitorPlay } from 'lucide-react';
import { DEMO_TIME_SLOTS } from '@shared/constants';
import { athensToday, demoForm } from '@shared/schemas/public-site';
import { PublicPage } from '@client/components/public-page';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { DateField } from '@client/components/ui/date-field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@client/components/ui/select';
import { Textarea } from '@client/components/ui/textarea';
import { ConsentCheckbox, Field, FormError } from './form-bits';
import { useSchemaForm } from '@client/lib/schema-form';
import { useSendDemoRequest } from './public-api';

type Slot = (typeof DEMO_TIME_SLOTS)[number];
export const TIME_SLOT_LABELS: Record<Slot, string> = {
  morning: 'Πρωί (9:00 - 12:00)',
  afternoon: 'Μεσημέρι (12:00 - 15:00)',
  evening: 'Απόγευμα (15:00 - 18:00)',
};

const ROLE_OPTIONS = [
  { value: 'client', label: 'Πελάτης' },
  { value: 'media', label: 'Media' },
] as const;

export function BookDemoPage() {
  const { form, message, onSubmit } = useSchemaForm(demoForm, {
    full_name: '',
    email: '',
    company: '',
    notes: '',
    preferred_date: '',
    preferred_time: '',
  });
  const send = useSendDemoRequest();
  const today = athensToday();
  const submit = onSubmit(({ consent: _consent, ...request }) => send.mutate(request));
  const invalid = (field: keyof typeof form.formState.errors) =>
    form.formState.errors[field] ? true : undefined;

  return (
    <PublicPage
      lead="Κλείστε μια σύντομη παρουσίαση της πλατφόρμας, διάρκειας 15 λεπτών, με την ομάδα μας."
      description="Κλείστε δωρεάν παρουσίαση 15 λεπτών του Deltio: δείτε τη συγγραφή δελτίων με AI, τη στοχευμένη αποστολή στα media και τις αναφορές αποτελεσμάτων."
    >
      <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="demo-form-heading">
          <h2 id="demo-form-heading" className="text-xl font-semibold">
            Στοιχεία αιτήματος
          </h2>
          <form
            noValidate
            onSubmit={submit}
            className="mt-6 space-y-5"
            aria-labelledby="demo-form-heading"
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <Field id="demo-name" label="Ονοματεπώνυμο" required>
                <Input
                  id="demo-name"
                  autoComplete="name"
                  {...form.register('full_name')}
                  aria-invalid={invalid('full_name')}
                  maxLength={120}
                />
              </Field>
              <Field id="demo-email" label="Email" required>
                <Input
                  id="demo-email"
                  type="email"
                  autoComplete="email"
                  {...form.register('email')}
                  aria-invalid={invalid('email')}
                  maxLength={254}
                />
              </Field>
              <Field id="demo-company" label="Εταιρεία ή μέσο" required>
                <Input
                  id="demo-company"
                  autoComplete="organization"
                  {...form.register('company')}
                  aria-invalid={invalid('company')}
                  maxLength={200}
                />
              </Field>
              <Field id="demo-role" label="Ενδιαφέρομαι ως" required>
                <Controller
                  control={form.control}
                  name="role"
                  render={({ field }) => (
                    <Select value={field.value ?? ''} onValueChange={(v) => field.onChange(v)}>
                      <SelectTrigger
                        id="demo-role"
                        aria-label="Ενδιαφέρομαι ως"
                        aria-invalid={invalid('role')}
                      >
                        <SelectValue placeholder="Επιλέξτε" />
                      </SelectTrigger>
                      <SelectContent>
                        {ROLE_OPTIONS.map((o) => (
                          <SelectItem key={o.value} value={o.value}>
                            {o.label}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </Field>
              <Field id="demo-date" label="Προτιμώμενη ημερομηνία" hint="Από σήμερα και μετά">
                <Controller
                  control={form.control}
                  name="preferred_date"
                  render={({ field }) => (
                    <DateField
                      id="demo-date"
                      min={today}
                      value={field.value ?? ''}
                      onChange={(value) => field.onChange(value)}
                      aria-describedby="demo-date-hint"
                      aria-invalid={invalid('preferred_date')}
                    />
                  )}
                />
              </Field>
              <Field id="demo-time" label="Προτιμώμενη ώρα">
                <Controller
                  control={form.control}
                  name="preferred_time"
                  render={({ field }) => (
                    <Select value={field.value ?? ''} onValueChange={(v) => field.onChange(v)}>
                      <SelectTrigger id="demo-time" aria-label="Προτιμώμενη ώρα">
                        <SelectValue placeholder="Οποιαδήποτε ώρα" />
                      </SelectTrigger>
                      <SelectContent>
                        {DEMO_TIME_SLOTS.map((s) => (
                          <SelectItem key={s} value={s}>
                            {TIME_SLOT_LABELS[s]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </Field>
            </div>
            <Field id="demo-notes" label="Σημειώσεις">
              <Textarea
                id="demo-notes"
                rows={4}
                {...form.register('notes')}
                aria-invalid={invalid('notes')}
                maxLength={2000}
                placeholder="Τι θα θέλατε να δείτε στην παρουσίαση;"
              />
            </Field>
            <Controller
              control={form.control}
              name="consent"
              render={({ field }) => (
                <ConsentCheckbox
                  id="demo-consent"
                  checked={field.value === true}
                  onChange={(c) => field.onChange(c)}
                />
              )}
            />
            <FormError message={message} />
            <Button type="submit" size="lg" disabled={send.isPending}>
              {send.isPending ? 'Υποβολή...' : 'Κλείστε το demo'}
            </Button>
          </form>
        </section>
        <aside
          className="space-y-5 self-start rounded-lg border bg-slate-50 p-6"
          aria-labelledby="demo-what-heading"
        >
          <h2 id="demo-what-heading" className="text-lg font-semibold">
            Τι θα δείτε
          </h2>
          <ul className="space-y-4 text-sm">
            <li className="flex gap-3">
              <MonitorPlay className="h-5 w-5 shrink-0 text-primary" aria-hidden />
              Ζωντανή παρουσίαση της συγγραφής με AI, της στόχευσης media ανά κατηγορία και των
              αναφορών.
            </li>
            <li className="flex gap-3">
              <Clock className="h-5 w-5 shrink-0 text-primary" aria-hidden />
              Διάρκεια 15 λεπτών, online, με χρόνο για τις ερωτήσεις σας.
            </li>
            <li className="flex gap-3">
              <CalendarCheck className="h-5 w-5 shrink-0 text-primary" aria-hidden />
              Θα επικοινωνήσουμε εντός 24 ωρών για να επιβεβαιώσουμε ημέρα και ώρα.
            </li>
          </ul>
        </aside>
      </div>
    </PublicPage>
  );
}
