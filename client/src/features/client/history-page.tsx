import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function HistoryPage() {
  return (
    <>
      <PageHeader description="Το ιστορικό των δελτίων τύπου που έχετε στείλει ή προγραμματίσει." />
      <ScreenPlaceholder />
    </>
  );
}
