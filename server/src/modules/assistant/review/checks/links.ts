/**
 * Links: well-formed, and pointing to the organisation's site (profile `website`) or its
 * newsroom on this platform (`${PUBLIC_URL}/newsroom/…`). Links are checked as written; the
 * server never fetches them (no requests to addresses taken from user text).
 */
import type { Finding } from '../../../../../../shared/schemas/assistant';
import { bodyBlocks, type ReviewDoc } from '../text';
import { makeFinding, type CheckContext } from './finding';

interface FoundLink {
  block: number;
  from: number;
  to: number;
  href: string;
  text: string;
}

/** Bare addresses typed in the text (the editor links them; a typed one may not be). */
const BARE = /(?<![\p{L}\p{N}@/.])(?:https?:\/\/|www\.)[^\s<>«»"”]+/giu;

function linksOf(doc: ReviewDoc): FoundLink[] {
  const out: FoundLink[] = [];
  doc.blocks.forEach((b, block) => {
    for (const l of b.links) out.push({ block, from: l.from, to: l.to, href: l.href, text: b.text });
    for (const m of b.text.matchAll(BARE)) {
      const from = m.index;
      const raw = m[0].replace(/[.,;:!?)]+$/u, '');
      if (b.links.some((l) => from < l.to && from + raw.length > l.from)) continue;
      out.push({ block, from, to: from + raw.length, href: raw, text: b.text });
    }
  });
  return out;
}

/** The host without 'www.', or null when the address is not a valid http(s) URL with a real host. */
export function hostOf(href: string): string | null {
  const withScheme = /^www\./i.test(href) ? `https://${href}` : href;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase();
  if (host !== 'localhost' && !/^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.[\p{L}]{2,}$/u.test(host) && !/^\d+\.\d+\.\d+\.\d+$/.test(host)) return null;
  return host.replace(/^www\./, '');
}

const validMailto = (href: string) => /^mailto:[^@\s]+@[^@\s]+\.[\p{L}]{2,}(\?.*)?$/iu.test(href);

export function links(doc: ReviewDoc, ctx: CheckContext): Finding[] {
  const out: Finding[] = [];
  const site = ctx.organization.website ? hostOf(/^https?:\/\//i.test(ctx.organization.website) ? ctx.organization.website : `https://${ctx.organization.website}`) : null;
  const publicBase = ctx.publicUrl.replace(/\/+$/, '');
  const newsroomPrefix = `${publicBase}/newsroom/`;
  const ownNewsroom = ctx.newsroomSlug ? `${newsroomPrefix}${ctx.newsroomSlug}` : null;
  const publicHost = hostOf(publicBase);
  let toOwn = 0;
  const all = linksOf(doc);
  for (const l of all) {
    const at = { block: l.block, from: l.from, to: l.to, text: l.text };
    if (/^mailto:/i.test(l.href)) {
      if (!validMailto(l.href)) out.push(makeFinding('link_invalid', 'links', 'error', `Η διεύθυνση e-mail του συνδέσμου δεν είναι έγκυρη (${l.href}).`, at));
      continue;
    }
    const host = hostOf(l.href);
    if (!host || /\s/.test(l.href)) {
      out.push(makeFinding('link_invalid', 'links', 'error', `Ο σύνδεσμος δεν είναι έγκυρη διεύθυνση (${l.href}): ελέγξτε ότι ξεκινά με https:// και δεν έχει κενά.`, at));
      continue;
    }
    const href = /^www\./i.test(l.href) ? `https://${l.href}` : l.href;
    if (site && (host === site || host.endsWith(`.${site}`))) {
      toOwn++;
      continue;
    }
    if (host === publicHost) {
      if (href.startsWith(newsroomPrefix)) {
        toOwn++;
        if (ownNewsroom && !(href === ownNewsroom || href.startsWith(`${ownNewsroom}/`) || href.startsWith(`${ownNewsroom}?`))) {
          out.push(makeFinding('link_other_newsroom', 'links', 'warning', 'Ο σύνδεσμος οδηγεί στο newsroom άλλου οργανισμού, όχι στο δικό σας.', at));
        }
        continue;
      }
      out.push(makeFinding('link_platform', 'links', 'info', 'Ο σύνδεσμος οδηγεί σε σελίδα της πλατφόρμας που δεν είναι το newsroom σας: οι δημοσιογράφοι ίσως δεν έχουν πρόσβαση.', at));
      continue;
    }
    if (site) {
      out.push(makeFinding('link_external', 'links', 'info', `Ο σύνδεσμος οδηγεί εκτός του ιστότοπού σας (${host}): βεβαιωθείτε ότι είναι αυτός που θέλετε.`, at));
    }
  }
  if (site && toOwn === 0 && bodyBlocks(doc).length > 0) {
    out.push(
      makeFinding('link_own_missing', 'links', 'info', `Δεν υπάρχει σύνδεσμος προς τον ιστότοπό σας (${site}) ή το newsroom σας, για όποιον θέλει να μάθει περισσότερα.`, null, {
        label: 'Προσθήκη συνδέσμου στο τέλος',
        edits: [{ type: 'append', blocks: [{ type: 'paragraph', text: `Περισσότερες πληροφορίες: https://${site}` }] }],
        safe: false,
      }),
    );
  }
  return out;
}
