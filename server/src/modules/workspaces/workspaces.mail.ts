import { PRODUCT_NAME } from '../../../../shared/constants';
import { escapeHtml, layout, type RenderedMail } from '../../mail/templates';

/** The invitation e-mail: who invites, to which organisation, and the link to the invitation page (7 days). */
export function invitationMail(inviterName: string, workspaceName: string, url: string): RenderedMail {
  const title = 'Πρόσκληση στην ομάδα';
  const paragraphs = [
    'Γεια σας,',
    `${inviterName || 'Ένας συνεργάτης σας'} σας προσκαλεί στην ομάδα «${workspaceName || PRODUCT_NAME}» στο ${PRODUCT_NAME}, για να γράφετε, να εγκρίνετε και να στέλνετε μαζί δελτία τύπου.`,
    'Ανοίξτε τον σύνδεσμο: αν δεν έχετε λογαριασμό, τον δημιουργείτε εκεί με το όνομά σας και έναν κωδικό, χωρίς άλλη έγκριση· αν έχετε, συνδέεστε και αποδέχεστε την πρόσκληση. Ο σύνδεσμος ισχύει για 7 ημέρες και χρησιμοποιείται μία φορά.',
  ];
  const action = { label: 'Αποδοχή πρόσκλησης', url };
  const text = [title, '', ...paragraphs, '', `${action.label}: ${url}`, '', PRODUCT_NAME].join('\n');
  return {
    subject: `${title}: ${workspaceName} | ${PRODUCT_NAME}`,
    html: layout(title, paragraphs, action),
    text,
  };
}

export { escapeHtml };
