import { PublicPage } from '@client/components/public-page';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function ContactPage() {
  return (
    <PublicPage lead="Στείλτε μας μήνυμα και θα σας απαντήσουμε εντός 24 ωρών.">
      <ScreenPlaceholder />
    </PublicPage>
  );
}
