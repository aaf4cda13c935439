import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function UsersPage() {
  return (
    <>
      <PageHeader description="Έγκριση, απόρριψη, αποκλεισμός και αλλαγή ρόλου χρηστών, με αναζήτηση, φίλτρα, μαζική έγκριση και εξαγωγή CSV." />
      <ScreenPlaceholder />
    </>
  );
}
