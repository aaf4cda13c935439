import { PublicPage } from '@client/components/public-page';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function BookDemoPage() {
  return (
    <PublicPage lead="Κλείστε μια σύντομη παρουσίαση της πλατφόρμας, διάρκειας 15 λεπτών, με την ομάδα μας.">
      <ScreenPlaceholder />
    </PublicPage>
  );
}
