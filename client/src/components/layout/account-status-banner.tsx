import { AlertTriangle } from 'lucide-react';
import { useSession } from '@client/stores/session';
import type { DashboardRole } from './nav-config';

const PENDING: Record<DashboardRole, string> = {
  client:
    'Ο λογαριασμός σας περιμένει έγκριση από τον διαχειριστή. Μπορείτε να ολοκληρώσετε τη ρύθμιση και να γράφετε πρόχειρα, αλλά η αποστολή δελτίων τύπου θα ενεργοποιηθεί μόλις εγκριθεί.',
  media:
    'Ο λογαριασμός σας περιμένει έγκριση από τον διαχειριστή. Θα αρχίσετε να λαμβάνετε δελτία τύπου μόλις εγκριθεί.',
  superadmin: '',
};

/** Tells a pending or rejected user plainly what they can and cannot do yet (updates live). */
export function AccountStatusBanner({ role }: { role: DashboardRole }) {
  const status = useSession((s) => s.profile?.status);
  if (status !== 'pending' && status !== 'rejected') return null;
  const text =
    status === 'pending'
      ? PENDING[role]
      : 'Η αίτηση εγγραφής σας δεν εγκρίθηκε. Για περισσότερες πληροφορίες επικοινωνήστε με την υποστήριξη.';
  return (
    <div
      role="status"
      data-testid="account-status-banner"
      data-status={status}
      className="flex items-start gap-3 border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:px-6"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p>{text}</p>
    </div>
  );
}
