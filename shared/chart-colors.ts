/**
 * The colours the charts use, as Tremor colour names, in the pie's order (spec 9). Tremor
 * builds its class names from these at run time, so Tailwind's safelist (tailwind.config.ts)
 * is generated from this list: a colour not listed here has no CSS.
 */
export const CHART_COLORS = ['blue', 'emerald', 'amber', 'rose', 'violet', 'cyan'] as const;
export type ChartColor = (typeof CHART_COLORS)[number];
