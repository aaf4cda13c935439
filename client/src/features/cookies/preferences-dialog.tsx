import { useEffect, useState } from 'react';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Switch } from '@client/components/ui/switch';
import { NO_OPTIONAL, useConsent, type ConsentChoice } from './consent-store';

const CATEGORIES: { key: keyof ConsentChoice | 'necessary'; title: string; text: string }[] = [
  {
    key: 'necessary',
    title: 'Απαραίτητα',
    text: 'Απαιτούνται για τη σύνδεση, την ασφάλεια και την αποθήκευση αυτής της επιλογής. Είναι πάντα ενεργά.',
  },
  {
    key: 'functional',
    title: 'Λειτουργικά',
    text: 'Θυμούνται προτιμήσεις σας, όπως την κατάσταση της πλαϊνής μπάρας. Διάρκεια: 1 έτος.',
  },
  {
    key: 'performance',
    title: 'Απόδοσης (analytics)',
    text: 'Ανώνυμα στατιστικά χρήσης για να βελτιώνουμε την πλατφόρμα. Διάρκεια: 2 έτη.',
  },
  {
    key: 'marketing',
    title: 'Marketing',
    text: 'Μέτρηση της αποτελεσματικότητας των καμπανιών μας. Διάρκεια: 1 έτος.',
  },
];

/** The cookie preferences dialog (loaded the first time it opens: cookie-banner.tsx). */
export function PreferencesDialog() {
  const open = useConsent((s) => s.preferencesOpen);
  const setOpen = useConsent((s) => s.setPreferencesOpen);
  const consent = useConsent((s) => s.consent);
  const choose = useConsent((s) => s.choose);
  const acceptAll = useConsent((s) => s.acceptAll);
  const [draft, setDraft] = useState<ConsentChoice>(NO_OPTIONAL);

  useEffect(() => {
    if (open) {
      setDraft(
        consent
          ? {
              functional: consent.functional,
              performance: consent.performance,
              marketing: consent.marketing,
            }
          : NO_OPTIONAL,
      );
    }
  }, [open, consent]);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Προτιμήσεις cookies</DialogTitle>
          <DialogDescription>
            Επιλέξτε ποιες κατηγορίες cookies επιτρέπετε. Μπορείτε να αλλάξετε γνώμη οποιαδήποτε
            στιγμή.
          </DialogDescription>
        </DialogHeader>
        <ul className="space-y-4">
          {CATEGORIES.map((c) => {
            const id = `cookie-${c.key}`;
            const checked = c.key === 'necessary' ? true : draft[c.key];
            return (
              <li
                key={c.key}
                className="flex items-start justify-between gap-4 rounded-md border p-3"
              >
                <div>
                  <label htmlFor={id} className="font-medium">
                    {c.title}
                  </label>
                  <p id={`${id}-text`} className="mt-1 text-sm text-muted-foreground">
                    {c.text}
                  </p>
                </div>
                <Switch
                  id={id}
                  checked={checked}
                  disabled={c.key === 'necessary'}
                  aria-describedby={`${id}-text`}
                  onCheckedChange={(value) => {
                    if (c.key !== 'necessary') setDraft((d) => ({ ...d, [c.key]: value }));
                  }}
                />
              </li>
            );
          })}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={() => choose(draft)}>
            Αποθήκευση προτιμήσεων
          </Button>
          <Button onClick={acceptAll}>Αποδοχή όλων</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
