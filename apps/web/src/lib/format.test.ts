import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange, formatDateTime } from './format';

describe('dates on screen', () => {
  it('writes every month in three letters, September too', () => {
    expect(formatDate('2023-09-11')).toBe('11 Sep 2023');
    expect(formatDate('2026-11-24')).toBe('24 Nov 2026');
    expect(formatDate('2026-01-05')).toBe('5 Jan 2026');
    expect(formatDateRange('2026-02-01', '2026-06-30')).toBe('1 Feb 2026 to 30 Jun 2026');
  });

  it('writes a moment with its time, and keeps what it cannot read', () => {
    expect(formatDateTime('2023-09-11T19:18:00Z')).toMatch(/^\d{1,2} Sep 2023, \d\d:\d\d$/);
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('not a date');
  });
});
