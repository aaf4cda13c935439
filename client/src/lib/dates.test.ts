import { describe, expect, it } from 'vitest';
import { dayjs, formatDate, formatDateTime, formatLongDate } from './dates';

describe('dates', () => {
  it('formats dates as dd/MM/yyyy', () => {
    expect(formatDate(new Date(2025, 2, 5, 14, 7))).toBe('05/03/2025');
    expect(formatDate('2024-12-31T10:00:00')).toBe('31/12/2024');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('formats date-times with a 24-hour clock', () => {
    expect(formatDateTime(new Date(2025, 2, 5, 14, 7))).toBe('05/03/2025 14:07');
  });

  it('uses the Greek locale with weeks starting on Monday', () => {
    expect(dayjs.locale()).toBe('el');
    // Sunday 9 March 2025 belongs to the week that began on Monday 3 March.
    const sunday = dayjs(new Date(2025, 2, 9));
    expect(sunday.day()).toBe(0);
    expect(sunday.startOf('week').format('YYYY-MM-DD')).toBe('2025-03-03');
    expect(sunday.startOf('week').day()).toBe(1);
    expect(
      dayjs(new Date(2025, 2, 5))
        .endOf('week')
        .format('YYYY-MM-DD'),
    ).toBe('2025-03-09');
    expect(dayjs(new Date(2025, 2, 5)).format('MMMM')).toBe('Μάρτιος');
    expect(formatLongDate(new Date(2025, 2, 5))).toBe('5 Μαρτίου 2025');
  });
});
