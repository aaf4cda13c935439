import { CATEGORY_LABELS, PRODUCT_NAME, type Category } from '../../../../shared/constants';
import { EMBARGO_NOTE, embargoBanner, embargoSubjectPrefix } from '../../../../shared/embargo';
import type { PressKit } from '../releases/sent-versions.repo';
import { escapeHtml, layout, type RenderedMail } from '../../mail/templates';
import { count } from '../../../../shared/plural';

export interface ReleaseMailInput {
  title: string;
  /** The release's HTML with this recipient's tracked links. */
  html: string;
  text: string;
  category: Category | null;
  company: string;
  sentAt: Date;
  attachments: { fileName: string; sizeBytes: number; url: string }[];
  /** The open pixel; null for a preview or a test e-mail (never tracked). */
  pixelUrl: string | null;
  /** A banner above the release (a test e-mail says it is one). */
  notice?: string;
  /** The embargo: the subject starts with «ΥΠΟ ΕΜΒΑΡΓΚΟ έως …» and a banner says it. */
  embargoUntil: Date | null;
  /** The sender's «Σχετικά με» text and press contact, under the release. */
  pressKit: PressKit;
  readInAppUrl: string;
  unsubscribeSenderUrl: string;
  unsubscribeAllUrl: string;
}

const dateFmt = new Intl.DateTimeFormat('el-GR', { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23', timeZone: 'Europe/Athens' });

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString('el-GR', { maximumFractionDigits: 1 })} MB`;
}

/** The press contact's lines (name, e-mail, phone), those that are set. */
export function contactLines(k: PressKit): string[] {
  return [k.press_contact_name, k.press_contact_email, k.press_contact_phone].filter((v): v is string => Boolean(v?.trim()));
}

/** The e-mail's subject: the title, after «ΥΠΟ ΕΜΒΑΡΓΚΟ έως dd/mm/yyyy HH:mm» (Athens) when embargoed. */
export function releaseSubject(title: string, embargoUntil: Date | null): string {
  return embargoUntil ? `${embargoSubjectPrefix(embargoUntil)} — ${title}` : title;
}

/** The release as a recipient's e-mail: the HTML, attachments as links, the pixel and unsubscribe links. */
export function releaseMail(m: ReleaseMailInput): RenderedMail {
  const category = m.category ? CATEGORY_LABELS[m.category] : '';
  const meta = [m.company, category, dateFmt.format(m.sentAt)].filter(Boolean).join(' · ');
  const attachments = m.attachments.length
    ? `<h2 style="font-size:15px;margin:24px 0 8px">Συνημμένα</h2><ul style="padding-left:20px;margin:0">${m.attachments
        .map((a) => `<li style="margin:0 0 4px"><a href="${escapeHtml(a.url)}">${escapeHtml(a.fileName)}</a> <span style="color:#64748b">(${size(a.sizeBytes)})</span></li>`)
        .join('')}</ul>`
    : '';
  const embargo = m.embargoUntil ? `${embargoBanner(m.embargoUntil)}. ${EMBARGO_NOTE}` : null;
  const contact = contactLines(m.pressKit);
  const about = m.pressKit.boilerplate?.trim() || null;
  const kit = [
    about
      ? `<h2 style="font-size:15px;margin:24px 0 8px">Σχετικά με: ${escapeHtml(m.company)}</h2><p style="margin:0;line-height:1.6;white-space:pre-line">${escapeHtml(about)}</p>`
      : '',
    contact.length
      ? `<h2 style="font-size:15px;margin:24px 0 8px">Επικοινωνία για τον Τύπο</h2><p style="margin:0;line-height:1.6">${contact.map(escapeHtml).join('<br>')}</p>`
      : '',
  ].join('');
  const html = `<!doctype html><html lang="el"><head><meta charset="utf-8"><title>${escapeHtml(m.title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;background:#f8fafc;margin:0;padding:24px">
<div style="max-width:640px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
${m.notice ? `<p style="margin:0 0 16px;padding:8px 12px;border-radius:6px;background:#fef3c7;color:#92400e;font-size:13px">${escapeHtml(m.notice)}</p>` : ''}
${embargo ? `<p style="margin:0 0 16px;padding:10px 12px;border-radius:6px;background:#fee2e2;color:#991b1b;font-size:14px;font-weight:bold" data-embargo>${escapeHtml(embargo)}</p>` : ''}
<p style="margin:0 0 8px;font-size:13px;color:#64748b">Δελτίο τύπου · ${escapeHtml(meta)}</p>
<h1 style="font-size:22px;margin:0 0 24px">${escapeHtml(m.title)}</h1>
<div style="line-height:1.6">${m.html}</div>
${kit}
${attachments}
<p style="margin:24px 0"><a href="${escapeHtml(m.readInAppUrl)}" style="color:#1d4ed8">Διαβάστε το στο ${PRODUCT_NAME}</a></p>
<p style="margin:32px 0 0;font-size:12px;color:#94a3b8">Λαμβάνετε αυτό το μήνυμα επειδή είστε στις λίστες media του ${PRODUCT_NAME}.
<a href="${escapeHtml(m.unsubscribeSenderUrl)}" style="color:#64748b">Διαγραφή από τον αποστολέα ${escapeHtml(m.company)}</a> ·
<a href="${escapeHtml(m.unsubscribeAllUrl)}" style="color:#64748b">Διαγραφή από όλα τα δελτία</a></p>
</div>${m.pixelUrl ? `<img src="${escapeHtml(m.pixelUrl)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">` : ''}</body></html>`;
  const text = [
    ...(m.notice ? [m.notice, ''] : []),
    ...(embargo ? [embargo.toUpperCase(), ''] : []),
    m.title,
    meta,
    '',
    m.text,
    ...(about ? ['', `Σχετικά με: ${m.company}`, about] : []),
    ...(contact.length ? ['', 'Επικοινωνία για τον Τύπο:', ...contact] : []),
    ...(m.attachments.length ? ['', 'Συνημμένα:', ...m.attachments.map((a) => `- ${a.fileName}: ${a.url}`)] : []),
    '',
    `Διαβάστε το στο ${PRODUCT_NAME}: ${m.readInAppUrl}`,
    '',
    `Διαγραφή από τον αποστολέα ${m.company}: ${m.unsubscribeSenderUrl}`,
    `Διαγραφή από όλα τα δελτία: ${m.unsubscribeAllUrl}`,
  ].join('\n');
  return { subject: releaseSubject(m.title, m.embargoUntil), html, text };
}

/** To the sender (if they keep the "press release sent" switch on). */
export function sentConfirmationMail(title: string, recipients: number, url: string): RenderedMail {
  const heading = 'Το δελτίο τύπου στάλθηκε';
  const paragraphs = [
    `Το δελτίο τύπου «${title}» στάλθηκε σε ${count(recipients, 'παραλήπτη', 'παραλήπτες')}.`,
    'Θα βλέπετε τα ανοίγματα και τα κλικ στις αναφορές σας.',
  ];
  const action = { label: 'Δείτε τις αναφορές', url };
  return { subject: heading, html: layout(heading, paragraphs, action), text: [heading, '', ...paragraphs, '', `${action.label}: ${url}`].join('\n') };
}
