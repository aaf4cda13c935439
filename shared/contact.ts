/** How to reach the company behind the platform (the contact page, the pending screen, account e-mails). */
export const CONTACT_DETAILS = {
  email: 'hello@deltio.gr',
  phone: '+30 210 123 4567',
  address: 'Λεωφόρος Συγγρού 120, 117 45 Αθήνα',
  /** When the phone is answered (the contact page lists every day). */
  hours: 'Δευτέρα - Παρασκευή 9:00 - 18:00',
};
