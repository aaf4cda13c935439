import { PublicPage } from '@client/components/public-page';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function PrivacyPage() {
  return (
    <PublicPage lead="Πώς συλλέγουμε, χρησιμοποιούμε, κοινοποιούμε και προστατεύουμε τα προσωπικά σας δεδομένα, και ποια δικαιώματα έχετε σύμφωνα με τον GDPR.">
      <ScreenPlaceholder />
    </PublicPage>
  );
}
