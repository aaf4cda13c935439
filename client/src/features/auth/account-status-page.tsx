import { useEffect, useRef, useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { CheckCircle2, Clock, LogOut, Mail, Phone, XCircle } from 'lucide-react';
import { ROLE_HOMES, type UserStatus } from '@shared/constants';
import { CONTACT_DETAILS } from '@shared/contact';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useRouteTitle } from '@client/hooks/use-page-title';
import { useLiveQueries } from '@client/realtime/use-live-queries';
import { authClient, useSession } from '@client/stores/session';
import { toastApproved } from './approved-toast';

const route = getRouteApi('/_auth/account-status');

const MEANWHILE = {
  client:
    'Στο μεταξύ μπορείτε να ολοκληρώσετε τη ρύθμιση της εταιρείας σας και να γράφετε πρόχειρα δελτία τύπου· η αποστολή τους ενεργοποιείται με την έγκριση.',
  media:
    'Στο μεταξύ μπορείτε να επιλέξετε τις κατηγορίες που σας ενδιαφέρουν· θα αρχίσετε να λαμβάνετε δελτία τύπου με την έγκριση.',
} as const;

function Contact() {
  return (
    <div className="rounded-md border bg-slate-50 p-4 text-sm" data-testid="account-contact">
      <p className="font-medium">Ερωτήσεις; Επικοινωνήστε μαζί μας</p>
      <ul className="mt-2 space-y-1.5 text-slate-700">
        <li className="flex items-center gap-2">
          <Mail className="h-4 w-4 text-primary" aria-hidden />
          <a href={`mailto:${CONTACT_DETAILS.email}`} className="text-primary underline-offset-2 hover:underline">
            {CONTACT_DETAILS.email}
          </a>
        </li>
        <li className="flex items-center gap-2">
          <Phone className="h-4 w-4 text-primary" aria-hidden />
          <a href={`tel:${CONTACT_DETAILS.phone.replace(/\s/g, '')}`} className="whitespace-nowrap text-primary underline-offset-2 hover:underline">
            {CONTACT_DETAILS.phone}
          </a>
        </li>
        <li className="pl-6 text-xs text-muted-foreground">Τηλεφωνικά: {CONTACT_DETAILS.hours}</li>
      </ul>
    </div>
  );
}

/**
 * Where a signed-in account that is not (yet) approved lands after sign-in: what happens
 * next, how long it usually takes, who to contact. It follows the account live: the moment
 * the superadmin approves it, the user is taken to their home with a toast; a rejection shows
 * here at once; a ban ends the session (the sign-in page says why).
 */
