import { getRouteApi } from '@tanstack/react-router';
import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

const DESCRIPTION =
  'Γράψτε το δελτίο τύπου με τη βοήθεια του AI, επιλέξτε κατηγορία και λίστες media, και αποθηκεύστε, στείλτε ή προγραμματίστε την αποστολή.';

/** One editor screen for new and existing releases (releaseId absent for a new one). */
function ReleaseEditor({ releaseId }: { releaseId?: string }) {
  return (
    <div data-release-id={releaseId}>
      <PageHeader description={DESCRIPTION} />
      <ScreenPlaceholder />
    </div>
  );
}

/** /client/press-releases/new and the sidebar's /client/new-release. */
export function NewReleasePage() {
  return <ReleaseEditor />;
}

const editRoute = getRouteApi('/client/press-releases/$id');

/** /client/press-releases/$id (view and edit both land here). */
export function EditReleasePage() {
  const { id } = editRoute.useParams();
  return <ReleaseEditor releaseId={id} />;
}
