import { PRODUCT_NAME } from '../../../shared/constants';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The shared e-mail frame: a simple, table-free layout that mail clients render well. `blockHtml` (already escaped) goes after the paragraphs. */
export function layout(title: string, paragraphs: string[], action?: { label: string; url: string }, blockHtml = ''): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#64748b">Αν το κουμπί δεν λειτουργεί, αντιγράψτε αυτή τη διεύθυνση: ${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html lang="el"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;background:#f8fafc;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 24px">${escapeHtml(title)}</h1>${body}${blockHtml}${button}
<p style="margin:32px 0 0;font-size:12px;color:#94a3b8">${PRODUCT_NAME} · Διανομή δελτίων τύπου</p>
</div></body></html>`;
}

function text(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  return [title, '', ...paragraphs, ...(action ? ['', `${action.label}: ${action.url}`] : []), '', `${PRODUCT_NAME}`].join('\n');
}

/** The sign-up confirmation. It echoes nothing the (anonymous) sender typed. */
export function confirmSignupMail(url: string, needsApproval: boolean): RenderedMail {
  const title = 'Επιβεβαιώστε το email σας';
  const paragraphs = [
    'Γεια σας,',
    `Ευχαριστούμε για την εγγραφή σας στο ${PRODUCT_NAME}. Πατήστε τον σύνδεσμο για να επιβεβαιώσετε τη διεύθυνση email σας.`,
    ...(needsApproval
      ? ['Ο λογαριασμός σας θα ενεργοποιηθεί πλήρως μόλις εγκριθεί από τον διαχειριστή. Θα σας ενημερώσουμε με email.']
      : []),
  ];
  const action = { label: 'Επιβεβαίωση email', url };
  return { subject: `${title} | ${PRODUCT_NAME}`, html: layout(title, paragraphs, action), text: text(title, paragraphs, action) };
}

/** A sign-up was tried with an address that already has an account: its owner is told. */
export function accountExistsMail(loginUrl: string): RenderedMail {
  const title = 'Έχετε ήδη λογαριασμό';
  const paragraphs = [
    'Γεια σας,',
    `Κάποιος προσπάθησε να δημιουργήσει λογαριασμό στο ${PRODUCT_NAME} με αυτή τη διεύθυνση email, όμως υπάρχει ήδη λογαριασμός με αυτήν. Δεν άλλαξε τίποτα στον λογαριασμό σας.`,
    'Αν ήσασταν εσείς, συνδεθείτε με τον σύνδεσμο παρακάτω· αν ξεχάσατε τον κωδικό σας, ζητήστε νέο από τη σελίδα σύνδεσης («Ξέχασα τον κωδικό μου»).',
    'Αν δεν ήσασταν εσείς, αγνοήστε αυτό το μήνυμα.',
  ];
  const action = { label: 'Σύνδεση', url: loginUrl };
  return { subject: `${title} | ${PRODUCT_NAME}`, html: layout(title, paragraphs, action), text: text(title, paragraphs, action) };
}

export function recoveryMail(url: string): RenderedMail {
  const title = 'Επαναφορά κωδικού πρόσβασης';
  const paragraphs = [
    'Λάβαμε αίτημα επαναφοράς του κωδικού πρόσβασης για τον λογαριασμό σας.',
    'Ο σύνδεσμος ισχύει για 1 ώρα. Αν δεν κάνατε εσείς το αίτημα, αγνοήστε αυτό το μήνυμα.',
  ];
  const action = { label: 'Ορισμός νέου κωδικού', url };
  return { subject: `${title} | ${PRODUCT_NAME}`, html: layout(title, paragraphs, action), text: text(title, paragraphs, action) };
}

/** Deleting one's account, step two: the link that confirms it (the password was step one). */
export function erasureConfirmMail(url: string, graceDays: number): RenderedMail {
  const title = 'Επιβεβαιώστε τη διαγραφή του λογαριασμού σας';
  const paragraphs = [
    'Γεια σας,',
    `Ζητήσατε τη διαγραφή του λογαριασμού σας στο ${PRODUCT_NAME}. Πατήστε τον σύνδεσμο για να την επιβεβαιώσετε. Ο σύνδεσμος ισχύει για 24 ώρες.`,
    `Μετά την επιβεβαίωση θα αποσυνδεθείτε και ο λογαριασμός σας θα διαγραφεί σε ${graceDays} ημέρες. Αν συνδεθείτε έως τότε, η διαγραφή ακυρώνεται.`,
    'Αν δεν κάνατε εσείς το αίτημα, αγνοήστε αυτό το μήνυμα και αλλάξτε τον κωδικό πρόσβασής σας.',
  ];
  const action = { label: 'Επιβεβαίωση διαγραφής', url };
  return { subject: `${title} | ${PRODUCT_NAME}`, html: layout(title, paragraphs, action), text: text(title, paragraphs, action) };
}

/** A sign-in within the grace period (or the superadmin) cancelled the account's erasure. */
export function erasureCancelledMail(loginUrl: string, bySignIn: boolean): RenderedMail {
  const title = 'Η διαγραφή του λογαριασμού σας ακυρώθηκε';
  const paragraphs = [
    'Γεια σας,',
    bySignIn
      ? 'Συνδεθήκατε στον λογαριασμό σας πριν περάσει η προθεσμία, οπότε η διαγραφή του ακυρώθηκε. Ο λογαριασμός και τα δεδομένα σας παραμένουν όπως ήταν.'
      : 'Ο διαχειριστής της πλατφόρμας ακύρωσε τη διαγραφή του λογαριασμού σας. Ο λογαριασμός και τα δεδομένα σας παραμένουν όπως ήταν.',
    'Αν θέλετε ακόμη να διαγράψετε τον λογαριασμό σας, ζητήστε το ξανά από τις ρυθμίσεις.',
  ];
  const action = { label: 'Σύνδεση', url: loginUrl };
  return { subject: `${title} | ${PRODUCT_NAME}`, html: layout(title, paragraphs, action), text: text(title, paragraphs, action) };
}
