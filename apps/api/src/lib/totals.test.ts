import { describe, expect, it } from 'vitest';
import { Totals } from './totals';

describe('Totals', () => {
  it('keeps a total for the counter value it was counted at, for a while', () => {
    let now = 1_000;
    const clock = () => now;
    const totals = new Totals(2, 10_000, clock);
    totals.set('a', '7', 42, now);
    expect(totals.get('a', '7')).toBe(42);
    expect(totals.get('a', '8')).toBeUndefined();
    expect(totals.has('a')).toBe(false);
    totals.set('a', '8', 43, now);
    now += 10_001;
    expect(totals.get('a', '8')).toBeUndefined();
    expect(totals.get('a', null)).toBeUndefined();
  });

  it('forgets the least recently used total beyond its size', () => {
    const totals = new Totals(2, 10_000, () => 0);
    totals.set('a', '1', 1, 0);
    totals.set('b', '1', 2, 0);
    expect(totals.get('a', '1')).toBe(1);
    totals.set('c', '1', 3, 0);
    expect(totals.has('b')).toBe(false);
    expect(totals.get('a', '1')).toBe(1);
    expect(totals.get('c', '1')).toBe(3);
  });
});
