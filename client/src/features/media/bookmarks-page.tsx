import { PageHeader } from '@client/components/page-header';
import { InboxFeed } from './inbox-feed';
import { useMediaLive } from './use-media';

export function BookmarksPage() {
  useMediaLive();
  return (
    <>
      <PageHeader description="Τα δελτία τύπου που έχετε αποθηκεύσει στα αγαπημένα σας." />
      <InboxFeed bookmarkedOnly />
    </>
  );
}
