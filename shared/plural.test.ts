import { describe, expect, it } from 'vitest';
import { count, plural } from './plural';

describe('Greek plurals', () => {
  it('agrees with the count', () => {
    expect(count(1, 'λήψη', 'λήψεις')).toBe('1 λήψη');
    expect(count(3, 'λήψη', 'λήψεις')).toBe('3 λήψεις');
    expect(count(0, 'λήψη', 'λήψεις')).toBe('0 λήψεις');
    expect(plural(1, 'περιμένει', 'περιμένουν')).toBe('περιμένει');
    expect(plural(2, 'περιμένει', 'περιμένουν')).toBe('περιμένουν');
  });
  it('writes large counts the Greek way', () => {
    expect(count(1250, 'δελτίο', 'δελτία')).toBe('1.250 δελτία');
  });
});
