import { CalendarCheck, Clock, MonitorPlay } from 'lucide-react';
import { PublicPage } from '@client/components/public-page';
import { deferred } from '@client/components/deferred';

const DemoFormPart = deferred(() => import('./demo-form').then((m) => m.DemoForm));

export function BookDemoPage() {
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
          <DemoFormPart />
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
