import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function ReportsPage() {
  return (
    <>
      <PageHeader description="Ανοίγματα, κλικ και αναφορές ανά κατηγορία και περίοδο, με διαγράμματα και αναλυτικό πίνακα αποτελεσμάτων." />
      <ScreenPlaceholder />
    </>
  );
}
