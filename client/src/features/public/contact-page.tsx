import { Controller } from 'react-hook-form';
import { contactForm } from '@shared/schemas/public-site';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { PublicPage } from '@client/components/public-page';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Textarea } from '@client/components/ui/textarea';
import { ConsentCheckbox, Field, FormError } from './form-bits';
import { useSchemaForm } from '@client/lib/schema-form';
import { useSendLead } from './public-api';

export const CONTACT_DETAILS = {
  email: 'hello@deltio.gr',
  phone: '+30 210 123 4567',
  address: 'Λεωφόρος Συγγρού 120, 117 45 Αθήνα',
};

export const OPENING_HOURS: { days: string; hours: string }[] = [
  { days: 'Δευτέρα - Παρασκευή', hours: '9:00 - 18:00' },
  { days: 'Σάββατο', hours: '10:00 - 15:00' },
  { days: 'Κυριακή', hours: 'Κλειστά' },
];

export function ContactPage() {
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
    <PublicPage
      lead="Στείλτε μας μήνυμα και θα σας απαντήσουμε εντός 24 ωρών."
      description="Επικοινωνήστε με την ομάδα του Deltio για ερωτήσεις, τιμές ή συνεργασίες. Απαντάμε εντός 24 ωρών, Δευτέρα-Παρασκευή 9:00-18:00 και Σάββατο 10:00-15:00."
    >
      <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading" className="text-xl font-semibold">
            Φόρμα επικοινωνίας
          </h2>
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
        </section>
        <aside className="space-y-6" aria-label="Στοιχεία επικοινωνίας">
          <Card>
            <CardHeader>
              <CardTitle>Στοιχεία επικοινωνίας</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-3 text-sm">
                <li className="flex items-start gap-3">
                  <Mail className="mt-0.5 h-4 w-4 text-primary" aria-hidden />
                  <a
                    href={`mailto:${CONTACT_DETAILS.email}`}
                    className="text-primary underline-offset-2 hover:underline"
                  >
                    {CONTACT_DETAILS.email}
                  </a>
                </li>
                <li className="flex items-start gap-3">
                  <Phone className="mt-0.5 h-4 w-4 text-primary" aria-hidden />
                  <a
                    href={`tel:${CONTACT_DETAILS.phone.replace(/\s/g, '')}`}
                    className="text-primary underline-offset-2 hover:underline"
                  >
                    {CONTACT_DETAILS.phone}
                  </a>
                </li>
                <li className="flex items-start gap-3">
                  <MapPin className="mt-0.5 h-4 w-4 text-primary" aria-hidden />
                  <span>{CONTACT_DETAILS.address}</span>
                </li>
              </ul>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Clock className="h-4 w-4 text-primary" aria-hidden />
                Ωράριο λειτουργίας
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="space-y-2 text-sm" data-testid="opening-hours">
                {OPENING_HOURS.map((row) => (
                  <div key={row.days} className="flex justify-between gap-4">
                    <dt className="text-muted-foreground">{row.days}</dt>
                    <dd className="font-medium">{row.hours}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
        </aside>
      </div>
    </PublicPage>
  );
}
