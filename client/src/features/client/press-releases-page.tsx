import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { Button } from '@client/components/ui/button';

export function PressReleasesPage() {
  return (
    <>
      <PageHeader
        description="Όλα τα δελτία τύπου σας, με αναζήτηση, φίλτρα κατηγορίας και κατάστασης, και ενέργειες προβολής, επεξεργασίας, αντιγραφής και διαγραφής."
        actions={
          <Button asChild>
            <Link to="/client/press-releases/new">
              <Plus aria-hidden />
              Νέο δελτίο τύπου
            </Link>
          </Button>
        }
      />
      <ScreenPlaceholder />
    </>
  );
}
