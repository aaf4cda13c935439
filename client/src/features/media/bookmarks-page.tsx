import { PageHeader } from '@client/components/page-header';
import { InboxFeed } from './inbox-feed';

export function BookmarksPage() {
  return (
    <>
      <PageHeader description="Τα δελτία τύπου που έχετε αποθηκεύσει στα αγαπημένα σας." />
      <InboxFeed bookmarkedOnly />
    </>
  );
}
