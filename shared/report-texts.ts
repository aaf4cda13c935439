/**
 * The texts and labels the report's screen and its PDF share (the summary line, the newsroom's
 * views, the category buckets' labels and colours). Apart from shared/reports.ts, which the
 * signed-in shell also loads, so that these travel only with the reports.
 */
import { CATEGORY_LABELS, type Category } from './constants';
import { CHART_NEUTRAL, type ChartColor } from './chart-colors';
import { count } from './plural';
import { CATEGORY_COLORS } from './reports';

/** The label and colour of the releases without a category in the charts. */
export const NO_CATEGORY_LABEL = 'Χωρίς κατηγορία';
export const NO_CATEGORY_COLOR: { tremor: ChartColor; hex: string } = { tremor: CHART_NEUTRAL, hex: '#94a3b8' };

/** dd/MM/yyyy of a calendar day (YYYY-MM-DD). */
export const dayLabel = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export interface ReportTotals {
  releases: number;
  opens: number;
  clicks: number;
  downloads: number;
  newsroomViews: number;
}

/** The report's summary line (the screen's and the PDF's): the period and its releases, opens, clicks and downloads. */
export function reportSummaryText(range: { from: string; to: string }, t: ReportTotals): string {
  return (
    `${dayLabel(range.from)} – ${dayLabel(range.to)}: ${count(t.releases, 'δελτίο τύπου', 'δελτία τύπου')} · ` +
    `${count(t.opens, 'μοναδικό άνοιγμα', 'μοναδικά ανοίγματα')} · ${count(t.clicks, 'κλικ', 'κλικ')} · ` +
    `${count(t.downloads, 'λήψη συνημμένου', 'λήψεις συνημμένων')}`
  );
}

export const NEWSROOM_TITLE = 'Προβολές στο newsroom';
export const NEWSROOM_NO_VIEWS = 'Καμία προβολή του newsroom σε αυτές τις 8 εβδομάδες.';

/** The views of the public newsroom in the period (the screen's newsroom card and the PDF). */
export function newsroomViewsText(views: number, range: { from: string; to: string }): string {
  return `${count(views, 'προβολή', 'προβολές')} των δημόσιων σελίδων σας από ${dayLabel(range.from)} έως ${dayLabel(range.to)}· ανά εβδομάδα, τις ίδιες 8 εβδομάδες.`;
}

/** A chart bucket's label and colour: its category's, or those of "no category". */
export const categoryLabel = (c: Category | null): string => (c ? CATEGORY_LABELS[c] : NO_CATEGORY_LABEL);
export const categoryColor = (c: Category | null): { tremor: ChartColor; hex: string } => (c ? CATEGORY_COLORS[c] : NO_CATEGORY_COLOR);

