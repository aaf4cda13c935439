import { Controller } from 'react-hook-form';
import { contactForm } from '@shared/schemas/public-site';
import { withQueryClient } from '@client/api/query-client';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Textarea } from '@client/components/ui/textarea';
import { useSchemaForm } from '@client/lib/schema-form';
import { ConsentCheckbox, Field, FormError } from './form-bits';
import { useSendLead } from './public-api';

/** The contact form (its code loads when the visitor reaches for it: contact-page.tsx). */
export const ContactForm = withQueryClient(function ContactForm() {
  const { form, message, onSubmit } = useSchemaForm(contactForm, {
    full_name: '',
    email: '',
    company: '',
    message: '',
  });
  const send = useSendLead();
  const submit = onSubmit(({ consent: _consent, ...lead }) =>
    send.mutate({ ...lead, source: 'contact' }),
  );
  const invalid = (field: keyof typeof form.formState.errors) =>
    form.formState.errors[field] ? true : undefined;

  return (
    <form
      noValidate
      onSubmit={submit}
      className="mt-6 space-y-5"
      aria-labelledby="contact-form-heading"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Ονοματεπώνυμο" required>
          <Input
            id="contact-name"
            autoComplete="name"
            {...form.register('full_name')}
            aria-invalid={invalid('full_name')}
            maxLength={120}
          />
        </Field>
        <Field id="contact-email" label="Email" required>
          <Input
            id="contact-email"
            type="email"
            autoComplete="email"
            {...form.register('email')}
            aria-invalid={invalid('email')}
            maxLength={254}
          />
        </Field>
      </div>
      <Field id="contact-company" label="Εταιρεία">
        <Input
          id="contact-company"
          autoComplete="organization"
          {...form.register('company')}
          aria-invalid={invalid('company')}
          maxLength={200}
        />
      </Field>
      <Field id="contact-message" label="Μήνυμα" required>
        <Textarea
          id="contact-message"
          rows={6}
          {...form.register('message')}
          aria-invalid={invalid('message')}
          maxLength={5000}
        />
      </Field>
      <Controller
        control={form.control}
        name="consent"
        render={({ field }) => (
          <ConsentCheckbox
            id="contact-consent"
            checked={field.value === true}
            onChange={(c) => field.onChange(c)}
          />
        )}
      />
      <FormError message={message} />
      <Button type="submit" size="lg" disabled={send.isPending}>
        {send.isPending ? 'Αποστολή...' : 'Αποστολή μηνύματος'}
      </Button>
    </form>
  );
});
