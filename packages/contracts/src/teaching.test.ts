import { describe, expect, it } from 'vitest';
import { pointsSchema } from './teaching';

describe('points as entered', () => {
  it('takes two decimals, also those binary floating point cannot hold exactly', () => {
    // 8.7 * 100 is 869.9999999999999: an exact comparison refused these.
    for (const n of [0, 1.1, 8.7, 0.29, 7.25, 9.99, 10_000]) expect(pointsSchema.parse(n)).toBe(n);
  });

  it('refuses a third decimal, a negative value and more than 10,000', () => {
    for (const n of [3.333, 0.005, -1, 10_000.5])
      expect(pointsSchema.safeParse(n).success, String(n)).toBe(false);
  });
});
