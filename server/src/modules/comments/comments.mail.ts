import { PRODUCT_NAME } from '../../../../shared/constants';
import { layout, type RenderedMail } from '../../mail/templates';

/** To a member named with @ in a comment: who mentioned them, on which words, and the comment. */
export function mentionMail(o: { author: string; releaseTitle: string; quote: string; body: string; url: string }): RenderedMail {
  const title = `Ο/Η ${o.author} σας ανέφερε σε σχόλιο`;
  const release = o.releaseTitle || 'Χωρίς τίτλο';
  const paragraphs = [`${o.author} σας ανέφερε σε σχόλιο στο δελτίο τύπου «${release}».`, `Στις λέξεις: «${o.quote}»`, `Σχόλιο: ${o.body}`];
  const action = { label: 'Άνοιγμα σχολίου', url: o.url };
  return {
    subject: `Σχόλιο στο «${release}» | ${PRODUCT_NAME}`,
    html: layout(title, paragraphs, action),
    text: [title, '', ...paragraphs, '', `${action.label}: ${action.url}`, '', PRODUCT_NAME].join('\n'),
  };
}
