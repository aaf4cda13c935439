import { PageHeader } from '@client/components/page-header';
import { PushPrompt } from '@client/features/push/push-prompt';
import { DeliveryNotices } from './delivery-notices';
import { InboxFeed } from './inbox-feed';
import { useMediaOverview } from './use-media';

export function MediaPressReleasesPage() {
  const overview = useMediaOverview();
  return (
    <>
      <PageHeader description="Όλα τα δελτία τύπου που σας έχουν σταλεί, με αναζήτηση και φίλτρα κατηγορίας και ανάγνωσης." />
      {overview.data ? <DeliveryNotices overview={overview.data} /> : null}
      <PushPrompt />
      <InboxFeed showFilters />
    </>
  );
}
