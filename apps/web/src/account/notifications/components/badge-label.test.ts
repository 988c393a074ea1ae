import { describe, expect, it } from 'vitest';
import { badgeLabel, bellLabel } from './badge-label';
import { pollInterval } from '../api/get-unread-count';

describe('the bell badge', () => {
  it('shows nothing at 0, the count up to 99, then 99+', () => {
    expect(badgeLabel(0)).toBe('');
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
    expect(badgeLabel(12_345)).toBe('99+');
  });

  it('names the count for screen readers', () => {
    expect(bellLabel(0)).toBe('Notifications, none unread');
    expect(bellLabel(150)).toBe('Notifications, 99+ unread');
  });

  it('polls every minute unless a shorter interval of at least 1 s is stored', () => {
    expect(pollInterval(null)).toBe(60_000);
    expect(pollInterval('2000')).toBe(2000);
    expect(pollInterval('10')).toBe(60_000);
    expect(pollInterval('abc')).toBe(60_000);
  });
});
