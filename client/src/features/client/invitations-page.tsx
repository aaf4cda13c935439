import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function InvitationsPage() {
  return (
    <>
      <PageHeader description="Προσκαλέστε συνεργάτες στον χώρο εργασίας σας και δείτε τις εκκρεμείς προσκλήσεις." />
      <ScreenPlaceholder />
    </>
  );
}
