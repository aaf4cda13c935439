/**
 * The public newsroom's pages as HTML strings (server-rendered, readable without JavaScript):
 * the index of newsrooms, one organisation's newsroom, one release, and the Greek 404. Every
 * value is escaped here; a release's HTML was sanitized when it was stored (collab/render.ts).
 * The look follows the public site (its colours, type and spacing) in a small inline
 * stylesheet: the pages load no script but the tiny live one of the lists.
 */
import { CATEGORY_LABELS, PRODUCT_NAME, type Category } from '../../../../shared/constants';
import { escapeHtml } from '../../mail/templates';
import { count } from '../../../../shared/plural';

const esc = escapeHtml;
const TIME_ZONE = 'Europe/Athens';
const longDate = new Intl.DateTimeFormat('el-GR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE });
const clock = new Intl.DateTimeFormat('el-GR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE });

/** «5 Μαρτίου 2026» in Athens. */
export const formatLongDate = (at: Date) => longDate.format(at);
/** «5 Μαρτίου 2026, 14:30» in Athens. */
export const formatDateTime = (at: Date) => `${longDate.format(at)}, ${clock.format(at)}`;

export interface Organisation {
  name: string;
  slug: string;
  /** Absolute URL of the logo, or null (the initials are shown). */
  logoUrl: string | null;
  website: string | null;
  boilerplate: string | null;
  contact: { name: string | null; email: string | null; phone: string | null };
}

export interface ReleaseCard {
  url: string;
  title: string;
  excerpt: string;
  category: Category | null;
  publishedAt: Date;
}

export interface Head {
  title: string;
  description: string;
  /** Absolute, from PUBLIC_URL. */
  canonical: string;
  type: 'website' | 'article';
  image?: string | null;
  feed?: { title: string; url: string };
  publishedAt?: Date;
  noindex?: boolean;
}

export const S = {
  newsroom: 'Newsroom',
  indexTitle: 'Newsroom οργανισμών',
  indexLead: `Τα δελτία τύπου των εταιρειών και των οργανισμών που ενημερώνουν τα media μέσω του ${PRODUCT_NAME}.`,
  indexEmpty: 'Δεν υπάρχουν ακόμη δημόσια δελτία τύπου.',
  releasesOf: (org: string) => `Δελτία τύπου: ${org}`,
  releases: (n: number) => (count(n, 'δελτίο τύπου', 'δελτία τύπου')),
  latest: 'Τελευταίο',
  empty: 'Δεν υπάρχουν ακόμη δημοσιευμένα δελτία τύπου.',
  about: (org: string) => `Σχετικά με: ${org}`,
  contact: 'Επικοινωνία για τον Τύπο',
  contactName: 'Όνομα',
  email: 'Email',
  phone: 'Τηλέφωνο',
  website: 'Ιστοσελίδα',
  feed: 'Ροή Atom',
  feedTitle: (org: string) => `${org}: δελτία τύπου`,
  all: (org: string) => `Όλα τα δελτία τύπου: ${org}`,
  published: 'Δημοσιεύτηκε',
  skip: 'Μετάβαση στο περιεχόμενο',
  home: 'Αρχική',
  privacy: 'Πολιτική απορρήτου',
  older: 'Παλαιότερα δελτία τύπου',
  newer: 'Νεότερα δελτία τύπου',
  page: (p: number, n: number) => `Σελίδα ${p} από ${n}`,
  notFound: 'Η σελίδα δεν βρέθηκε',
  notFoundText: 'Το newsroom ή το δελτίο τύπου που ζητήσατε δεν υπάρχει ή δεν είναι δημόσιο.',
  backToIndex: 'Όλα τα newsroom',
  logoOf: (org: string) => `Λογότυπο: ${org}`,
  breadcrumb: 'Διαδρομή',
};

const STYLE = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:Inter,system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,sans-serif;color:hsl(222 47% 11%);background:hsl(210 40% 98%);line-height:1.6;-webkit-font-smoothing:antialiased}
a{color:hsl(224 76% 40%);text-underline-offset:2px}
a:hover{color:hsl(224 76% 33%)}
a:focus-visible{outline:2px solid hsl(224 76% 48%);outline-offset:2px;border-radius:2px}
.wrap{max-width:72rem;margin:0 auto;padding:0 1rem}
@media(min-width:640px){.wrap{padding:0 1.5rem}}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem 1rem;z-index:10}
.skip:focus{left:1rem}
.site-head{background:hsl(0 0% 100% / .95);border-bottom:1px solid hsl(214 32% 91%)}
.site-head .wrap{display:flex;align-items:center;justify-content:space-between;gap:1rem;height:4rem}
.brand{display:inline-flex;align-items:center;gap:.5rem;font-weight:700;font-size:1.125rem;color:inherit;text-decoration:none}
.brand svg{width:2rem;height:2rem}
.site-head nav a{font-size:.875rem;font-weight:500;color:hsl(215 19% 35%);text-decoration:none;padding:.5rem .75rem;border-radius:.375rem}
.site-head nav a:hover{background:hsl(214 95% 94%);color:hsl(224 76% 28%)}
main.wrap{flex:1;width:100%;padding-top:2rem;padding-bottom:3rem}
h1{font-size:1.75rem;line-height:1.2;margin:0;letter-spacing:-.01em}
@media(min-width:640px){h1{font-size:2.125rem}}
h2{font-size:1.125rem;line-height:1.3;margin:0 0 .75rem}
.lead{color:hsl(215 19% 35%);margin:.5rem 0 0;max-width:42rem}
.muted{color:hsl(215 19% 35%)}
.small{font-size:.875rem}
.org{display:flex;gap:1rem;align-items:center;margin-bottom:2rem}
.logo{width:4rem;height:4rem;flex:none;border:1px solid hsl(214 32% 91%);border-radius:.5rem;background:#fff;object-fit:contain;display:flex;align-items:center;justify-content:center;font-weight:700;font-size:1.25rem;color:hsl(215 19% 35%);overflow:hidden}
.logo.sm{width:2.75rem;height:2.75rem;font-size:1rem}
.layout{display:grid;gap:1.5rem;grid-template-columns:minmax(0,1fr)}
@media(min-width:960px){.layout{grid-template-columns:minmax(0,1fr) 20rem}}
.card{background:#fff;border:1px solid hsl(214 32% 91%);border-radius:.5rem;padding:1.25rem}
.list{list-style:none;margin:0;padding:0;background:#fff;border:1px solid hsl(214 32% 91%);border-radius:.5rem}
.list>li{padding:1.1rem 1.25rem;border-top:1px solid hsl(214 32% 91%)}
.list>li:first-child{border-top:0}
.list h2,.list h3{font-size:1.0625rem;margin:.25rem 0;line-height:1.35}
.list a.title{color:hsl(222 47% 11%);text-decoration:none}
.list a.title:hover{text-decoration:underline}
.meta{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .75rem;font-size:.8125rem;color:hsl(215 19% 35%)}
.badge{display:inline-block;font-size:.75rem;font-weight:500;padding:.0625rem .5rem;border-radius:9999px;background:hsl(210 40% 96%);color:hsl(222 47% 11%)}
.excerpt{margin:.25rem 0 0;color:hsl(215 19% 35%);font-size:.9375rem}
.rooms{display:grid;gap:1rem;grid-template-columns:minmax(0,1fr);list-style:none;margin:0;padding:0}
@media(min-width:700px){.rooms{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media(min-width:1024px){.rooms{grid-template-columns:repeat(3,minmax(0,1fr))}}
.rooms>li{display:flex;gap:.875rem;align-items:flex-start}
.rooms a.title{font-weight:600;color:hsl(222 47% 11%);text-decoration:none}
.rooms a.title:hover{text-decoration:underline}
.empty{background:#fff;border:1px dashed hsl(213 27% 80%);border-radius:.5rem;padding:2.5rem 1rem;text-align:center;color:hsl(215 19% 35%)}
.prose{background:#fff;border:1px solid hsl(214 32% 91%);border-radius:.5rem;padding:1.25rem;overflow-wrap:anywhere}
@media(min-width:640px){.prose{padding:2rem}}
.prose>:first-child{margin-top:0}.prose>:last-child{margin-bottom:0}
.prose p,.prose ul,.prose ol,.prose blockquote{margin:0 0 1em}
.prose h2{font-size:1.25rem;margin:1.5em 0 .5em}.prose h3{font-size:1.0625rem;margin:1.25em 0 .5em}
.prose blockquote{border-left:3px solid hsl(214 32% 91%);padding-left:1rem;color:hsl(215 19% 35%)}
.prose img{max-width:100%;height:auto}
.aside{display:flex;flex-direction:column;gap:1rem}
.aside p{margin:0}
.boilerplate{white-space:pre-line;font-size:.9375rem}
dl.contact{margin:0;display:grid;grid-template-columns:auto minmax(0,1fr);gap:.25rem .75rem;font-size:.9375rem}
dl.contact dt{color:hsl(215 19% 35%)}dl.contact dd{margin:0;overflow-wrap:anywhere}
.crumbs{font-size:.875rem;margin-bottom:1rem}
.crumbs ol{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem .5rem;margin:0;padding:0}
.crumbs li+li::before{content:"›";margin-right:.5rem;color:hsl(215 19% 35%)}
.pager{display:flex;justify-content:space-between;gap:1rem;margin-top:1rem;font-size:.875rem}
.site-foot{border-top:1px solid hsl(214 32% 91%);background:#fff;padding:1.5rem 0;font-size:.875rem;color:hsl(215 19% 35%)}
.site-foot a{color:inherit}`;

const MARK =
  '<svg viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#1e40af"/><path d="M10 8h6.5a8 8 0 0 1 0 16H10z" fill="none" stroke="#fff" stroke-width="3"/></svg>';

function headTags(h: Head): string {
  const tags = [
    `<title>${esc(h.title)}</title>`,
    `<meta name="description" content="${esc(h.description)}">`,
    `<link rel="canonical" href="${esc(h.canonical)}">`,
    `<meta property="og:type" content="${h.type}">`,
    `<meta property="og:site_name" content="${PRODUCT_NAME}">`,
    '<meta property="og:locale" content="el_GR">',
    `<meta property="og:title" content="${esc(h.title)}">`,
    `<meta property="og:description" content="${esc(h.description)}">`,
    `<meta property="og:url" content="${esc(h.canonical)}">`,
    '<meta name="twitter:card" content="summary">',
  ];
  if (h.image) tags.push(`<meta property="og:image" content="${esc(h.image)}">`);
  if (h.publishedAt) tags.push(`<meta property="article:published_time" content="${h.publishedAt.toISOString()}">`);
  if (h.feed) tags.push(`<link rel="alternate" type="application/atom+xml" title="${esc(h.feed.title)}" href="${esc(h.feed.url)}">`);
  if (h.noindex) tags.push('<meta name="robots" content="noindex">');
  return tags.join('\n');
}

/**
 * A list page refreshes its list by itself when the server says it changed (a release
 * published, an embargo lifted): a few lines that speak Socket.IO's wire protocol over a
 * WebSocket (its handshake's `newsroom=<slug>` joins the room of that newsroom, or of the index)
 * and fetch the page again for its list.
 * Without JavaScript the page is complete as served.
 */
function liveScript(nonce: string, slug: string): string {
  const js = `(function(){var slug=${JSON.stringify(slug)},delay=1000,seen=false;
function refresh(){fetch(location.href,{headers:{'X-Newsroom-Refresh':'1'}}).then(function(r){return r.ok?r.text():null}).then(function(t){if(!t)return;var d=new DOMParser().parseFromString(t,'text/html'),n=d.getElementById('newsroom-list'),o=document.getElementById('newsroom-list');if(n&&o){o.replaceWith(document.importNode(n,true));document.body.setAttribute('data-refreshed',String(Date.now()))}}).catch(function(){})}
function connect(){var ws=new WebSocket((location.protocol==='https:'?'wss://':'ws://')+location.host+'/socket.io/?EIO=4&transport=websocket&newsroom='+encodeURIComponent(slug));
ws.onmessage=function(e){var m=String(e.data);if(m==='2'){ws.send('3');return}if(m.charAt(0)==='0'){ws.send('40');return}
if(m.slice(0,2)==='40'){delay=1000;if(seen)refresh();seen=true;document.body.setAttribute('data-live','on');return}
if(m.slice(0,2)==='42'){try{var a=JSON.parse(m.slice(2));if(a[0]==='newsroom:changed'&&(!slug||(a[1]&&a[1].slug===slug)))refresh()}catch(x){}}};
ws.onclose=function(){document.body.setAttribute('data-live','off');setTimeout(connect,delay);delay=Math.min(delay*2,30000)}}
if('WebSocket' in window&&'DOMParser' in window)connect()})();`;
  return `<script nonce="${esc(nonce)}">${js}</script>`;
}

export function document(o: { head: Head; nonce: string; body: string; live?: { slug: string } }): string {
  return `<!doctype html>
<html lang="el">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#1e40af">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
${headTags(o.head)}
<style>${STYLE}</style>
</head>
<body${o.live ? ` data-newsroom="${esc(o.live.slug)}"` : ''}>
<a class="skip" href="#main">${S.skip}</a>
<header class="site-head"><div class="wrap"><a class="brand" href="/">${MARK}<span>${PRODUCT_NAME}</span></a><nav aria-label="${S.newsroom}"><a href="/newsroom">${S.newsroom}</a></nav></div></header>
<main id="main" class="wrap">
${o.body}
</main>
<footer class="site-foot"><div class="wrap">© ${new Date().getFullYear()} ${PRODUCT_NAME} · <a href="/">${S.home}</a> · <a href="/newsroom">${S.newsroom}</a> · <a href="/legal/privacy">${S.privacy}</a></div></footer>
${o.live ? liveScript(o.nonce, o.live.slug) : ''}
</body>
</html>`;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : (parts[0] ?? '?').slice(0, 2)).toUpperCase();
}

export function logo(org: Pick<Organisation, 'name' | 'logoUrl'>, small = false): string {
  const cls = small ? 'logo sm' : 'logo';
  return org.logoUrl
    ? `<img class="${cls}" src="${esc(org.logoUrl)}" alt="${esc(S.logoOf(org.name))}" width="64" height="64">`
    : `<span class="${cls}" role="img" aria-label="${esc(S.logoOf(org.name))}">${esc(initials(org.name))}</span>`;
}

function category(c: Category | null): string {
  return c ? `<span class="badge">${esc(CATEGORY_LABELS[c])}</span>` : '';
}

function time(at: Date, withClock = false): string {
  return `<time datetime="${at.toISOString()}">${esc(withClock ? formatDateTime(at) : formatLongDate(at))}</time>`;
}

/** The organisation's «Σχετικά με» and press contact (the newsroom's and each release's side). */
function orgAside(org: Organisation, o: { feedUrl: string; allUrl?: string }): string {
  const c = org.contact;
  const contactRows = [
    c.name ? `<dt>${S.contactName}</dt><dd>${esc(c.name)}</dd>` : '',
    c.email ? `<dt>${S.email}</dt><dd><a href="mailto:${esc(c.email)}">${esc(c.email)}</a></dd>` : '',
    c.phone ? `<dt>${S.phone}</dt><dd><a href="tel:${esc(c.phone.replace(/[^0-9+]/g, ''))}">${esc(c.phone)}</a></dd>` : '',
  ].join('');
  return `<aside class="aside">
${org.boilerplate ? `<section class="card" data-testid="boilerplate"><h2>${esc(S.about(org.name))}</h2><p class="boilerplate">${esc(org.boilerplate)}</p></section>` : ''}
${contactRows ? `<section class="card" data-testid="press-contact"><h2>${S.contact}</h2><dl class="contact">${contactRows}</dl></section>` : ''}
<section class="card small">
${org.website ? `<p><a href="${esc(org.website)}" rel="noopener">${S.website}: ${esc(org.website.replace(/^https?:\/\//, ''))}</a></p>` : ''}
${o.allUrl ? `<p><a href="${esc(o.allUrl)}">${esc(S.all(org.name))}</a></p>` : ''}
<p><a href="${esc(o.feedUrl)}" type="application/atom+xml">${S.feed}</a></p>
</section>
</aside>`;
}

export function indexBody(rooms: { name: string; url: string; logoUrl: string | null; releases: number; latestAt: Date }[]): string {
  const list = rooms.length
    ? `<ul class="rooms" id="newsroom-list">${rooms
        .map(
          (r) => `<li class="card" data-testid="newsroom-card">${logo({ name: r.name, logoUrl: r.logoUrl }, true)}<div>
<a class="title" href="${esc(r.url)}">${esc(r.name)}</a>
<div class="meta"><span>${esc(S.releases(r.releases))}</span><span>${S.latest}: ${time(r.latestAt)}</span></div></div></li>`,
        )
        .join('')}</ul>`
    : `<div class="empty" id="newsroom-list">${S.indexEmpty}</div>`;
  return `<div style="margin-bottom:2rem"><h1>${S.indexTitle}</h1><p class="lead">${esc(S.indexLead)}</p></div>
${list}`;
}

export function newsroomBody(org: Organisation, releases: ReleaseCard[], o: { feedUrl: string; pager: { page: number; pages: number; prev: string | null; next: string | null } }): string {
  const list = releases.length
    ? `<ol class="list" id="newsroom-list" data-testid="newsroom-releases">${releases
        .map(
          (r) => `<li data-testid="newsroom-release"><div class="meta">${time(r.publishedAt)}${category(r.category)}</div>
<h2><a class="title" href="${esc(r.url)}">${esc(r.title)}</a></h2>${r.excerpt ? `<p class="excerpt">${esc(r.excerpt)}</p>` : ''}</li>`,
        )
        .join('')}</ol>`
    : `<div class="empty" id="newsroom-list">${S.empty}</div>`;
  const { pager } = o;
  const pagerHtml =
    pager.pages > 1
      ? `<nav class="pager" aria-label="${esc(S.page(pager.page, pager.pages))}"><span>${pager.next ? `<a href="${esc(pager.next)}" rel="next">${S.older}</a>` : ''}</span><span class="muted">${esc(S.page(pager.page, pager.pages))}</span><span>${pager.prev ? `<a href="${esc(pager.prev)}" rel="prev">${S.newer}</a>` : ''}</span></nav>`
      : '';
  return `<div class="org">${logo(org)}<div><p class="muted small" style="margin:0">${S.newsroom}</p><h1>${esc(org.name)}</h1></div></div>
<div class="layout"><section aria-labelledby="releases-heading"><h2 id="releases-heading" class="muted small" style="font-weight:500">${esc(S.releasesOf(org.name))}</h2>${list}${pagerHtml}</section>
${orgAside(org, { feedUrl: o.feedUrl })}</div>`;
}

export function releaseBody(org: Organisation, r: { title: string; html: string; category: Category | null; publishedAt: Date }, o: { newsroomUrl: string; feedUrl: string }): string {
  return `<nav class="crumbs" aria-label="${S.breadcrumb}"><ol><li><a href="/newsroom">${S.newsroom}</a></li><li><a href="${esc(o.newsroomUrl)}">${esc(org.name)}</a></li></ol></nav>
<div class="layout"><article data-testid="newsroom-article">
<div class="org" style="margin-bottom:1rem">${logo(org, true)}<div class="meta"><span style="font-weight:600;color:hsl(222 47% 11%)">${esc(org.name)}</span><span>${S.published}: ${time(r.publishedAt, true)}</span>${category(r.category)}</div></div>
<h1 style="margin-bottom:1.5rem">${esc(r.title)}</h1>
<div class="prose" data-testid="newsroom-body">${r.html}</div>
</article>
${orgAside(org, { feedUrl: o.feedUrl, allUrl: o.newsroomUrl })}</div>`;
}

export function notFoundBody(): string {
  return `<div class="empty" style="padding:3.5rem 1rem"><h1 style="font-size:1.5rem;color:hsl(222 47% 11%)">${S.notFound}</h1>
<p>${S.notFoundText}</p><p><a href="/newsroom">${S.backToIndex}</a> · <a href="/">${S.home}</a></p></div>`;
}
