import { PublicPage } from '@client/components/public-page';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function CookiesPage() {
  return (
    <PublicPage lead="Τι είναι τα cookies, ποιους τύπους χρησιμοποιούμε, για ποιο σκοπό και πώς μπορείτε να τα διαχειριστείτε.">
      <ScreenPlaceholder />
    </PublicPage>
  );
}
