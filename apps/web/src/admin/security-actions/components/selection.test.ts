import { describe, expect, it } from 'vitest';
import { filterSelection, parseIds } from './selection';

describe('security action selection', () => {
  it('reads JWL-IDs separated by commas, spaces and lines, once each, and reports the rest', () => {
    expect(parseIds('10001, 10002\n10003 10001;x12 0')).toEqual({
      ids: [10001, 10002, 10003],
      invalid: ['x12', '0'],
    });
    expect(parseIds('   ')).toEqual({ ids: [], invalid: [] });
  });

  it('leaves empty filter choices out, and the date when the filter is "never"', () => {
    expect(
      filterSelection({
        role: 'STUDENT',
        clc: '3',
        status: null,
        signedIn: 'never',
        date: '2026-01-01',
      }),
    ).toEqual({ mode: 'filter', role: 'STUDENT', clc: 3, signedIn: 'never' });
    expect(
      filterSelection({
        role: null,
        clc: null,
        status: 'locked',
        signedIn: 'before',
        date: '2025-06-30',
      }),
    ).toEqual({ mode: 'filter', status: 'locked', signedIn: 'before', date: '2025-06-30' });
  });
});
