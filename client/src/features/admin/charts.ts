/** The six-colour pie palette (spec 9) and chart helpers. */
export { CHART_COLORS as PIE_PALETTE } from '@shared/chart-colors';

export const numberFormat = (n: number) => new Intl.NumberFormat('el-GR').format(n);
