import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function BookmarksPage() {
  return (
    <>
      <PageHeader description="Τα δελτία τύπου που έχετε αποθηκεύσει στα αγαπημένα σας." />
      <ScreenPlaceholder />
    </>
  );
}
