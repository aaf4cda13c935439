import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function TasksPage() {
  return (
    <>
      <PageHeader description="Οι εργασίες της ομάδας σας, με αναζήτηση και φίλτρα κατάστασης, προτεραιότητας και υπευθύνου." />
      <ScreenPlaceholder />
    </>
  );
}
