import { describe, expect, it } from 'vitest';
import { fileSize, sizesApart } from './uploads';

describe('file sizes as people read them', () => {
  it('picks the unit and rounds', () => {
    expect(fileSize(1)).toBe('1 byte');
    expect(fileSize(850)).toBe('850 bytes');
    expect(fileSize(12 * 1024)).toBe('12 KB');
    expect(fileSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
    expect(fileSize(25 * 1024 * 1024)).toBe('25 MB');
    expect(fileSize(1.2 * 1024 ** 3)).toBe('1.2 GB');
  });

  it('adds the exact bytes only when a size and its limit would read the same', () => {
    expect(sizesApart(30 * 1024 * 1024, 25 * 1024 * 1024)).toEqual({
      size: '30 MB',
      limit: '25 MB',
    });
    expect(sizesApart(2049, 2048)).toEqual({
      size: '2 KB (2,049 bytes)',
      limit: '2 KB (2,048 bytes)',
    });
  });
});
