import { Link, useRouterState } from '@tanstack/react-router';
import { PublicPage } from '@client/components/public-page';
import { Button } from '@client/components/ui/button';
import { useT } from '@client/i18n';

/** Lead paragraph per marketing path. The spec does not show these pages' content. */
const LEADS: Record<string, string> = {
  '/features':
    'Όλα τα εργαλεία για δελτία τύπου σε ένα μέρος: συγγραφή με AI, στοχευμένη αποστολή, τμηματοποίηση media και αναφορές αποτελεσμάτων.',
  '/features/ai-writing':
    'Γράψτε πιο γρήγορα με τον βοηθό AI: προτάσεις τίτλων, περίληψη και βελτιωμένο κείμενο για το δελτίο σας.',
  '/features/targeting':
    'Στείλτε κάθε δελτίο τύπου μόνο στα media που καλύπτουν την κατηγορία του.',
  '/features/analytics':
    'Δείτε ανοίγματα, κλικ και αναφορές για κάθε δελτίο, με διαγράμματα και KPIs ανά κατηγορία.',
  '/features/segments':
    'Οργανώστε τα media σε λίστες ανά κατηγορία και κρατήστε τις επαφές σας πάντα ενημερωμένες.',
  '/industries/tech':
    'Ανακοινώστε προϊόντα, χρηματοδοτήσεις και συνεργασίες στα ελληνικά media τεχνολογίας.',
  '/industries/finance':
    'Αποτελέσματα, εταιρικές ανακοινώσεις και νέα της αγοράς, στους δημοσιογράφους οικονομίας.',
  '/industries/culture':
    'Παραστάσεις, εκθέσεις και εκδόσεις, στα media που καλύπτουν τον πολιτισμό.',
  '/industries/lifestyle':
    'Νέες συλλογές, εκδηλώσεις και συνεργασίες, στα lifestyle media και blogs.',
  '/industries/sports': 'Μεταγραφές, αγώνες και χορηγίες, στα αθλητικά media της χώρας.',
  '/resources':
    'Οδηγοί, μελέτες περίπτωσης και καλές πρακτικές για πιο αποτελεσματικά δελτία τύπου.',
  '/resources/guides': 'Βήμα προς βήμα οδηγοί για τη σύνταξη και την αποστολή δελτίων τύπου.',
  '/resources/case-studies':
    'Πώς οργανισμοί σαν τον δικό σας πέτυχαν μεγαλύτερη δημοσιότητα με το Deltio.',
  '/resources/best-practices':
    'Συμβουλές για τίτλους, δομή, χρονισμό και στόχευση που κάνουν τη διαφορά.',
  '/resources/api': 'Συνδέστε τα δικά σας συστήματα με την πλατφόρμα μέσω του API.',
  '/about': 'Φτιάχνουμε την πιο απλή πλατφόρμα διανομής δελτίων τύπου για την ελληνική αγορά.',
  '/clients': 'Εταιρείες και οργανισμοί που εμπιστεύονται το Deltio για την επικοινωνία τους.',
  '/careers':
    'Ελάτε στην ομάδα μας και βοηθήστε μας να αλλάξουμε τον τρόπο που διανέμονται τα νέα.',
};

/** Shared page for every marketing route (/features/*, /industries/*, /resources/*, /about ...). */
export function MarketingPage() {
  const t = useT();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const lead = LEADS[pathname.replace(/\/+$/, '')];
  return (
    <PublicPage lead={lead}>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/signup" search={{ role: 'client' }}>
            {t('nav.trial')}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/book-demo">{t('landing.ctaSecondary')}</Link>
        </Button>
      </div>
    </PublicPage>
  );
}
