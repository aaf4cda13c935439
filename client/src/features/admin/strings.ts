/** Greek strings of the superadmin console (errors and toasts verbatim from the spec, section 8). */
import type { AuditAction, Role, UserStatus } from '@shared/constants';
import type { PlanCode } from '@shared/plans';
import type { TrialFilter } from '@shared/schemas/admin';
import { count } from '@shared/plural';

export const ERR = {
  title: 'Σφάλμα',
  overview: 'Δεν ήταν δυνατή η φόρτωση των δεδομένων',
  users: 'Δεν ήταν δυνατή η φόρτωση των χρηστών',
  userUpdate: 'Δεν ήταν δυνατή η ενημέρωση του χρήστη',
  bulkApprove: 'Δεν ήταν δυνατή η μαζική έγκριση',
  media: 'Δεν ήταν δυνατή η φόρτωση των media',
  addMedia: 'Δεν ήταν δυνατή η προσθήκη των media',
  removeMedia: 'Δεν ήταν δυνατή η αφαίρεση του media',
  bulkImport: 'Δεν ήταν δυνατή η μαζική εισαγωγή',
} as const;

export const OK_TITLE = 'Επιτυχία';
export const WARN_TITLE = 'Προσοχή';

export const ROLE_LABELS: Record<Role, string> = { client: 'Πελάτης', media: 'Media', superadmin: 'Διαχειριστής συστήματος' };
export const STATUS_LABELS: Record<UserStatus, string> = {
  pending: 'Σε αναμονή',
  approved: 'Εγκεκριμένος',
  rejected: 'Απορρίφθηκε',
  banned: 'Αποκλεισμένος',
};
export const INACTIVE_LABEL = 'Ανενεργός';

export const PLAN_LABELS: Record<PlanCode, string> = { starter: 'Starter', pro: 'Pro', enterprise: 'Enterprise' };
/** The users list's trial filter and column. */
export const TRIAL_FILTER_LABELS: Record<TrialFilter, string> = {
  all: 'Κάθε κατάσταση πλάνου',
  trial: 'Σε δοκιμή',
  ending: 'Η δοκιμή λήγει σύντομα',
  expired: 'Η δοκιμή έληξε',
  active: 'Ενεργό πλάνο',
};

export const ACTION_LABELS = {
  approve: 'Έγκριση',
  reject: 'Απόρριψη',
  ban: 'Αποκλεισμός',
  unban: 'Άρση αποκλεισμού',
  activate: 'Ενεργοποίηση',
  deactivate: 'Απενεργοποίηση',
  toMedia: 'Αλλαγή ρόλου σε Media',
  toClient: 'Αλλαγή ρόλου σε Πελάτη',
} as const;

export const ACTION_DONE = {
  approve: 'Ο χρήστης εγκρίθηκε',
  reject: 'Ο χρήστης απορρίφθηκε',
  ban: 'Ο χρήστης αποκλείστηκε',
  unban: 'Ο αποκλεισμός του χρήστη άρθηκε',
  activate: 'Ο χρήστης ενεργοποιήθηκε',
  deactivate: 'Ο χρήστης απενεργοποιήθηκε',
  role_change: 'Ο ρόλος του χρήστη άλλαξε',
} as const;

/** The user actions asked for first (they lock a person out or turn them away), and what each dialog says. */
export const CONFIRMED_ACTIONS = ['ban', 'reject', 'deactivate'] as const;
export type ConfirmedAction = (typeof CONFIRMED_ACTIONS)[number];
export const CONFIRM_ACTION: Record<ConfirmedAction, { title: string; text: (who: string) => string }> = {
  ban: {
    title: 'Αποκλεισμός χρήστη',
    text: (who) => `Να αποκλειστεί ο χρήστης ${who}; Οι συνδέσεις του τερματίζονται αμέσως και δεν θα μπορεί να συνδεθεί έως την άρση του αποκλεισμού.`,
  },
  reject: {
    title: 'Απόρριψη εγγραφής',
    text: (who) => `Να απορριφθεί η εγγραφή του χρήστη ${who}; Ο λογαριασμός του και ο οργανισμός του δεν θα εγκριθούν.`,
  },
  deactivate: {
    title: 'Απενεργοποίηση χρήστη',
    text: (who) => `Να απενεργοποιηθεί ο χρήστης ${who}; Οι συνδέσεις του τερματίζονται αμέσως έως την επανενεργοποίησή του.`,
  },
};
/** "Μαρία Παππά (maria@example.gr)", or the address alone for an account without a name. */
export const whoIs = (u: { name: string | null; email: string }) => (u.name ? `${u.name} (${u.email})` : u.email);

export const bulkApproved = (n: number) => (count(n, 'χρήστης εγκρίθηκε', 'χρήστες εγκρίθηκαν'));
export const mediaAdded = (n: number) => `${n} media προστέθηκαν`;
export const MEDIA_REMOVED = 'Το media αφαιρέθηκε';
export const ALL_ALREADY_IN = 'Όλα τα επιλεγμένα media υπάρχουν ήδη στην κατηγορία';
export const NO_MEDIA_FOUND = 'Δεν βρέθηκαν media για τα e-mail που δόθηκαν';

