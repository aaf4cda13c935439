import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function ClientDashboardPage() {
  return (
    <>
      <PageHeader description="Σύνοψη της δραστηριότητάς σας: στατιστικά αποστολών, πρόσφατα δελτία τύπου, γρήγορα στατιστικά και επερχόμενες ενέργειες." />
      <ScreenPlaceholder />
    </>
  );
}
