import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function ClientSettingsPage() {
  return (
    <>
      <PageHeader description="Το προφίλ της εταιρείας σας, οι ειδοποιήσεις email και τα στοιχεία του λογαριασμού σας." />
      <ScreenPlaceholder />
    </>
  );
}
