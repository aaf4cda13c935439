import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function StatisticsPage() {
  return (
    <>
      <PageHeader description="Αναλυτικά στατιστικά χρήσης της πλατφόρμας." />
      <ScreenPlaceholder />
    </>
  );
}
