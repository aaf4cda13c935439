import { CONTACT_DETAILS } from '@shared/contact';
import type { SessionEndReason } from '@shared/accounts';
import { ApiError } from '@client/api/errors';
import { FORM_MESSAGES } from '@client/lib/form-messages';

const CONTACT = `Για πληροφορίες επικοινωνήστε μαζί μας στο ${CONTACT_DETAILS.email}.`;

/**
 * The spec's Greek messages for sign-in and sign-up (first document, sections 5 and 8); the
 * field checks' messages (required, passwords) are in the forms' table, lib/form-messages.ts.
 */
export const AUTH_MESSAGES = {
  fillAllFields: 'Παρακαλώ συμπληρώστε όλα τα πεδία',
  passwordTooCommon: 'Ο κωδικός πρόσβασης είναι πολύ συνηθισμένος. Επιλέξτε έναν που δύσκολα μαντεύεται.',
  loginFailedTitle: 'Σφάλμα σύνδεσης',
  loginFailedDefault: 'Λάθος email ή κωδικός πρόσβασης',
  loginExceptionTitle: 'Σφάλμα',
  loginException: 'Παρουσιάστηκε σφάλμα κατά τη σύνδεση',
  loginSuccessTitle: 'Επιτυχής σύνδεση',
  loginSuccess: 'Καλώς ήρθατε!',
  signupFailedTitle: 'Σφάλμα εγγραφής',
  signupFailedDefault: 'Παρουσιάστηκε σφάλμα κατά την εγγραφή',
  signupSuccessTitle: 'Ο λογαριασμός δημιουργήθηκε',
  signupSuccess: 'Ελέγξτε το email σας για να επιβεβαιώσετε τη διεύθυνσή σας.',
  tooManyAttempts: 'Πάρα πολλές αποτυχημένες προσπάθειες σύνδεσης. Δοκιμάστε ξανά σε λίγα λεπτά.',
  emailExists: 'Υπάρχει ήδη λογαριασμός με αυτό το email',
  approvalNote:
    'Οι νέοι λογαριασμοί ενεργοποιούνται πλήρως αφού εγκριθούν από τον διαχειριστή της πλατφόρμας. Μέχρι τότε μπορείτε να συνδεθείτε και να ολοκληρώσετε τη ρύθμιση του λογαριασμού σας.',
  termsRequired: 'Παρακαλώ αποδεχθείτε τους όρους χρήσης για να δημιουργήσετε λογαριασμό',
  banned: `Ο λογαριασμός σας έχει αποκλειστεί από τον διαχειριστή της πλατφόρμας. ${CONTACT}`,
  inactive: `Ο λογαριασμός σας έχει απενεργοποιηθεί από τον διαχειριστή της πλατφόρμας. ${CONTACT}`,
} as const;

/** The sign-in page's explanation of a session the server ended (auth-client's sessionEnded()). */
export const SESSION_ENDED_MESSAGES: Record<SessionEndReason, string> = {
  signed_out: 'Αποσυνδεθήκατε επειδή ζητήθηκε αποσύνδεση από άλλη συσκευή ή καρτέλα. Συνδεθείτε ξανά για να συνεχίσετε.',
  banned: `Η σύνδεσή σας τερματίστηκε επειδή ο λογαριασμός σας αποκλείστηκε από τον διαχειριστή της πλατφόρμας. ${CONTACT}`,
  deactivated: `Η σύνδεσή σας τερματίστηκε επειδή ο λογαριασμός σας απενεργοποιήθηκε από τον διαχειριστή της πλατφόρμας. ${CONTACT}`,
  password_changed: 'Ο κωδικός πρόσβασης του λογαριασμού σας άλλαξε από άλλη συσκευή. Συνδεθείτε με τον νέο κωδικό.',
  revoked: 'Η σύνδεσή σας τερματίστηκε για λόγους ασφαλείας. Συνδεθείτε ξανά για να συνεχίσετε.',
  expired: 'Η σύνδεσή σας έληξε. Συνδεθείτε ξανά για να συνεχίσετε.',
  erasure_scheduled:
    'Επιβεβαιώσατε τη διαγραφή του λογαριασμού σας και αποσυνδεθήκατε. Ο λογαριασμός θα διαγραφεί σε 14 ημέρες· αν συνδεθείτε έως τότε, η διαγραφή ακυρώνεται.',
};


/** The server's message for a refused sign-in, in Greek (the server speaks codes). */
export function loginErrorMessage(err: ApiError): string {
  if (err.code === 'too_many_requests') return AUTH_MESSAGES.tooManyAttempts;
  if (err.code === 'user_banned') return AUTH_MESSAGES.banned;
  if (err.code === 'user_inactive') return AUTH_MESSAGES.inactive;
  return AUTH_MESSAGES.loginFailedDefault;
}

export function signupErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === 'email_exists') return AUTH_MESSAGES.emailExists;
    if (err.code === 'too_many_requests') return 'Πάρα πολλές προσπάθειες. Δοκιμάστε ξανά αργότερα.';
    if (err.fields?.email) return 'Το email δεν είναι έγκυρο';
    if (err.fields?.password) return passwordErrorMessage(err);
  }
  return AUTH_MESSAGES.signupFailedDefault;
}

/** A refused new password: too short, or on the list of common passwords. */
export function passwordErrorMessage(err: ApiError): string {
  return err.fields?.password === 'is too common' ? AUTH_MESSAGES.passwordTooCommon : FORM_MESSAGES.passwordTooShort;
}
