import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { AlertTriangle } from 'lucide-react';
import type { UserStatus } from '@shared/constants';
import { toastApproved } from '@client/features/auth/approved-toast';
import { useSession } from '@client/stores/session';
import type { DashboardRole } from './nav-config';

/** Clients only: the trial's notices (its code and its plan query load for clients alone). */
const TrialBanner = lazy(() => import('@client/features/plans/trial-banner').then((m) => ({ default: m.TrialBanner })));

const PENDING: Record<DashboardRole, string> = {
  client:
    'Ο λογαριασμός σας περιμένει έγκριση από τον διαχειριστή. Μπορείτε να ολοκληρώσετε τη ρύθμιση και να γράφετε πρόχειρα, αλλά η αποστολή δελτίων τύπου θα ενεργοποιηθεί μόλις εγκριθεί.',
  media:
    'Ο λογαριασμός σας περιμένει έγκριση από τον διαχειριστή. Θα αρχίσετε να λαμβάνετε δελτία τύπου μόλις εγκριθεί.',
  superadmin: '',
};

/**
 * Tells a pending user plainly what they can and cannot do yet, and greets them the moment
 * they are approved (the profile updates live); a client also sees their trial's notices.
 */
export function AccountStatusBanner({ role }: { role: DashboardRole }) {
  const status = useSession((s) => s.profile?.status);
  const before = useRef<UserStatus | undefined>(status);
  useEffect(() => {
    const was = before.current;
    before.current = status;
    if (was === 'pending' && status === 'approved') {
      toastApproved();
    }
  }, [status]);
  return (
    <>
      {status === 'pending' ? (
        <div
          role="status"
          data-testid="account-status-banner"
          data-status={status}
          className="flex items-start gap-3 border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:px-6"
        >
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p>
            {PENDING[role]}{' '}
            <Link to="/account-status" className="font-medium underline underline-offset-2">
              Τι γίνεται στη συνέχεια
            </Link>
          </p>
        </div>
      ) : null}
      {role === 'client' ? (
        <Suspense fallback={null}>
          <TrialBanner />
        </Suspense>
      ) : null}
    </>
  );
}
