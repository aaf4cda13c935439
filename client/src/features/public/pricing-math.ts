import type { Plan } from '@shared/schemas/public-site';

export type Billing = 'monthly' | 'yearly';

const euroFormat = new Intl.NumberFormat('el-GR', { maximumFractionDigits: 0 });

/** Whole euros, Greek grouping: 1490 -> "1.490€". */
export function formatEuro(amount: number): string {
  return `${euroFormat.format(Math.round(amount))}€`;
}

/** The monthly figure a card shows: the monthly price, or yearly_price / 12 rounded. Null = on request. */
export function perMonth(
  plan: Pick<Plan, 'monthly_price' | 'yearly_price'>,
  billing: Billing,
): number | null {
  if (plan.monthly_price === null) return null;
  if (billing === 'yearly' && plan.yearly_price !== null) return Math.round(plan.yearly_price / 12);
  return plan.monthly_price;
}

/** (12 × monthly − yearly) / (12 × monthly), as a rounded percentage; null when not computable. */
export function yearlySaving(plan: Pick<Plan, 'monthly_price' | 'yearly_price'>): number | null {
  if (plan.monthly_price === null || plan.yearly_price === null || plan.monthly_price <= 0)
    return null;
  const full = 12 * plan.monthly_price;
  return Math.round(((full - plan.yearly_price) / full) * 100);
}

export const POPULAR_PLAN = 'pro';

export function ctaLabel(code: Plan['code']): string {
  if (code === 'enterprise') return 'Ζήτησε προσφορά';
  if (code === 'pro') return 'Ξεκίνα δοκιμή Pro';
  return 'Ξεκίνα δωρεάν';
}
