import { PublicPage } from '@client/components/public-page';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function StatusPage() {
  return (
    <PublicPage lead="Η τρέχουσα κατάσταση της πλατφόρμας και των υπηρεσιών της, οι χρόνοι διαθεσιμότητας και τα συμβάντα των τελευταίων 90 ημερών.">
      <ScreenPlaceholder />
    </PublicPage>
  );
}
