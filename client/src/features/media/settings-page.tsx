import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function MediaSettingsPage() {
  return (
    <>
      <PageHeader description="Τα στοιχεία του μέσου σας και οι προτιμήσεις ειδοποιήσεων." />
      <ScreenPlaceholder />
    </>
  );
}
