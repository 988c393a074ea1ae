import { describe, expect, it } from 'vitest';
import { droppedBefore, moved } from './order';

describe('ordering units and items', () => {
  it('moves up and down within bounds', () => {
    expect(moved([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 3, 1)).toEqual([1, 2, 3]);
  });
  it('drops an id before another', () => {
    expect(droppedBefore([1, 2, 3, 4], 4, 2)).toEqual([1, 4, 2, 3]);
    expect(droppedBefore([1, 2, 3, 4], 1, 3)).toEqual([2, 1, 3, 4]);
    expect(droppedBefore([1, 2, 3], 2, 2)).toEqual([1, 2, 3]);
  });
});
