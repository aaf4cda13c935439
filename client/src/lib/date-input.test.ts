import { describe, expect, it } from 'vitest';
import { formatDateInput, parseDateInput, parseTimeInput, withinBounds } from './date-input';

describe('date input (dd/mm/yyyy)', () => {
  it('reads the Greek day-month-year order with any common separator', () => {
    expect(parseDateInput('04/05/2030')).toBe('2030-05-04');
    expect(parseDateInput('4/5/2030')).toBe('2030-05-04');
    expect(parseDateInput('04.05.2030')).toBe('2030-05-04');
    expect(parseDateInput(' 04-05-2030 ')).toBe('2030-05-04');
    expect(parseDateInput('2030-05-04')).toBe('2030-05-04');
  });

  it('refuses what is not a real date', () => {
    for (const bad of ['', '31/02/2030', '29/02/2030', '00/01/2030', '12/13/2030', '05/04', 'αύριο', '2030-5-4'])
      expect(parseDateInput(bad), bad).toBeNull();
    expect(parseDateInput('29/02/2028')).toBe('2028-02-29');
  });

  it('formats ISO dates as dd/mm/yyyy and round-trips', () => {
    expect(formatDateInput('2030-05-04')).toBe('04/05/2030');
    expect(formatDateInput('')).toBe('');
    expect(formatDateInput(null)).toBe('');
    expect(parseDateInput(formatDateInput('2031-12-31'))).toBe('2031-12-31');
  });

  it('checks bounds inclusively', () => {
    expect(withinBounds('2030-05-04', '2030-05-04', '2030-05-04')).toBe(true);
    expect(withinBounds('2030-05-03', '2030-05-04')).toBe(false);
    expect(withinBounds('2030-05-05', undefined, '2030-05-04')).toBe(false);
  });
});

describe('time input (24-hour HH:mm)', () => {
  it('reads hours and minutes with or without a separator', () => {
    expect(parseTimeInput('9:05')).toBe('09:05');
    expect(parseTimeInput('0905')).toBe('09:05');
    expect(parseTimeInput('23.59')).toBe('23:59');
    expect(parseTimeInput('00:00')).toBe('00:00');
  });

  it('refuses what is not a time of day', () => {
    for (const bad of ['', '24:00', '12:60', '9', '9:5', 'μεσημέρι', '7 μμ']) expect(parseTimeInput(bad), bad).toBeNull();
  });
});
