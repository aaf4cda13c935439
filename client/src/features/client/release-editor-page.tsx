import { useEffect, useRef, useState } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { routeTitle } from '@shared/routes';
import { ApiError } from '@client/api/http';
import { PageHeader } from '@client/components/page-header';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { ReleaseEditorScreen } from '@client/features/editor/release-editor';
import { editorCalls, useReleaseExists } from '@client/features/editor/queries';
import { usePageTitle } from '@client/hooks/use-page-title';

/** «Νέο δελτίο τύπου»: the heading of a release just created, until it is opened again. */
const NEW_RELEASE_TITLE = routeTitle('/client/press-releases/new');

/**
 * Releases this page just created, not yet opened: the editor they open in is headed as new.
 * In memory only, taken by the first opening: opened again (from the list, a link, a reload)
 * a release has the edit title.
 */
const justCreated = new Set<string>();

const DESCRIPTION = 'Γράψτε το δελτίο τύπου μαζί με την ομάδα σας, επιλέξτε κατηγορία και λίστες media, και αποθηκεύστε, στείλτε ή προγραμματίστε την αποστολή.';

/** /client/press-releases/new and /client/new-release: creates a draft and opens it by id. */
export function NewReleasePage() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    editorCalls.createDraft()
      .then(({ id }) => {
        justCreated.add(id);
        return navigate({ to: '/client/press-releases/$id', params: { id }, replace: true });
      })
      .catch(() => toast({ title: 'Σφάλμα', description: 'Δεν ήταν δυνατή η δημιουργία του δελτίου τύπου', variant: 'destructive' }));
  }, [navigate]);
  return (
    <div>
      <PageHeader description={DESCRIPTION} />
      <div className="flex justify-center py-16" role="status">
        <Spinner />
        <span className="sr-only">Δημιουργία πρόχειρου…</span>
      </div>
    </div>
  );
}

const editRoute = getRouteApi('/client/press-releases/$id');

/** /client/press-releases/$id (view and edit both land here); another client's release is a 404. */
export function EditReleasePage() {
  const { id } = editRoute.useParams();
  const exists = useReleaseExists(id);
  // Just created by "new release": headed as new, not as an edit, while it stays open.
  const [createdId] = useState(() => (justCreated.delete(id) ? id : null));
  const ownTitle = createdId === id ? NEW_RELEASE_TITLE : undefined;
  usePageTitle(ownTitle);
  if (exists.isError && exists.error instanceof ApiError && exists.error.status === 404) {
    return (
      <div>
        <PageHeader />
        <p className="rounded-md border p-4">
          Το δελτίο τύπου δεν βρέθηκε.{' '}
          <Link to="/client/press-releases" className="text-primary underline">
            Επιστροφή στα δελτία τύπου
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div>
      <PageHeader title={ownTitle} description={DESCRIPTION} />
      {exists.isSuccess ? <ReleaseEditorScreen key={id} releaseId={id} /> : <Spinner />}
    </div>
  );
}
