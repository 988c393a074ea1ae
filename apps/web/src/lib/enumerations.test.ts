import { describe, expect, it } from 'vitest';
import { labelledOptions } from './enumerations';

describe('labelledOptions', () => {
  it('labels each value, in the order of the values', () => {
    expect(labelledOptions(['pass', 'fail'] as const, { fail: 'Failed', pass: 'Passed' })).toEqual([
      { value: 'pass', label: 'Passed' },
      { value: 'fail', label: 'Failed' },
    ]);
  });
});
