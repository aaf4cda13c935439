import { Controller } from 'react-hook-form';
import { DEMO_TIME_SLOTS } from '@shared/constants';
import { athensToday, demoForm } from '@shared/schemas/public-site';
import { withQueryClient } from '@client/api/query-client';
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

/** The demo request form (its code loads when the visitor reaches for it: book-demo-page.tsx). */
export const DemoForm = withQueryClient(function DemoForm() {
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
  );
});
