import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function MediaListsPage() {
  return (
    <>
      <PageHeader description="Ποια media ανήκουν σε κάθε κατηγορία: προσθήκη, μαζική εισαγωγή, αφαίρεση και εξαγωγή CSV." />
      <ScreenPlaceholder />
    </>
  );
}
