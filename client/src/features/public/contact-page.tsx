import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { PublicPage } from '@client/components/public-page';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { deferred } from '@client/components/deferred';
import { CONTACT_DETAILS } from '@shared/contact';

export { CONTACT_DETAILS };

export const OPENING_HOURS: { days: string; hours: string }[] = [
  { days: 'Δευτέρα - Παρασκευή', hours: '9:00 - 18:00' },
  { days: 'Σάββατο', hours: '10:00 - 15:00' },
  { days: 'Κυριακή', hours: 'Κλειστά' },
];

const ContactFormPart = deferred(() => import('./contact-form').then((m) => m.ContactForm));

export function ContactPage() {
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
          <ContactFormPart />
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
