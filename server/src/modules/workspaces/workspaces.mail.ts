import { PRODUCT_NAME } from '../../../../shared/constants';
import { escapeHtml, layout, type RenderedMail } from '../../mail/templates';

/** The invitation e-mail: who invites, to which workspace, and the signed link (7 days). */
export function invitationMail(inviterName: string, workspaceName: string, url: string): RenderedMail {
  const title = 'Πρόσκληση σε χώρο εργασίας';
  const paragraphs = [
    'Γεια σας,',
    `${inviterName || 'Ένας συνεργάτης σας'} σας προσκαλεί στον χώρο εργασίας «${workspaceName || PRODUCT_NAME}» στο ${PRODUCT_NAME}, για να γράφετε μαζί δελτία τύπου και να μοιράζεστε τις εργασίες της ομάδας.`,
    'Αν δεν έχετε λογαριασμό, δημιουργήστε έναν ως πελάτης με αυτή τη διεύθυνση email και πατήστε ξανά τον σύνδεσμο. Ο σύνδεσμος ισχύει για 7 ημέρες και χρησιμοποιείται μία φορά.',
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
