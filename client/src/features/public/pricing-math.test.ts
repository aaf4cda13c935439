import { describe, expect, it } from 'vitest';
import { ctaLabel, formatEuro, perMonth, yearlySaving } from './pricing-math';

describe('pricing math', () => {
  const pro = { monthly_price: 149, yearly_price: 1490 };
  it('shows yearly_price / 12 rounded in the yearly view', () => {
    expect(perMonth(pro, 'monthly')).toBe(149);
    expect(perMonth(pro, 'yearly')).toBe(124); // 124.17
    expect(perMonth({ monthly_price: 49, yearly_price: 490 }, 'yearly')).toBe(41); // 40.83
    expect(perMonth({ monthly_price: null, yearly_price: null }, 'yearly')).toBeNull();
  });
  it('computes the saving percentage', () => {
    expect(yearlySaving(pro)).toBe(17); // (1788 - 1490) / 1788 = 16.7%
    expect(yearlySaving({ monthly_price: 10, yearly_price: 60 })).toBe(50);
    expect(yearlySaving({ monthly_price: null, yearly_price: null })).toBeNull();
  });
  it('formats euros the Greek way and labels the CTAs', () => {
    expect(formatEuro(1490)).toBe('1.490€');
    expect(formatEuro(49)).toBe('49€');
    expect([ctaLabel('enterprise'), ctaLabel('pro'), ctaLabel('starter')]).toEqual([
      'Ζήτησε προσφορά',
      'Ξεκίνα δοκιμή Pro',
      'Ξεκίνα δωρεάν',
    ]);
  });
});
