import { PRODUCT_NAME } from '../../../../shared/constants';
import { layout, type RenderedMail } from '../../mail/templates';

const textOf = (title: string, paragraphs: string[], action: { label: string; url: string }) =>
  [title, '', ...paragraphs, '', `${action.label}: ${action.url}`, '', PRODUCT_NAME].join('\n');

function mail(title: string, subject: string, paragraphs: string[], action: { label: string; url: string }): RenderedMail {
  return { subject: `${subject} | ${PRODUCT_NAME}`, html: layout(title, paragraphs, action), text: textOf(title, paragraphs, action) };
}

/** To each approver: a release waits for their approval. */
export function approvalRequestMail(o: { requester: string; releaseTitle: string; versionLabel: string; note: string; url: string }): RenderedMail {
  const title = 'Νέο αίτημα έγκρισης';
  return mail(
    title,
    `Αίτημα έγκρισης: ${o.releaseTitle || 'Χωρίς τίτλο'}`,
    [
      `${o.requester} ζητά την έγκρισή σας για το δελτίο τύπου «${o.releaseTitle || 'Χωρίς τίτλο'}» (${o.versionLabel}).`,
      ...(o.note ? [`Σχόλιο: ${o.note}`] : []),
      'Το δελτίο στέλνεται μόνο αφού εγκριθεί αυτή η έκδοση.',
    ],
    { label: 'Άνοιγμα εγκρίσεων', url: o.url },
  );
}

/** To the requester: the approver's decision. */
export function approvalDecisionMail(o: { approved: boolean; approver: string; releaseTitle: string; versionLabel: string; comment: string; url: string }): RenderedMail {
  const title = o.approved ? 'Η έκδοση εγκρίθηκε' : 'Η έκδοση απορρίφθηκε';
  return mail(
    title,
    `${title}: ${o.releaseTitle || 'Χωρίς τίτλο'}`,
    [
      o.approved
        ? `${o.approver} ενέκρινε το δελτίο τύπου «${o.releaseTitle || 'Χωρίς τίτλο'}» (${o.versionLabel}). Μπορεί πλέον να σταλεί, όσο το κείμενο μένει όπως εγκρίθηκε.`
        : `${o.approver} απέρριψε το δελτίο τύπου «${o.releaseTitle || 'Χωρίς τίτλο'}» (${o.versionLabel}).`,
      ...(o.comment ? [`Σχόλιο: ${o.comment}`] : []),
    ],
    { label: 'Άνοιγμα δελτίου', url: o.url },
  );
}

/** To the approver and the requester: the approved text was edited, so it cannot be sent until approved again. */
/** `versionLabel` in the genitive («Έκδοσης 3»): the mail says «μετά την έγκριση της Έκδοσης 3». */
export function approvalStaleMail(o: { releaseTitle: string; versionLabel: string; url: string }): RenderedMail {
  const title = 'Το εγκεκριμένο κείμενο άλλαξε';
  return mail(
    title,
    `${title}: ${o.releaseTitle || 'Χωρίς τίτλο'}`,
    [
      `Το δελτίο τύπου «${o.releaseTitle || 'Χωρίς τίτλο'}» άλλαξε μετά την έγκριση της ${o.versionLabel}.`,
      'Δεν μπορεί να σταλεί έως ότου εγκριθεί ξανά (ή επανέλθει στην εγκεκριμένη έκδοση).',
    ],
    { label: 'Άνοιγμα δελτίου', url: o.url },
  );
}
