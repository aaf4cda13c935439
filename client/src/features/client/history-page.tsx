import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { ReleaseList, RELEASE_STRINGS } from '@client/features/releases/release-list';

/** /client/history: the same press-release list (the sidebar's "history" entry). */
export function HistoryPage() {
  return (
    <>
      <PageHeader
        description="Το ιστορικό όλων των δελτίων τύπου σας: πρόχειρα, προγραμματισμένα και απεσταλμένα, με αναζήτηση και φίλτρα."
        actions={
          <Button asChild>
            <Link to="/client/press-releases/new">
              <Plus aria-hidden />
              {RELEASE_STRINGS.create}
            </Link>
          </Button>
        }
      />
      <ReleaseList />
    </>
  );
}
