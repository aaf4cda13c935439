/**
 * Every route of the product, from both specification documents.
 * The client router renders these, and the e2e suite visits each of them.
 * `title` is the Greek page title (also used for the document <title>).
 */
import type { Role } from './constants';

export type RouteArea = 'public' | 'marketing' | 'auth' | 'client' | 'media' | 'superadmin';

export interface RouteEntry {
  path: string;
  title: string;
  area: RouteArea;
  /** Roles allowed; absent for public routes. */
  roles?: readonly Role[];
}

const client = ['client'] as const;
const media = ['media'] as const;
const superadmin = ['superadmin'] as const;

export const ROUTES = [
  // Public (first document, section 2)
  { path: '/', title: 'Διανομή δελτίων τύπου στα ελληνικά media', area: 'public' },
  { path: '/pricing', title: 'Τιμές', area: 'public' },
  { path: '/contact', title: 'Επικοινωνία', area: 'public' },
  { path: '/book-demo', title: 'Κλείστε ένα demo', area: 'public' },
  { path: '/thank-you', title: 'Ευχαριστούμε', area: 'public' },
  { path: '/login', title: 'Σύνδεση', area: 'auth' },
  { path: '/signup', title: 'Εγγραφή', area: 'auth' },
  { path: '/reset-password', title: 'Νέος κωδικός πρόσβασης', area: 'auth' },
  { path: '/email-confirmed', title: 'Επιβεβαίωση email', area: 'auth' },
  // The link of an organisation's invitation: a new person joins in one step, a member accepts.
  { path: '/invitation', title: 'Πρόσκληση στην ομάδα', area: 'auth' },
  // A signed-in account not (yet) approved lands here after sign-in.
  { path: '/account-status', title: 'Κατάσταση λογαριασμού', area: 'auth', roles: ['client', 'media'] },
  { path: '/legal/privacy', title: 'Πολιτική απορρήτου', area: 'public' },
  { path: '/legal/terms', title: 'Όροι χρήσης', area: 'public' },
  { path: '/legal/cookies', title: 'Πολιτική cookies', area: 'public' },
  { path: '/status', title: 'Κατάσταση συστήματος', area: 'public' },
  // Marketing navigation
  { path: '/features', title: 'Δυνατότητες', area: 'marketing' },
  { path: '/features/ai-writing', title: 'Συγγραφή με AI', area: 'marketing' },
  { path: '/features/targeting', title: 'Στοχευμένη αποστολή', area: 'marketing' },
  { path: '/features/analytics', title: 'Αναφορές και KPIs', area: 'marketing' },
  { path: '/features/segments', title: 'Τμηματοποίηση media', area: 'marketing' },
  { path: '/industries/tech', title: 'Για εταιρείες τεχνολογίας', area: 'marketing' },
  { path: '/industries/finance', title: 'Για χρηματοοικονομικά', area: 'marketing' },
  { path: '/industries/culture', title: 'Για τον πολιτισμό', area: 'marketing' },
  { path: '/industries/lifestyle', title: 'Για lifestyle brands', area: 'marketing' },
  { path: '/industries/sports', title: 'Για τον αθλητισμό', area: 'marketing' },
  { path: '/resources', title: 'Πόροι', area: 'marketing' },
  { path: '/resources/guides', title: 'Οδηγοί', area: 'marketing' },
  { path: '/resources/case-studies', title: 'Μελέτες περίπτωσης', area: 'marketing' },
  { path: '/resources/best-practices', title: 'Καλές πρακτικές', area: 'marketing' },
  { path: '/resources/api', title: 'API', area: 'marketing' },
  { path: '/about', title: 'Σχετικά με εμάς', area: 'marketing' },
  { path: '/clients', title: 'Πελάτες', area: 'marketing' },
  { path: '/careers', title: 'Καριέρα', area: 'marketing' },
  // Client (second document, section 2, plus the sidebar paths)
  { path: '/client', title: 'Πίνακας ελέγχου', area: 'client', roles: client },
  { path: '/client/press-releases', title: 'Δελτία τύπου', area: 'client', roles: client },
  { path: '/client/press-releases/new', title: 'Νέο δελτίο τύπου', area: 'client', roles: client },
  { path: '/client/new-release', title: 'Νέο δελτίο τύπου', area: 'client', roles: client },
  { path: '/client/history', title: 'Ιστορικό δελτίων', area: 'client', roles: client },
  { path: '/client/invitations', title: 'Προσκλήσεις ομάδας', area: 'client', roles: client },
  { path: '/client/reports', title: 'Αναφορές', area: 'client', roles: client },
  { path: '/client/settings', title: 'Ρυθμίσεις', area: 'client', roles: client },
  { path: '/client/tasks', title: 'Εργασίες', area: 'client', roles: client },
  { path: '/client/approvals', title: 'Εγκρίσεις', area: 'client', roles: client },
  { path: '/client/suppressions', title: 'Αποκλεισμένες διευθύνσεις', area: 'client', roles: client },
  // Media
  { path: '/media', title: 'Πίνακας ελέγχου media', area: 'media', roles: media },
  { path: '/media/press-releases', title: 'Εισερχόμενα δελτία', area: 'media', roles: media },
  { path: '/media/bookmarks', title: 'Αγαπημένα', area: 'media', roles: media },
  { path: '/media/newsletter', title: 'Newsletter', area: 'media', roles: media },
  { path: '/media/settings', title: 'Ρυθμίσεις', area: 'media', roles: media },
  // Superadmin (canonical /superadmin/...; /admin/... redirects here)
  { path: '/superadmin', title: 'Επισκόπηση', area: 'superadmin', roles: superadmin },
  { path: '/superadmin/users', title: 'Χρήστες', area: 'superadmin', roles: superadmin },
  { path: '/superadmin/media-lists', title: 'Λίστες media', area: 'superadmin', roles: superadmin },
  { path: '/superadmin/statistics', title: 'Στατιστικά', area: 'superadmin', roles: superadmin },
  { path: '/superadmin/logs', title: 'Αρχείο ενεργειών', area: 'superadmin', roles: superadmin },
  { path: '/superadmin/settings', title: 'Ρυθμίσεις συστήματος', area: 'superadmin', roles: superadmin },
  { path: '/superadmin/suppressions', title: 'Αποκλεισμένες διευθύνσεις', area: 'superadmin', roles: superadmin },
] as const satisfies readonly RouteEntry[];