export const AUDIT_LABELS: Record<AuditAction, string> = {
  'user.approve': 'Έγκριση χρήστη',
  'user.reject': 'Απόρριψη χρήστη',
  'user.ban': 'Αποκλεισμός χρήστη',
  'user.unban': 'Άρση αποκλεισμού',
  'user.role_change': 'Αλλαγή ρόλου',
  'user.deactivate': 'Απενεργοποίηση χρήστη',
  'user.activate': 'Ενεργοποίηση χρήστη',
  'media_list.add': 'Προσθήκη media σε λίστα',
  'media_list.remove': 'Αφαίρεση media από λίστα',
  'media_list.bulk_import': 'Μαζική εισαγωγή media',
  'press_release.sent': 'Αποστολή δελτίου τύπου',
  'newsletter.daily.run': 'Ημερήσιο newsletter',
  'newsletter.weekly.run': 'Εβδομαδιαίο newsletter',
  'email.sent': 'Αποστολή e-mail',
  'task.create': 'Δημιουργία εργασίας',
  'task.update': 'Ενημέρωση εργασίας',
  'press_release.scheduled': 'Προγραμματισμός αποστολής',
  'press_release.unscheduled': 'Ακύρωση προγραμματισμού',
  'press_release.schedule_failed': 'Αποτυχία προγραμματισμένης αποστολής',
  'press_release.archived': 'Αρχειοθέτηση δελτίου τύπου',
  'press_release.deleted': 'Διαγραφή πρόχειρου',
  'email.test': 'Δοκιμαστικό e-mail',
  'press_release.version_saved': 'Αποθήκευση έκδοσης',
  'press_release.version_restored': 'Επαναφορά έκδοσης',
  'approval.requested': 'Αίτημα έγκρισης',
  'approval.approved': 'Έγκριση έκδοσης',
  'approval.rejected': 'Απόρριψη έκδοσης',
  'approval.stale': 'Αλλαγή κειμένου μετά την έγκριση',
  'approval.send_refused': 'Άρνηση αποστολής (χωρίς ισχύουσα έγκριση ή με ανοιχτό έλεγχο)',
  'workspace.settings_changed': 'Αλλαγή ρυθμίσεων οργανισμού',
  'workspace.member_role_changed': 'Αλλαγή ρόλου μέλους',
  'workspace_word.add': 'Προσθήκη λέξης στο λεξικό του οργανισμού',
  'workspace_word.remove': 'Αφαίρεση λέξης από το λεξικό του οργανισμού',
  'user.trial_extend': 'Παράταση δοκιμής',
  'user.plan_change': 'Αλλαγή πλάνου',
  'organisation.member_removed': 'Αφαίρεση μέλους οργανισμού',
  'organisation.deleted': 'Διαγραφή οργανισμού',
  'comment.created': 'Νέο σχόλιο στο κείμενο',
  'comment.replied': 'Απάντηση σε σχόλιο',
  'comment.edited': 'Αλλαγή σχολίου',
  'comment.deleted': 'Διαγραφή σχολίου',
  'comment.resolved': 'Επίλυση σχολίου',
  'comment.reopened': 'Επανάνοιγμα σχολίου',
  'suggestion.accepted': 'Αποδοχή προτεινόμενης αλλαγής',
  'suggestion.rejected': 'Απόρριψη προτεινόμενης αλλαγής',
  'sending_domain.added': 'Προσθήκη τομέα αποστολής',
  'sending_domain.verified': 'Επαλήθευση τομέα αποστολής',
  'sending_domain.failed': 'Αποτυχία επαλήθευσης τομέα αποστολής',
  'sending_domain.removed': 'Αφαίρεση τομέα αποστολής',
  'suppression.added': 'Προσθήκη στη λίστα αποκλεισμού',
  'suppression.removed': 'Αφαίρεση από τη λίστα αποκλεισμού',
  'suppression.imported': 'Εισαγωγή λίστας αποκλεισμού',
  'suppression.exported': 'Εξαγωγή λίστας αποκλεισμού',
  'bounce.suppressed': 'Αποκλεισμός διεύθυνσης μετά από επιστροφή ή καταγγελία',
  'account.data_exported': 'Λήψη αντιγράφου δεδομένων',
  'account.erasure_requested': 'Αίτημα διαγραφής λογαριασμού',
  'account.erasure_scheduled': 'Επιβεβαίωση διαγραφής λογαριασμού',
  'account.erasure_cancelled': 'Ακύρωση διαγραφής λογαριασμού',
  'account.erased': 'Διαγραφή λογαριασμού',
};

/** Greek messages for the 409 codes of user actions (shown under the spec's update error). */
export const USER_ACTION_ERRORS: Record<string, string> = {
  not_pending: 'Η έγκριση και η απόρριψη γίνονται μόνο όσο ο χρήστης είναι σε αναμονή.',
  already_banned: 'Ο χρήστης είναι ήδη αποκλεισμένος.',
  not_banned: 'Ο χρήστης δεν είναι αποκλεισμένος.',
  already_active: 'Ο χρήστης είναι ήδη ενεργός.',
  already_inactive: 'Ο χρήστης είναι ήδη ανενεργός.',
  superadmin_role_locked: 'Ο ρόλος ενός superadmin δεν αλλάζει.',
  same_role: 'Ο χρήστης έχει ήδη αυτόν τον ρόλο.',
  cannot_modify_self: 'Δεν μπορείτε να αλλάξετε τον δικό σας λογαριασμό.',
  no_plan: 'Πλάνα και δοκιμή υπάρχουν μόνο για λογαριασμούς πελατών.',
  plan_active: 'Το πλάνο είναι ήδη ενεργό· η δοκιμή δεν χρειάζεται παράταση.',
};
