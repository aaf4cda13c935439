/** The six-colour pie palette (spec 9) and chart helpers. */
export const PIE_PALETTE = ['blue', 'emerald', 'amber', 'rose', 'violet', 'cyan'] as const;

export const numberFormat = (n: number) => new Intl.NumberFormat('el-GR').format(n);
