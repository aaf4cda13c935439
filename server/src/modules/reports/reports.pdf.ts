/**
 * The PDF report: the screen's summary, its four charts (drawn here as SVG from the same
 * figures the screen shows), the detail table and the per-release figures of the newsroom and
 * the embargo. pdfmake lays it out on pdfkit and embeds its bundled Roboto TrueType
 * fonts, which carry the Greek glyphs that the standard PDF fonts lack.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { CATEGORY_LABELS, RELEASE_STATUS_LABELS } from '../../../../shared/constants';
import { athensDateTime } from '../../../../shared/embargo';
import { formatDay } from '../../../../shared/reports';
import { categoryColor, categoryLabel, NEWSROOM_NO_VIEWS, NEWSROOM_TITLE, newsroomViewsText, reportSummaryText } from '../../../../shared/report-texts';
import type { ReportExport } from './reports.service';

interface PdfDoc {
  getBuffer(): Promise<Buffer>;
}
interface PdfMake {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(cb: (url: string) => boolean): void;
  setLocalAccessPolicy(cb: (p: string) => boolean): void;
  createPdf(doc: Record<string, unknown>): PdfDoc;
}

let loaded: PdfMake | null = null;

/** pdfmake with its Roboto fonts; it may read only those files and fetch nothing. */
function pdfmake(): PdfMake {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const pm = require('pdfmake') as PdfMake;
  const fonts = require('pdfmake/fonts/Roboto.js') as Record<string, Record<string, string>>;
  const fontDir = path.dirname(require.resolve('pdfmake/fonts/Roboto.js'));
  pm.setFonts(fonts);
  pm.setUrlAccessPolicy(() => false);
  pm.setLocalAccessPolicy((p) => path.resolve(p).startsWith(fontDir + path.sep));
  loaded = pm;
  return pm;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const num = (n: number, digits = 0) => n.toLocaleString('el-GR', { minimumFractionDigits: 0, maximumFractionDigits: digits });
const ddmm = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

const W = 500;
const H = 180;
const PAD = { l: 36, r: 10, t: 18, b: 28 };
const AXIS = '#94a3b8';
const TEXT = '#475569';

function frame(maxY: number, suffix: string): string {
  const ih = H - PAD.t - PAD.b;
  let s = '';
  for (let i = 0; i <= 4; i++) {
    const y = PAD.t + ih - (ih * i) / 4;
    s += `<line x1="${PAD.l}" y1="${y}" x2="${W - PAD.r}" y2="${y}" stroke="#e2e8f0" stroke-width="0.5"/>`;
    s += `<text x="${PAD.l - 4}" y="${y + 3}" font-size="8" fill="${TEXT}" text-anchor="end">${num((maxY * i) / 4)}${suffix}</text>`;
  }
  return s + `<line x1="${PAD.l}" y1="${PAD.t + ih}" x2="${W - PAD.r}" y2="${PAD.t + ih}" stroke="${AXIS}" stroke-width="0.7"/>`;
}

const niceMax = (v: number) => (v <= 0 ? 100 : Math.max(10, Math.ceil(v / 10) * 10));

/** Weekly open rate: a line through the weeks that have a rate; empty weeks leave a gap. */
export function weeklySvg(weekly: ReportExport['weekly']): string {
  const maxY = niceMax(Math.max(0, ...weekly.map((w) => w.openRate ?? 0)));
  const iw = W - PAD.l - PAD.r;
  const ih = H - PAD.t - PAD.b;
  const x = (i: number) => PAD.l + (iw * (i + 0.5)) / weekly.length;
  const y = (v: number) => PAD.t + ih - (ih * v) / maxY;
  let s = frame(maxY, '%');
  let run: string[] = [];
  const flush = () => {
    if (run.length > 1) s += `<polyline points="${run.join(' ')}" fill="none" stroke="#3b82f6" stroke-width="2"/>`;
    run = [];
  };
  weekly.forEach((w, i) => {
    s += `<text x="${x(i)}" y="${H - 10}" font-size="8" fill="${TEXT}" text-anchor="middle">${ddmm(w.weekStart)}</text>`;
    if (w.openRate === null) return flush();
    run.push(`${x(i)},${y(w.openRate)}`);
    s += `<circle cx="${x(i)}" cy="${y(w.openRate)}" r="2.5" fill="#3b82f6"/>`;
    s += `<text x="${x(i)}" y="${y(w.openRate) - 6}" font-size="8" fill="#1e293b" text-anchor="middle">${num(w.openRate)}%</text>`;
  });
  flush();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${s}</svg>`;
}

/** Distribution by category: a donut in the six-colour palette with a legend. */
export function donutSvg(byCategory: ReportExport['byCategory']): string {
  const total = byCategory.reduce((a, c) => a + c.releases, 0);
  const cx = 90;
  const cy = H / 2;
  const R = 70;
  const r = 42;
  let s = '';
  let angle = -Math.PI / 2;
  const pt = (rad: number, a: number) => `${cx + rad * Math.cos(a)},${cy + rad * Math.sin(a)}`;
  for (const c of byCategory) {
    const colour = categoryColor(c.category).hex;
    if (c.releases === total) {
      s += `<circle cx="${cx}" cy="${cy}" r="${(R + r) / 2}" fill="none" stroke="${colour}" stroke-width="${R - r}"/>`;
      break;
    }
    const a2 = angle + (2 * Math.PI * c.releases) / total;
    const large = a2 - angle > Math.PI ? 1 : 0;
    s += `<path d="M ${pt(R, angle)} A ${R} ${R} 0 ${large} 1 ${pt(R, a2)} L ${pt(r, a2)} A ${r} ${r} 0 ${large} 0 ${pt(r, angle)} Z" fill="${colour}"/>`;
    angle = a2;
  }
  s += `<text x="${cx}" y="${cy + 5}" font-size="16" fill="#1e293b" text-anchor="middle">${num(total)}</text>`;
  byCategory.forEach((c, i) => {
    const ly = 30 + i * 20;
    s += `<rect x="200" y="${ly - 8}" width="10" height="10" fill="${categoryColor(c.category).hex}"/>`;
    s += `<text x="216" y="${ly}" font-size="10" fill="#1e293b">${esc(categoryLabel(c.category))}: ${num(c.releases)} (${num((c.releases / total) * 100, 1)}%)</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${s}</svg>`;
}

/** CTR by category: one bar per category with its exact figure. */
export function ctrSvg(byCategory: ReportExport['byCategory']): string {
  const maxY = niceMax(Math.max(0, ...byCategory.map((c) => c.ctr)));
  const iw = W - PAD.l - PAD.r;
  const ih = H - PAD.t - PAD.b;
  const slot = iw / Math.max(1, byCategory.length);
  let s = frame(maxY, '%');
  byCategory.forEach((c, i) => {
    const h = (ih * c.ctr) / maxY;
    const x = PAD.l + slot * i + slot * 0.2;
    s += `<rect x="${x}" y="${PAD.t + ih - h}" width="${slot * 0.6}" height="${h}" fill="${categoryColor(c.category).hex}"/>`;
    s += `<text x="${x + slot * 0.3}" y="${PAD.t + ih - h - 4}" font-size="8" fill="#1e293b" text-anchor="middle">${num(c.ctr, 1)}%</text>`;
    s += `<text x="${x + slot * 0.3}" y="${H - 10}" font-size="8" fill="${TEXT}" text-anchor="middle">${esc(categoryLabel(c.category))}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${s}</svg>`;
}

/** Views of the newsroom per week: one bar per week with its figure. */
export function viewsSvg(weekly: ReportExport['newsroomWeekly']): string {
  const top = Math.max(0, ...weekly.map((w) => w.views));
  const maxY = top <= 4 ? 4 : Math.ceil(top / 4) * 4;
  const iw = W - PAD.l - PAD.r;
  const ih = H - PAD.t - PAD.b;
  const slot = iw / Math.max(1, weekly.length);
  let s = frame(maxY, '');
  weekly.forEach((w, i) => {
    const h = (ih * w.views) / maxY;
    const x = PAD.l + slot * i + slot * 0.2;
    s += `<rect x="${x}" y="${PAD.t + ih - h}" width="${slot * 0.6}" height="${h}" fill="#8b5cf6"/>`;
    if (w.views > 0) s += `<text x="${x + slot * 0.3}" y="${PAD.t + ih - h - 4}" font-size="8" fill="#1e293b" text-anchor="middle">${num(w.views)}</text>`;
    s += `<text x="${x + slot * 0.3}" y="${H - 10}" font-size="8" fill="${TEXT}" text-anchor="middle">${ddmm(w.weekStart)}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${s}</svg>`;
}

const FILTER_ALL = 'Όλες';

/** Builds the PDF (A4) of a report export. */
export async function reportPdf(data: ReportExport, timeZone: string, generatedAt = new Date()): Promise<Buffer> {
  const f = data.filters;
  const day = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
  const empty = (text: string) => ({ text, italics: true, color: '#64748b', margin: [0, 6, 0, 12] });
  const section = (title: string) => ({ text: title, style: 'h2' });
  const sent = data.weekly.some((w) => w.openRate !== null);
  const body: unknown[][] = [
    ['Τίτλος', 'Κατηγορία', 'Μοναδικά ανοίγματα', 'Κλικ', 'Λήψεις', 'Σύνδεσμοι κάλυψης', 'Τελευταία ενημέρωση'].map((t) => ({ text: t, bold: true })),
    ...data.rows.map((r) => [
      r.title,
      r.category ? CATEGORY_LABELS[r.category] : '—',
      { text: num(r.opens), alignment: 'right' },
      { text: num(r.clicks), alignment: 'right' },
      { text: num(r.downloads), alignment: 'right' },
      r.coverageLinks.length
        ? { stack: [{ text: num(r.coverage), alignment: 'right' }, ...r.coverageLinks.map((l) => ({ text: l, fontSize: 7, color: '#2563eb', link: l }))] }
        : { text: '0', alignment: 'right' },
      formatDay(r.updated_at, timeZone),
    ]),
  ];
  // E-mail outcomes of the releases that had copies: delivered, bounced hard/soft, complaints, suppressed.
  const mailed = data.rows.filter((r) => r.delivered + r.bouncedHard + r.bouncedSoft + r.complained + r.suppressed > 0);
  const right = (n: number) => ({ text: num(n), alignment: 'right' });
  const deliveryBody: unknown[][] = [
    ['Τίτλος', 'Παραδόθηκαν', 'Επιστροφές (μόνιμες)', 'Επιστροφές (προσωρινές)', 'Καταγγελίες', 'Αποκλεισμένες'].map((t) => ({ text: t, bold: true })),
    ...mailed.map((r) => [r.title, right(r.delivered), right(r.bouncedHard), right(r.bouncedSoft), right(r.complained), right(r.suppressed)]),
  ];
  // Per release, as the screen's table shows them: views of its newsroom page, its embargo and the unique opens before / after it.
  const followed = data.rows.filter((r) => r.newsroomViews > 0 || r.embargoUntil);
  const followedBody: unknown[][] = [
    ['Τίτλος', NEWSROOM_TITLE, 'Εμβάργκο έως', 'Μοναδικά ανοίγματα πριν / μετά τη λήξη'].map((t) => ({ text: t, bold: true })),
    ...followed.map((r) => [
      r.title,
      right(r.newsroomViews),
      r.embargoUntil ? athensDateTime(r.embargoUntil) : '—',
      { text: r.embargoUntil && r.opensBeforeEmbargo !== null && r.opensAfterEmbargo !== null ? `${num(r.opensBeforeEmbargo)} / ${num(r.opensAfterEmbargo)}` : '—', alignment: 'right' },
    ]),
  ];
  const range = { from: f.from, to: f.to };
  const viewed = data.newsroomWeekly.some((w) => w.views > 0);
  const doc = {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 40],
    info: { title: `Αναφορές ${day(f.from)}–${day(f.to)}`, creator: 'Deltio' },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: { h1: { fontSize: 18, bold: true }, h2: { fontSize: 12, bold: true, margin: [0, 12, 0, 4] } },
    footer: (page: number, pages: number) => ({ text: `Σελίδα ${page} από ${pages}`, alignment: 'center', fontSize: 8, color: '#64748b' }),
    content: [
      { text: 'Αναφορές', style: 'h1' },
      {
        text: [
          `Περίοδος ${day(f.from)} – ${day(f.to)} · Κατηγορία: ${f.category === 'all' ? FILTER_ALL : CATEGORY_LABELS[f.category]}`,
          ` · Κατάσταση: ${f.status === 'all' ? FILTER_ALL : RELEASE_STATUS_LABELS[f.status]}`,
          ` · Δημιουργήθηκε ${formatDay(generatedAt, timeZone)}`,
        ],
        color: '#475569',
        margin: [0, 2, 0, 6],
      },
      { text: reportSummaryText(range, data.totals), margin: [0, 0, 0, 6] },
      section('Εβδομαδιαίο ποσοστό ανοίγματος (8 εβδομάδες)'),
      sent ? { svg: weeklySvg(data.weekly), width: 500 } : empty('Δεν υπάρχουν αποστολές σε αυτές τις εβδομάδες.'),
      section('Κατανομή ανά κατηγορία'),
      data.byCategory.length ? { svg: donutSvg(data.byCategory), width: 500 } : empty('Δεν υπάρχουν δελτία τύπου σε αυτή την περίοδο.'),
      section('Ποσοστό κλικ (CTR) ανά κατηγορία'),
      data.byCategory.length ? { svg: ctrSvg(data.byCategory), width: 500 } : empty('Δεν υπάρχουν δελτία τύπου σε αυτή την περίοδο.'),
      section(NEWSROOM_TITLE),
      { text: newsroomViewsText(data.totals.newsroomViews, range), color: '#475569', margin: [0, 0, 0, 4] },
      viewed ? { svg: viewsSvg(data.newsroomWeekly), width: 500 } : empty(NEWSROOM_NO_VIEWS),
      section(`Αναλυτικός πίνακας (${num(data.rows.length)})`),
      data.rows.length
        ? { table: { headerRows: 1, widths: ['*', 60, 50, 35, 40, 70, 55], body }, layout: 'lightHorizontalLines' }
        : empty('Δεν βρέθηκαν δελτία τύπου για αυτά τα φίλτρα.'),
      section('Newsroom και εμβάργκο ανά δελτίο τύπου'),
      followed.length
        ? { table: { headerRows: 1, widths: ['*', 70, 80, 90], body: followedBody }, layout: 'lightHorizontalLines' }
        : empty('Κανένα δελτίο τύπου με προβολές στο newsroom ή με εμβάργκο.'),
      section('Παράδοση e-mail'),
      mailed.length
        ? { table: { headerRows: 1, widths: ['*', 55, 60, 65, 55, 60], body: deliveryBody }, layout: 'lightHorizontalLines' }
        : empty('Δεν στάλθηκαν e-mail για αυτά τα δελτία τύπου.'),
    ],
  };
  return pdfmake().createPdf(doc).getBuffer();
}
