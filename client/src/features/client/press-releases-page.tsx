import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { ReleaseList, RELEASE_STRINGS } from '@client/features/releases/release-list';

export function PressReleasesPage() {
  return (
    <>
      <PageHeader
        description="Όλα τα δελτία τύπου σας, με αναζήτηση, φίλτρα κατηγορίας και κατάστασης, και ενέργειες προβολής, επεξεργασίας, αντιγραφής και διαγραφής."
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
