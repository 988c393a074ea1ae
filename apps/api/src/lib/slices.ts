import { setImmediate as afterIo } from 'node:timers/promises';

/**
 * Long loops on the HTTP thread (reading and checking an imported file's rows) work in slices:
 * the returned function resolves at once until `sliceMs` has passed since the last pause, then
 * only after the event loop has served what waits (requests, timers), so that no request waits
 * for a whole file (decision 0017).
 */
export function slicer(sliceMs = 10): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await afterIo();
    since = performance.now();
  };
}
