import { PRODUCT_NAME } from '../../../../shared/constants';
import { CONTACT_DETAILS } from '../../../../shared/contact';
import { layout, type RenderedMail } from '../../mail/templates';

function mail(title: string, paragraphs: string[], action: { label: string; url: string }): RenderedMail {
  const text = [title, '', ...paragraphs, '', `${action.label}: ${action.url}`, '', PRODUCT_NAME].join('\n');
  return { subject: `${title} | ${PRODUCT_NAME}`, html: layout(title, paragraphs, action), text };
}

const HOW_TO_CONTINUE = `Για να συνεχίσετε χωρίς διακοπή, επικοινωνήστε μαζί μας στο ${CONTACT_DETAILS.email} ή στο ${CONTACT_DETAILS.phone}: ενεργοποιούμε το πλάνο σας ή παρατείνουμε τη δοκιμή.`;

/** The notice a few days before the free trial ends. */
export function trialEndingMail(plan: string, endDate: string, daysText: string, settingsUrl: string): RenderedMail {
  return mail(
    'Η δωρεάν δοκιμή σας λήγει σύντομα',
    [
      'Γεια σας,',
      `Η δωρεάν δοκιμή του πλάνου ${plan} στο ${PRODUCT_NAME} λήγει ${daysText}, στις ${endDate}.`,
      'Μετά τη λήξη της δεν θα μπορείτε να στέλνετε δελτία τύπου ούτε να προσκαλείτε νέα μέλη· τα πρόχειρα, οι αναφορές και τα δεδομένα σας μένουν όπως είναι.',
      HOW_TO_CONTINUE,
    ],
    { label: 'Το πλάνο μου', url: settingsUrl },
  );
}

/** The notice when the free trial has ended. */
export function trialEndedMail(plan: string, settingsUrl: string): RenderedMail {
  return mail(
    'Η δωρεάν δοκιμή σας έληξε',
    [
      'Γεια σας,',
      `Η δωρεάν δοκιμή του πλάνου ${plan} στο ${PRODUCT_NAME} έληξε. Η αποστολή δελτίων τύπου και οι προσκλήσεις νέων μελών είναι πλέον απενεργοποιημένες.`,
      'Τα πρόχειρα, οι αναφορές και τα δεδομένα σας παραμένουν διαθέσιμα.',
      HOW_TO_CONTINUE,
    ],
    { label: 'Το πλάνο μου', url: settingsUrl },
  );
}
