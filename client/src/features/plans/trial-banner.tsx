import { Link } from '@tanstack/react-router';
import { Clock, Lock } from 'lucide-react';
import { CONTACT_DETAILS } from '@shared/contact';
import { TRIAL_NOTICE_DAYS, inDays, trialDaysLeft } from '@shared/plans';
import { formatLongDate } from '@client/lib/dates';
import { useAccountPlan } from './queries';

/**
 * The client's trial, in the signed-in shell: a notice in its last days, and once it has
 * ended what is blocked (sending, inviting), what is not, and how to go on.
 */
export function TrialBanner() {
  const { data } = useAccountPlan();
  if (!data?.plan || !data.trial_ends_at) return null;
  const planLink = (
    <Link to="/client/settings" hash="plan" className="font-medium underline underline-offset-2">
      Το πλάνο μου
    </Link>
  );
  if (data.state === 'expired') {
    return (
      <div role="alert" data-testid="trial-banner" data-state="expired" className="flex items-start gap-3 border-b border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 sm:px-6">
        <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <p>
          Η δωρεάν δοκιμή σας έληξε: η αποστολή δελτίων τύπου και οι προσκλήσεις νέων μελών είναι απενεργοποιημένες. Τα
          πρόχειρα, οι αναφορές και τα δεδομένα σας παραμένουν διαθέσιμα. Για να ενεργοποιήσετε το πλάνο σας επικοινωνήστε
          στο{' '}
          <a href={`mailto:${CONTACT_DETAILS.email}`} className="font-medium underline underline-offset-2">
            {CONTACT_DETAILS.email}
          </a>
          . {planLink}
        </p>
      </div>
    );
  }
  const left = trialDaysLeft(data.trial_ends_at);
  if (data.state !== 'trial' || left > TRIAL_NOTICE_DAYS) return null;
  return (
    <div role="status" data-testid="trial-banner" data-state="ending" className="flex items-start gap-3 border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:px-6">
      <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p>
        Η δωρεάν δοκιμή του πλάνου {data.plan.name} λήγει {inDays(left)} ({formatLongDate(data.trial_ends_at)}). Για να
        συνεχίσετε χωρίς διακοπή επικοινωνήστε στο{' '}
        <a href={`mailto:${CONTACT_DETAILS.email}`} className="font-medium underline underline-offset-2">
          {CONTACT_DETAILS.email}
        </a>
        . {planLink}
      </p>
    </div>
  );
}
