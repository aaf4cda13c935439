import type { DeliveryState, SuppressionReason, SuppressionSource } from '@shared/constants';

export const REASON_LABELS: Record<SuppressionReason, string> = {
  hard_bounce: 'Μόνιμη επιστροφή',
  soft_bounce_limit: 'Επανειλημμένες προσωρινές επιστροφές',
  complaint: 'Καταγγελία ως ανεπιθύμητο',
  manual: 'Χειροκίνητη προσθήκη',
  import: 'Εισαγωγή από CSV',
};

export const SOURCE_LABELS: Record<SuppressionSource, string> = {
  smtp_session: 'Απάντηση διακομιστή',
  dsn: 'Αναφορά μη παράδοσης',
  arf: 'Αναφορά καταγγελίας',
  ses: 'Amazon SES',
  postmark: 'Postmark',
  mailgun: 'Mailgun',
  admin: 'Διαχειριστής',
  csv: 'Αρχείο CSV',
};

export const IMPORT_ERRORS: Record<string, string> = {
  invalid_email: 'Μη έγκυρη διεύθυνση e-mail',
  too_many_rows: 'Πάρα πολλές γραμμές σε μία εισαγωγή',
};

/** A delivery's state as the table says it (a bounce is split by its type). */
export function deliveryStateLabel(
  state: DeliveryState,
  bounceType: 'hard' | 'soft' | null,
): string {
  switch (state) {
    case 'sent':
      return 'Παραδόθηκε';
    case 'bounced':
      return bounceType === 'soft' ? 'Επιστράφηκε (προσωρινά)' : 'Επιστράφηκε (μόνιμα)';
    case 'complained':
      return 'Καταγγελία';
    case 'suppressed':
      return 'Αποκλεισμένη';
    case 'queued':
      return 'Σε αναμονή';
    case 'failed':
      return 'Απέτυχε';
  }
}

export const DELIVERY_FILTERS: { value: DeliveryState | 'all'; label: string }[] = [
  { value: 'all', label: 'Όλες' },
  { value: 'sent', label: 'Παραδόθηκαν' },
  { value: 'bounced', label: 'Επιστράφηκαν' },
  { value: 'complained', label: 'Καταγγελίες' },
  { value: 'suppressed', label: 'Αποκλεισμένες' },
  { value: 'queued', label: 'Σε αναμονή' },
  { value: 'failed', label: 'Απέτυχαν' },
];
