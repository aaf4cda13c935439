/** Verbatim texts of the spec (first document, sections 5 and 8); the forms' validation messages are in lib/form-messages.ts. */
export const PUBLIC_MSG = {
  sendOk: 'Επιτυχής αποστολή',
  sendFail: 'Παρουσιάστηκε σφάλμα κατά την αποστολή',
  submitOk: 'Επιτυχής υποβολή',
  submitFail: 'Παρουσιάστηκε σφάλμα κατά την υποβολή',
  plansFail: 'Δεν ήταν δυνατή η φόρτωση των πλάνων',
} as const;
