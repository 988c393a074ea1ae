import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateRange,
  formatDateTime,
  fromLocalDateTime,
  parseTimeText,
  toLocalDateTime,
} from './format';

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

describe('times of day people type', () => {
  it.each([
    ['14:30', '14:30'],
    ['9:05', '09:05'],
    ['14.30', '14:30'],
    ['1430', '14:30'],
    ['930', '09:30'],
    ['14', '14:00'],
    ['2:30 pm', '14:30'],
    ['2:30PM', '14:30'],
    ['12 am', '00:00'],
    ['12:15 p.m.', '12:15'],
  ])('reads "%s" as %s', (typed, time) => {
    expect(parseTimeText(typed)).toBe(time);
  });

  it.each([['24:00'], ['12:60'], ['13 pm'], ['noon'], [''], ['1:2']])('refuses "%s"', (typed) => {
    expect(parseTimeText(typed)).toBeNull();
  });
});

describe('the value of a date-and-time field', () => {
  it('round-trips an instant in the device’s zone, to the minute', () => {
    const iso = '2026-03-14T09:30:00.000Z';
    expect(fromLocalDateTime(toLocalDateTime(iso))).toBe(iso);
    expect(toLocalDateTime(new Date('2026-11-01T09:30'))).toBe('2026-11-01T09:30');
    expect(toLocalDateTime(null)).toBe('');
    expect(fromLocalDateTime('')).toBeNull();
    expect(fromLocalDateTime('not a date')).toBeNull();
  });
});
