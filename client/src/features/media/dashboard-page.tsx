import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { Bookmark, CalendarDays, MailOpen, Tags } from 'lucide-react';
import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { DeliveryNotices } from './delivery-notices';
import { InboxFeed } from './inbox-feed';
import { useMediaOverview } from './use-media';

const S = {
  description: 'Τα δελτία τύπου που λαμβάνετε, με αναζήτηση, βασικούς μετρητές και αγαπημένα.',
  receivedThisWeek: 'Ελήφθησαν αυτή την εβδομάδα',
  unread: 'Μη αναγνωσμένα',
  bookmarked: 'Αγαπημένα',
  categories: 'Κατηγορίες που παρακολουθείτε',
  latest: 'Τελευταία δελτία τύπου',
  inbox: 'Όλα τα εισερχόμενα',
  loadError: 'Δεν ήταν δυνατή η φόρτωση των δεδομένων',
};

function Counter({ title, value, icon: Icon, testId }: { title: string; value: number | undefined; icon: typeof MailOpen; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent className="p-4 sm:p-5">
        <div className="flex items-start justify-between gap-2">
          <p className="text-sm font-medium text-muted-foreground">{title}</p>
          <Icon className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
        </div>
        <p className="mt-2 text-3xl font-bold tabular-nums" data-testid={`${testId}-value`}>
          {value === undefined ? '–' : value.toLocaleString('el-GR')}
        </p>
      </CardContent>
    </Card>
  );
}

export function MediaDashboardPage() {
  const overview = useMediaOverview();
  useEffect(() => {
    if (overview.isError) {
      console.error('Media overview failed to load', overview.error);
      toast({ title: 'Σφάλμα', description: S.loadError, variant: 'destructive' });
    }
  }, [overview.isError, overview.error]);
  const c = overview.data?.counters;

  return (
    <>
      <PageHeader
        description={S.description}
        actions={
          <Button asChild variant="outline">
            <Link to="/media/press-releases">{S.inbox}</Link>
          </Button>
        }
      />
      {overview.data ? <DeliveryNotices overview={overview.data} /> : null}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <Counter title={S.receivedThisWeek} value={c?.receivedThisWeek} icon={CalendarDays} testId="counter-week" />
        <Counter title={S.unread} value={c?.unread} icon={MailOpen} testId="counter-unread" />
        <Counter title={S.bookmarked} value={c?.bookmarked} icon={Bookmark} testId="counter-bookmarked" />
        <Counter title={S.categories} value={c?.categoriesFollowed} icon={Tags} testId="counter-categories" />
      </div>
      <h2 className="mb-3 mt-8 text-lg font-semibold">{S.latest}</h2>
      <InboxFeed pageSize={5} />
    </>
  );
}
