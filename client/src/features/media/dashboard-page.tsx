import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function MediaDashboardPage() {
  return (
    <>
      <PageHeader description="Τα δελτία τύπου που λαμβάνετε, με αναζήτηση, βασικούς μετρητές και αγαπημένα." />
      <ScreenPlaceholder />
    </>
  );
}