export type AppPath = (typeof ROUTES)[number]['path'];

/** The superadmin sidebar uses /admin/...; each redirects to its /superadmin/... twin. */
export const ADMIN_REDIRECTS: Record<string, string> = {
  '/admin': '/superadmin',
  '/admin/users': '/superadmin/users',
  '/admin/media-lists': '/superadmin/media-lists',
  '/admin/statistics': '/superadmin/statistics',
  '/admin/logs': '/superadmin/logs',
  '/admin/settings': '/superadmin/settings',
};

export const NOT_FOUND_TEXT = 'Ωχ! Η σελίδα δεν βρέθηκε';

/** The editor of one release: /client/press-releases/{id}, where id is a UUID. */
export const EDIT_RELEASE_TITLE = 'Επεξεργασία δελτίου τύπου';
export const RELEASE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const releaseEditorPath = (id: string) => `/client/press-releases/${id}`;

/** The journalist's reading view of one received release: /media/press-releases/{id}. */
export const MEDIA_RELEASE_TITLE = 'Δελτίο τύπου';
export const mediaReleasePath = (id: string) => `/media/press-releases/${id}`;

export function routeTitle(path: string): string | undefined {
  return (ROUTES as readonly RouteEntry[]).find((r) => r.path === path)?.title;
}

/** Configuration the server injects into index.html as window.__APP_CONFIG__. */
export interface InjectedAppConfig {
  /** True when the page was requested at the hidden superadmin login path. */
  superadminLogin: boolean;
  /** Present outside production only: the development panel on /login. */
  devPanel: null | {
    superadminLoginPath: string;
    accounts: { label: string; email: string; password: string; role: Role }[];
  };
}
