/**
 * The colours the charts use, as Tremor colour names, in the pie's order (spec 9). Tremor
 * builds its class names from these at run time, so Tailwind's safelist (tailwind.config.ts)
 * is generated from this list: a colour not listed here has no CSS.
 */
export const CHART_COLORS = ['blue', 'emerald', 'amber', 'rose', 'violet', 'cyan'] as const;
/** The neutral colour of a bucket outside the palette (the reports' releases without a category). */
export const CHART_NEUTRAL = 'slate';
/** Every colour a chart may pass to Tremor (the safelist's). */
export const CHART_SAFELIST_COLORS = [...CHART_COLORS, CHART_NEUTRAL] as const;
export type ChartColor = (typeof CHART_SAFELIST_COLORS)[number];
