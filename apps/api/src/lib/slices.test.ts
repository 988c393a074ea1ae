import { describe, expect, it } from 'vitest';
import { setImmediate as afterIo } from 'node:timers/promises';
import { inPieces, slicer } from './slices';

describe('inPieces', () => {
  it('calls the work once a piece, in order, and returns every result in order', async () => {
    const seen: number[][] = [];
    const out = await inPieces([1, 2, 3, 4, 5, 6, 7], 3, async (piece) => {
      seen.push(piece);
      await afterIo();
      return piece.map((n) => n * 10);
    });
    expect(seen).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(out).toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it('does no work for no items', async () => {
    let calls = 0;
    expect(await inPieces([], 10, () => Promise.resolve([++calls]))).toEqual([]);
    expect(calls).toBe(0);
  });
});

describe('slicer', () => {
  it('resolves at once within its slice and yields to the event loop after it', async () => {
    const pause = slicer(50);
    let immediate = false;
    setImmediate(() => (immediate = true));
    await pause();
    expect(immediate).toBe(false);
    const until = performance.now() + 60;
    while (performance.now() < until) {
      // a busy loop standing for row checks
    }
    await pause();
    expect(immediate).toBe(true);
  });
});
