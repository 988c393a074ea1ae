import { setImmediate as afterIo } from 'node:timers/promises';

/**
 * Long loops on the HTTP thread (reading and checking an imported file's rows) work in slices:
 * the returned function resolves at once until `sliceMs` has passed since the last pause, then
 * only after the event loop has served what waits (requests, timers), so that no request waits
 * for a whole file (decision 0017).
 */
export function slicer(sliceMs = 5): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await afterIo();
    since = performance.now();
  };
}

/**
 * `work` over `items` a piece at a time, results in order. A statement over a whole file (its
 * array or JSON parameter built, sent to the database thread and its rows read back) holds
 * the HTTP thread for as long as the file is large; in pieces, each await gives the event loop
 * its turn (decision 0017).
 */
export async function inPieces<T, R>(
  items: readonly T[],
  size: number,
  work: (piece: T[]) => Promise<R[]>,
): Promise<R[]> {
  const out: R[] = [];
  for (let at = 0; at < items.length; at += size)
    out.push(...(await work(items.slice(at, at + size))));
  return out;
}
