import { PublicPage, ScrollRegion } from '@client/components/public-page';
import { Button } from '@client/components/ui/button';
import { openCookiePreferences } from '@client/features/cookies/consent-store';
import { LegalSections, type LegalSection } from './legal-sections';

export const COOKIE_TYPES = [
  {
    name: 'Απαραίτητα',
    purpose:
      'Σύνδεση, ασφάλεια και αποθήκευση της επιλογής σας για τα cookies. Χωρίς αυτά η πλατφόρμα δεν λειτουργεί.',
    duration: 'Διάρκεια συνεδρίας έως 30 ημέρες',
  },
  {
    name: 'Λειτουργικά',
    purpose: 'Θυμούνται προτιμήσεις όπως την κατάσταση της πλαϊνής μπάρας και τη γλώσσα.',
    duration: '1 έτος',
  },
  {
    name: 'Απόδοσης (analytics)',
    purpose: 'Ανώνυμα στατιστικά χρήσης που μας βοηθούν να βελτιώνουμε την πλατφόρμα.',
    duration: '2 έτη',
  },
  {
    name: 'Marketing',
    purpose: 'Μέτρηση της αποτελεσματικότητας των διαφημιστικών μας καμπανιών.',
    duration: '1 έτος',
  },
];

const SECTIONS: LegalSection[] = [
  {
    id: 'what',
    title: 'Τι είναι τα cookies',
    body: (
      <p>
        Τα cookies είναι μικρά αρχεία κειμένου που αποθηκεύει ο φυλλομετρητής σας όταν επισκέπτεστε
        έναν ιστότοπο. Μαζί με παρόμοιες τεχνολογίες, όπως η τοπική αποθήκευση (localStorage),
        επιτρέπουν στον ιστότοπο να θυμάται τη σύνδεσή σας και τις προτιμήσεις σας από σελίδα σε
        σελίδα.
      </p>
    ),
  },
  {
    id: 'types',
    title: 'Τύποι cookies',
    body: (
      <ScrollRegion aria-label="Τύποι cookies" hint="Σύρετε οριζόντια για να δείτε όλον τον πίνακα">
        <table className="w-full min-w-[480px] text-left text-sm">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-2">
                Κατηγορία
              </th>
              <th scope="col" className="px-3 py-2">
                Σκοπός
              </th>
              <th scope="col" className="px-3 py-2">
                Διάρκεια
              </th>
            </tr>
          </thead>
          <tbody>
            {COOKIE_TYPES.map((c) => (
              <tr key={c.name} className="border-t align-top">
                <th scope="row" className="px-3 py-2 font-medium">
                  {c.name}
                </th>
                <td className="px-3 py-2">{c.purpose}</td>
                <td className="px-3 py-2 whitespace-nowrap">{c.duration}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    ),
  },
  {
    id: 'usage',
    title: 'Πώς τα χρησιμοποιούμε',
    body: (
      <p>
        Τα απαραίτητα cookies είναι πάντα ενεργά. Όλες οι υπόλοιπες κατηγορίες είναι
        απενεργοποιημένες έως ότου δώσετε τη συγκατάθεσή σας: κανένα script στατιστικών ή marketing
        δεν φορτώνεται πριν από αυτή. Η επιλογή σας αποθηκεύεται στη συσκευή σας (κλειδί
        cookie_consent_v1) και, αν είστε συνδεδεμένοι, στον λογαριασμό σας.
      </p>
    ),
  },
  {
    id: 'management',
    title: 'Διαχείριση cookies',
    body: (
      <>
        <p>
          Μπορείτε να αλλάξετε την επιλογή σας οποιαδήποτε στιγμή από τις προτιμήσεις cookies.
          Μπορείτε επίσης να διαγράψετε ή να μπλοκάρετε τα cookies από τις ρυθμίσεις του
          φυλλομετρητή σας· σε αυτή την περίπτωση ορισμένες λειτουργίες ίσως δεν δουλεύουν σωστά.
        </p>
        <Button variant="outline" onClick={openCookiePreferences}>
          Προτιμήσεις cookies
        </Button>
      </>
    ),
  },
  {
    id: 'third-parties',
    title: 'Τρίτα μέρη',
    body: (
      <p>
        Δεν επιτρέπουμε σε τρίτους να τοποθετούν cookies χωρίς τη συγκατάθεσή σας. Εφόσον
        αποδεχτείτε τα cookies απόδοσης ή marketing, μπορεί να χρησιμοποιηθούν υπηρεσίες μέτρησης
        συνεργατών εντός της ΕΕ, οι οποίοι δεσμεύονται συμβατικά να επεξεργάζονται τα δεδομένα μόνο
        για λογαριασμό μας.
      </p>
    ),
  },
];

export function CookiesPage() {
  return (
    <PublicPage lead="Τι είναι τα cookies, ποιους τύπους χρησιμοποιούμε, για ποιο σκοπό και πώς μπορείτε να τα διαχειριστείτε.">
      <LegalSections sections={SECTIONS} updated="1 Νοεμβρίου 2026" />
    </PublicPage>
  );
}
