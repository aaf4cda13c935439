import { describe, expect, it } from 'vitest';
import { athensDateTime, athensLongDate } from './athens-time';

describe('Athens time formats', () => {
  it('formats in Europe/Athens whatever the machine zone, summer and winter', () => {
    // UTC+2 in winter, UTC+3 in summer (EEST).
    expect(athensDateTime('2026-01-15T10:05:00Z')).toBe('15/01/2026 12:05');
    expect(athensDateTime('2026-07-01T21:30:00Z')).toBe('02/07/2026 00:30');
    expect(athensDateTime('2026-03-05T00:00:00Z')).toBe('05/03/2026 02:00');
  });

  it('writes the long date with the Greek genitive month, on the Athens day', () => {
    expect(athensLongDate('2026-03-05T12:00:00Z')).toBe('5 Μαρτίου 2026');
    // 22:30 UTC on 31 December is already 1 January in Athens.
    expect(athensLongDate('2026-12-31T22:30:00Z')).toBe('1 Ιανουαρίου 2027');
  });
});
