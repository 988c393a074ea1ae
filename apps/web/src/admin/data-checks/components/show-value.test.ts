import { describe, expect, it } from 'vitest';
import { showValue } from './show-value';

describe('showValue', () => {
  it('marks leading, trailing and doubled spaces, and leaves single ones', () => {
    expect(showValue('  Amani ')).toBe('␣␣Amani␣');
    expect(showValue('Lokure  Ekai')).toBe('Lokure␣␣Ekai');
    expect(showValue('Lokure Ekai')).toBe('Lokure Ekai');
  });

  it('names empty and missing values', () => {
    expect(showValue('')).toBe('(empty)');
    expect(showValue(null)).toBe('(none)');
    expect(showValue(undefined)).toBe('(none)');
  });
});
