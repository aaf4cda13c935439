import { PRODUCT_NAME } from '../../../../shared/constants';
import { layout, type RenderedMail } from '../../mail/templates';

const TIME_SLOT_LABELS = {
  morning: 'πρωί (09:00-12:00)',
  afternoon: 'μεσημέρι (12:00-15:00)',
  evening: 'απόγευμα (15:00-18:00)',
} as const;

function plain(title: string, paragraphs: string[]): string {
  return [title, '', ...paragraphs, '', PRODUCT_NAME].join('\n');
}

function render(title: string, paragraphs: string[]): RenderedMail {
  return {
    subject: `${title} | ${PRODUCT_NAME}`,
    html: layout(title, paragraphs),
    text: plain(title, paragraphs),
  };
}

/** Confirmations of anonymous forms echo nothing the sender typed (no relay for free text). */
export function leadConfirmationMail(source: 'pricing' | 'contact'): RenderedMail {
  return render(source === 'pricing' ? 'Λάβαμε το αίτημα προσφοράς σας' : 'Λάβαμε το μήνυμά σας', [
    'Γεια σας,',
    source === 'pricing'
      ? `Ευχαριστούμε για το ενδιαφέρον σας για το πλάνο Enterprise του ${PRODUCT_NAME}. Ένας σύμβουλός μας θα μελετήσει τις ανάγκες σας και θα σας στείλει εξατομικευμένη προσφορά.`
      : `Ευχαριστούμε που επικοινωνήσατε με την ομάδα του ${PRODUCT_NAME}.`,
    'Θα σας απαντήσουμε εντός 24 ωρών (εργάσιμες ημέρες Δευτέρα-Παρασκευή 9:00-18:00, Σάββατο 10:00-15:00).',
    'Αν θέλετε να προσθέσετε κάτι, απαντήστε απλώς σε αυτό το email.',
  ]);
}

export function demoConfirmationMail(
  date: string | null,
  slot: keyof typeof TIME_SLOT_LABELS | null,
): RenderedMail {
  const when =
    date || slot
      ? `Προτιμώμενη ημερομηνία: ${date ? date.split('-').reverse().join('/') : 'οποιαδήποτε'}${slot ? `, ${TIME_SLOT_LABELS[slot]}` : ''}.`
      : 'Δεν ορίσατε προτιμώμενη ημερομηνία· θα σας προτείνουμε εμείς διαθέσιμες ώρες.';
  return render('Λάβαμε το αίτημά σας για demo', [
    'Γεια σας,',
    `Ευχαριστούμε για το ενδιαφέρον σας για το ${PRODUCT_NAME}. Θα επικοινωνήσουμε μαζί σας εντός 24 ωρών για να επιβεβαιώσουμε την ώρα της παρουσίασης.`,
    when,
    'Η παρουσίαση διαρκεί 15 λεπτά και γίνεται online: θα δείτε τη συγγραφή με AI, τη στοχευμένη αποστολή στα media και τις αναφορές αποτελεσμάτων.',
  ]);
}
