import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function LogsPage() {
  return (
    <>
      <PageHeader description="Το αρχείο ενεργειών: ποιος έκανε τι και πότε, για κάθε ευαίσθητη ενέργεια." />
      <ScreenPlaceholder />
    </>
  );
}
