import { ApiError } from '@client/api/errors';
import { FORM_MESSAGES } from '@client/lib/form-messages';

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
} as const;

/** The server's message for a refused sign-in, in Greek (the server speaks codes). */
export function loginErrorMessage(err: ApiError): string {
  if (err.code === 'too_many_requests') return AUTH_MESSAGES.tooManyAttempts;
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
