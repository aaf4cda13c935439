import { describe, expect, it } from 'vitest';
import { athensDay, nextAt } from './calendar';

describe('nextAt', () => {
  it('is later today when the hour has not passed in Athens, else tomorrow', () => {
    // 04:00 UTC = 06:00 Athens (winter, UTC+2)
    expect(nextAt(new Date('2026-11-23T04:00:00Z'), 7).toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(nextAt(new Date('2026-11-23T05:00:00Z'), 7).toISOString()).toBe('2026-11-24T05:00:00.000Z');
  });
  it('finds the next Monday, a week on when it is Monday past the hour', () => {
    // 2026-11-22 is a Sunday
    expect(nextAt(new Date('2026-11-22T12:00:00Z'), 7, 1).toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(nextAt(new Date('2026-11-23T06:00:00Z'), 7, 1).toISOString()).toBe('2026-11-30T05:00:00.000Z');
  });
  it('follows summer time', () => {
    expect(nextAt(new Date('2026-07-01T00:00:00Z'), 7).toISOString()).toBe('2026-07-01T04:00:00.000Z');
    // The night of the change to summer time (29 March 2026)
    expect(nextAt(new Date('2026-03-28T12:00:00Z'), 7).toISOString()).toBe('2026-03-29T04:00:00.000Z');
  });
  it('names the Athens day', () => {
    expect(athensDay(new Date('2026-11-22T22:30:00Z'))).toBe('2026-11-23');
  });
});
