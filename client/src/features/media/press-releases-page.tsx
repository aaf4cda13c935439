import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function MediaPressReleasesPage() {
  return (
    <>
      <PageHeader description="Όλα τα δελτία τύπου που έχουν σταλεί στις κατηγορίες που παρακολουθείτε." />
      <ScreenPlaceholder />
    </>
  );
}
