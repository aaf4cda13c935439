import { PRODUCT_NAME, type Role } from '../../../../shared/constants';
import { layout, type RenderedMail } from '../../mail/templates';

const WHAT_NOW: Record<Role, string> = {
  client: 'Μπορείτε πλέον να στέλνετε δελτία τύπου στα media και να προσκαλείτε συνεργάτες στον χώρο εργασίας σας.',
  media: 'Θα λαμβάνετε πλέον τα δελτία τύπου των κατηγοριών που σας ενδιαφέρουν, στην εφαρμογή και με email.',
  superadmin: '',
};

/** The e-mail the sign-up confirmation promised: the account is approved. */
export function approvedMail(role: Role, url: string): RenderedMail {
  const title = 'Ο λογαριασμός σας εγκρίθηκε';
  const paragraphs = ['Γεια σας,', `Ο λογαριασμός σας στο ${PRODUCT_NAME} εγκρίθηκε από τον διαχειριστή της πλατφόρμας.`, WHAT_NOW[role]].filter(Boolean);
  const action = { label: 'Σύνδεση', url };
  const text = [title, '', ...paragraphs, '', `${action.label}: ${url}`, '', PRODUCT_NAME].join('\n');
  return { subject: `${title} | ${PRODUCT_NAME}`, html: layout(title, paragraphs, action), text };
}
