import { AppLink as Link } from '@client/components/nav';
import { FileClock } from 'lucide-react';
import { PublicPage } from '@client/components/public-page';

export function TermsPage() {
  return (
    <PublicPage
      lead="Οι όροι χρήσης της πλατφόρμας θα προστεθούν σύντομα."
      description="Όροι χρήσης του Deltio: οι όροι χρήσης της πλατφόρμας θα προστεθούν σύντομα."
    >
      <div className="flex max-w-2xl items-start gap-4 rounded-lg border bg-slate-50 p-6">
        <FileClock className="h-6 w-6 shrink-0 text-primary" aria-hidden />
        <p className="leading-relaxed text-slate-700">
          Ετοιμάζουμε τους αναλυτικούς όρους χρήσης και θα τους δημοσιεύσουμε σύντομα σε αυτή τη
          σελίδα. Μέχρι τότε, για την προστασία των δεδομένων σας ισχύει η{' '}
          <Link to="/legal/privacy" className="text-primary underline">
            πολιτική απορρήτου
          </Link>
          , και για οποιαδήποτε ερώτηση μπορείτε να{' '}
          <Link to="/contact" className="text-primary underline">
            επικοινωνήσετε μαζί μας
          </Link>
          .
        </p>
      </div>
    </PublicPage>
  );
}
