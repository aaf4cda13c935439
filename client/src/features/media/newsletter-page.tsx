import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function NewsletterPage() {
  return (
    <>
      <PageHeader description="Η συχνότητα και οι κατηγορίες του newsletter που λαμβάνετε με email." />
      <ScreenPlaceholder />
    </>
  );
}
