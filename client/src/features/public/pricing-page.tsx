import { PublicPage } from '@client/components/public-page';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function PricingPage() {
  return (
    <PublicPage lead="Επιλέξτε το πλάνο που ταιριάζει στην ομάδα σας, με μηνιαία ή ετήσια χρέωση. Οι τιμές δεν περιλαμβάνουν ΦΠΑ.">
      <ScreenPlaceholder />
    </PublicPage>
  );
}