export function AccountStatusPage() {
  const title = useRouteTitle();
  const navigate = useNavigate();
  const { redirect } = route.useSearch();
  const session = useSession((s) => s.status);
  const profile = useSession((s) => s.profile);
  const [signingOut, setSigningOut] = useState(false);
  useLiveQueries(); // the socket: profile:changed reloads the profile (approval, rejection)
  const before = useRef<UserStatus | null>(null);
  const status = profile?.status ?? null;

  useEffect(() => {
    if (session === 'signed_out') void navigate({ to: '/login', search: { redirect: '/account-status' }, replace: true });
    else if (profile?.role === 'superadmin') void navigate({ to: ROLE_HOMES.superadmin, replace: true });
  }, [session, profile?.role, navigate]);

  useEffect(() => {
    const was = before.current;
    before.current = status;
    if (!profile || status !== 'approved' || (was !== 'pending' && was !== 'rejected')) return;
    toastApproved();
    void navigate({ to: redirect ?? ROLE_HOMES[profile.role], replace: true });
  }, [status, profile, redirect, navigate]);

  async function signOut() {
    setSigningOut(true);
    await authClient.signOut('local');
    await navigate({ to: '/login', replace: true });
  }

  if (!profile || profile.role === 'superadmin') {
    return (
      <div className="flex justify-center py-10" role="status">
        <Spinner />
        <span className="sr-only">Φόρτωση…</span>
      </div>
    );
  }
  const home = ROLE_HOMES[profile.role];
  const signOutButton = (
    <Button variant="outline" onClick={() => void signOut()} disabled={signingOut}>
      <LogOut aria-hidden /> Αποσύνδεση
    </Button>
  );

  return (
    <div className="space-y-5" data-testid="account-status" data-status={status}>
      <h1 className="text-center text-2xl font-bold">{title}</h1>
      {status === 'pending' ? (
        <>
          <div className="flex flex-col items-center gap-2 text-center">
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-amber-100 text-amber-700">
              <Clock className="h-6 w-6" aria-hidden />
            </span>
            <h2 className="text-lg font-semibold">Ο λογαριασμός σας περιμένει έγκριση</h2>
            <p className="text-sm text-muted-foreground">
              Ευχαριστούμε για την εγγραφή σας{profile.name ? `, ${profile.name}` : ''}. Κάθε νέος λογαριασμός ελέγχεται από
              την ομάδα μας πριν ενεργοποιηθεί πλήρως.
            </p>
          </div>
          <section aria-labelledby="next-steps" className="space-y-2 text-sm">
            <h3 id="next-steps" className="font-semibold">
              Τι γίνεται στη συνέχεια
            </h3>
            <ol className="list-decimal space-y-1.5 pl-5 text-slate-700">
              <li>Ελέγχουμε τα στοιχεία της εγγραφής σας, συνήθως μέσα σε 24 ώρες τις εργάσιμες ημέρες.</li>
              <li>
                Μόλις εγκριθεί ο λογαριασμός σας, αυτή η σελίδα σας μεταφέρει αυτόματα στον πίνακα ελέγχου και λαμβάνετε
                ενημέρωση με email.
              </li>
              <li>{MEANWHILE[profile.role]}</li>
            </ol>
          </section>
          <Contact />
          <p className="flex items-center gap-2 text-xs text-muted-foreground" role="status">
            <span className="relative flex h-2 w-2" aria-hidden>
              <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-green-400 opacity-75 motion-reduce:animate-none" />
              <span className="relative inline-flex h-2 w-2 rounded-full bg-green-500" />
            </span>
            Η σελίδα ενημερώνεται αυτόματα μόλις αλλάξει η κατάσταση του λογαριασμού σας.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
            <Button onClick={() => void navigate({ to: redirect ?? home })}>Συνέχεια στον λογαριασμό</Button>
            {signOutButton}
          </div>
        </>
      ) : status === 'rejected' ? (
        <>
          <div className="flex flex-col items-center gap-2 text-center">
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-red-100 text-red-700">
              <XCircle className="h-6 w-6" aria-hidden />
            </span>
            <h2 className="text-lg font-semibold">Η αίτηση εγγραφής σας δεν εγκρίθηκε</h2>
            <p className="text-sm text-muted-foreground">
              Ο διαχειριστής της πλατφόρμας δεν ενέκρινε τον λογαριασμό σας, οπότε δεν μπορείτε να στέλνετε ή να λαμβάνετε
              δελτία τύπου. Αν πιστεύετε ότι πρόκειται για λάθος ή θέλετε περισσότερες πληροφορίες, επικοινωνήστε μαζί μας.
            </p>
          </div>
          <Contact />
          <div className="flex justify-end">{signOutButton}</div>
        </>
      ) : (
        <>
          <div className="flex flex-col items-center gap-2 text-center">
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-green-100 text-green-700">
              <CheckCircle2 className="h-6 w-6" aria-hidden />
            </span>
            <h2 className="text-lg font-semibold">Ο λογαριασμός σας είναι ενεργός</h2>
            <p className="text-sm text-muted-foreground">Έχετε πλήρη πρόσβαση στην πλατφόρμα.</p>
          </div>
          <div className="flex justify-center">
            <Button onClick={() => void navigate({ to: redirect ?? home })}>Μετάβαση στον πίνακα ελέγχου</Button>
          </div>
        </>
      )}
    </div>
  );
}
