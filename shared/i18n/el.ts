/**
 * Greek string table (the default language). Keys are shared with en.ts.
 * Strings quoted in the product specification are copied verbatim: do not reword them.
 * Placeholders use {name} syntax and are filled by t(key, { name }).
 */
export const el = {
  'app.name': 'Deltio',
  'app.tagline': 'Διανομή δελτίων τύπου στα ελληνικά media',
  'app.dashboardTitle': 'Πίνακας ελέγχου Deltio',
  'app.logoLabel': 'Deltio, αρχική σελίδα',

  // Public navigation
  'nav.main': 'Κύρια πλοήγηση',
  'nav.features': 'Δυνατότητες',
  'nav.pricing': 'Τιμές',
  'nav.resources': 'Πόροι',
  'nav.contact': 'Επικοινωνία',
  'nav.login': 'Σύνδεση',
  'nav.trial': 'Δωρεάν δοκιμή',
  'nav.openMenu': 'Άνοιγμα μενού',
  'nav.closeMenu': 'Κλείσιμο μενού',
  'nav.skipToContent': 'Μετάβαση στο περιεχόμενο',

  // Footer
  'footer.navLabel': 'Πλοήγηση υποσέλιδου',
  'footer.product': 'Προϊόν',
  'footer.industries': 'Κλάδοι',
  'footer.resources': 'Πόροι',
  'footer.company': 'Εταιρεία',
  'footer.legal': 'Νομικά',
  'footer.about':
    'Η ελληνική πλατφόρμα για δελτία τύπου: συγγραφή με AI, στοχευμένη αποστολή στα media και αναφορές αποτελεσμάτων.',
  'footer.rights': 'Με επιφύλαξη παντός δικαιώματος.',

  // Signed-in shell
  'shell.sidebarTitle.client': 'Πίνακας πελάτη',
  'shell.sidebarTitle.media': 'Πίνακας media',
  'shell.sidebarTitle.superadmin': 'Διαχείριση συστήματος',
  'shell.sidebarNav': 'Πλευρικό μενού',
  'shell.welcome': 'Καλώς ήρθατε, {name}',
  'shell.defaultUserName': 'Χρήστης',
  'shell.notifications': 'Ειδοποιήσεις',
  'shell.logout': 'Αποσύνδεση',
  'shell.toggleSidebar': 'Εναλλαγή πλευρικού μενού (Ctrl+B)',
  'shell.openSidebar': 'Άνοιγμα πλευρικού μενού',
  'shell.closeSidebar': 'Κλείσιμο πλευρικού μενού',

  // Sidebar links
  'sidebar.client.dashboard': 'Πίνακας ελέγχου',
  'sidebar.client.pressReleases': 'Δελτία τύπου',
  'sidebar.client.newRelease': 'Νέο δελτίο τύπου',
  'sidebar.client.history': 'Ιστορικό δελτίων',
  'sidebar.client.invitations': 'Προσκλήσεις ομάδας',
  'sidebar.client.reports': 'Αναφορές',
  'sidebar.client.tasks': 'Εργασίες',
  'sidebar.client.approvals': 'Εγκρίσεις',
  'sidebar.client.suppressions': 'Αποκλεισμένες διευθύνσεις',
  'sidebar.client.settings': 'Ρυθμίσεις',
  'sidebar.media.dashboard': 'Πίνακας ελέγχου',
  'sidebar.media.pressReleases': 'Εισερχόμενα δελτία',
  'sidebar.media.bookmarks': 'Αγαπημένα',
  'sidebar.media.newsletter': 'Newsletter',
  'sidebar.media.settings': 'Ρυθμίσεις',
  'sidebar.superadmin.overview': 'Επισκόπηση',
  'sidebar.superadmin.users': 'Χρήστες',
  'sidebar.superadmin.mediaLists': 'Λίστες media',
  'sidebar.superadmin.statistics': 'Στατιστικά',
  'sidebar.superadmin.logs': 'Αρχείο ενεργειών',
  'sidebar.superadmin.suppressions': 'Αποκλεισμένες διευθύνσεις',
  'sidebar.superadmin.settings': 'Ρυθμίσεις συστήματος',

  // 404
  'notFound.code': '404',
  'notFound.text': 'Ωχ! Η σελίδα δεν βρέθηκε',
  'notFound.pageTitle': 'Η σελίδα δεν βρέθηκε',
  'notFound.back': 'Επιστροφή στην αρχική',

  // Auth
  'auth.email': 'Email',
  'auth.emailPlaceholder': 'name@example.gr',
  'auth.password': 'Κωδικός πρόσβασης',
  'auth.submitLogin': 'Σύνδεση',
  'auth.superadminTitle': 'Σύνδεση διαχειριστή',
  'auth.superadminIntro': 'Πρόσβαση μόνο για τον διαχειριστή της πλατφόρμας.',
  'auth.backToSite': 'Επιστροφή στον ιστότοπο',

  // Landing
  'landing.eyebrow': 'Η ελληνική πλατφόρμα για δελτία τύπου',
  'landing.subtitle':
    'Γράψτε δελτία τύπου με τη βοήθεια AI, στείλτε τα στοχευμένα στα media ανά κατηγορία και παρακολουθήστε τα αποτελέσματα με αναφορές και KPIs.',
  'landing.ctaPrimary': 'Ξεκινήστε δωρεάν',
  'landing.ctaSecondary': 'Κλείστε ένα demo',
  'landing.trialNote': '14 ημέρες δωρεάν δοκιμή, χωρίς κάρτα',

  // Common
  'common.close': 'Κλείσιμο',
  'common.loading': 'Φόρτωση...',
  'common.retry': 'Δοκίμασε ξανά',
  'common.save': 'Αποθήκευση',
  'common.cancel': 'Ακύρωση',
  'common.submit': 'Υποβολή',
  'common.search': 'Αναζήτηση',
  'common.selectPlaceholder': 'Επιλέξτε...',
  'common.comingSoon': 'Σύντομα διαθέσιμο',
  'common.error': 'Σφάλμα',
  'common.success': 'Επιτυχία',
  'common.warning': 'Προσοχή',
  'toast.region': 'Ειδοποιήσεις ({hotkey})',
} as const;

export type TranslationKey = keyof typeof el;
