import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function OverviewPage() {
  return (
    <>
      <PageHeader description="Μετρητές του συστήματος, κατάσταση υγείας, νέες εγγραφές των τελευταίων 7 ημερών και κατανομή ρόλων και κατηγοριών." />
      <ScreenPlaceholder />
    </>
  );
}
