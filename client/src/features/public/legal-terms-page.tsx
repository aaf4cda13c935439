import { PublicPage } from '@client/components/public-page';

export function TermsPage() {
  return <PublicPage lead="Οι όροι χρήσης της πλατφόρμας θα προστεθούν σύντομα." />;
}
