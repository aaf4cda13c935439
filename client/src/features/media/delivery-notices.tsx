import { Link } from '@tanstack/react-router';
import { Clock, ListX, MailX } from 'lucide-react';
import type { MediaOverview } from '@shared/schemas/media';
import { Button } from '@client/components/ui/button';

const S = {
  pendingTitle: 'Ο λογαριασμός σας περιμένει έγκριση',
  pendingText:
    'Τα δελτία τύπου αρχίζουν να φτάνουν εδώ μόλις ένας διαχειριστής εγκρίνει τον λογαριασμό σας και σας εντάξει στις λίστες των κατηγοριών σας. Στο μεταξύ, διαλέξτε στις ρυθμίσεις τις κατηγορίες που σας ενδιαφέρουν.',
  rejectedTitle: 'Ο λογαριασμός σας δεν εγκρίθηκε',
  rejectedText: 'Δεν λαμβάνετε δελτία τύπου. Για περισσότερες πληροφορίες επικοινωνήστε με την υποστήριξη.',
  allTitle: 'Έχετε διαγραφεί από όλες τις αποστολές',
  allText: 'Ζητήσατε να μη λαμβάνετε δελτία τύπου. Μπορείτε να το αναιρέσετε από τις ρυθμίσεις.',
  noListTitle: 'Δεν είστε ακόμη σε καμία λίστα κατηγορίας',
  noListText: 'Τα δελτία τύπου φτάνουν στα media των λιστών κάθε κατηγορίας. Η ομάδα μας θα σας εντάξει σύντομα· διαλέξτε στις ρυθμίσεις τις κατηγορίες που σας ενδιαφέρουν.',
  settings: 'Ρυθμίσεις',
};

function Notice({ icon: Icon, title, text, testId, action = true }: { icon: typeof Clock; title: string; text: string; testId: string; action?: boolean }) {
  return (
    <div role="status" data-testid={testId} className="mb-6 flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-start">
      <Icon className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden />
      <div className="flex-1 space-y-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{text}</p>
      </div>
      {action ? (
        <Button asChild variant="outline" size="sm" className="self-start bg-background">
          <Link to="/media/settings">{S.settings}</Link>
        </Button>
      ) : null}
    </div>
  );
}

/** Why nothing (or not everything) arrives: pending approval, a global unsubscribe, no category list. */
export function DeliveryNotices({ overview }: { overview: MediaOverview }) {
  if (overview.status === 'pending') return <Notice icon={Clock} title={S.pendingTitle} text={S.pendingText} testId="pending-notice" />;
  if (overview.status === 'rejected') return <Notice icon={Clock} title={S.rejectedTitle} text={S.rejectedText} testId="rejected-notice" action={false} />;
  if (overview.unsubscribedAll) return <Notice icon={MailX} title={S.allTitle} text={S.allText} testId="unsubscribed-notice" />;
  if (overview.mediaLists.length === 0) return <Notice icon={ListX} title={S.noListTitle} text={S.noListText} testId="no-list-notice" />;
  return null;
}
