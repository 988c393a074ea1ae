import type {
  SimilarityDispatch,
  SimilarityQueue,
  SimilarityRunners,
} from '../../lib/similarity-dispatch';

/**
 * How checks get run (decision 0020 §5.2): by pg-boss jobs when this process has job workers
 * (`setQueue`), else in this process after the response, never in it, with the same retries.
 * Either way each check runs on its own: one failing or slow check never holds another.
 */

/** Waits between tries: 30 s, 2 min, 10 min (pg-boss's exponential backoff is close to it). */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000] as const;
/** Minutes after which a pending outside check is asked again, then every 30 min to 24 h. */
export const POLL_MINUTES = [1, 2, 5, 10] as const;
export const POLL_EVERY_MINUTES = 30;
export const POLL_UNTIL_MINUTES = 24 * 60;

export function pollDelayMinutes(step: number): number {
  return POLL_MINUTES[step] ?? POLL_EVERY_MINUTES;
}

export function createSimilarityDispatch(options: {
  onError: (error: unknown) => void;
  retryDelaysMs?: readonly number[];
  pollDelayMs?: (step: number) => number;
}): SimilarityDispatch {
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const pollDelay = options.pollDelayMs ?? ((step: number) => pollDelayMinutes(step) * 60_000);
  let queue: SimilarityQueue | null = null;
  let runners: SimilarityRunners | null = null;
  const running = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();

  const track = (work: () => Promise<unknown>) => {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch(options.onError);
    running.add(run);
    void run.finally(() => running.delete(run));
  };
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  };
  const runLocal = (checkId: number, attempt: number) =>
    track(async () => {
      if (!runners) return;
      const final = attempt >= delays.length;
      try {
        await runners.check(checkId, final);
      } catch {
        later(delays[attempt] ?? 0, () => runLocal(checkId, attempt + 1));
      }
    });
  const pollLocal = (checkId: number, step: number, elapsedMs: number) => {
    const wait = pollDelay(step);
    later(wait, () =>
      track(async () => {
        if (!runners) return;
        const pending = await runners.poll(checkId).catch(() => true);
        if (!pending) return;
        if (elapsedMs + wait >= POLL_UNTIL_MINUTES * 60_000) await runners.giveUp(checkId);
        else pollLocal(checkId, step + 1, elapsedMs + wait);
      }),
    );
  };

  return {
    dispatch: (ids) => {
      if (ids.length === 0) return;
      if (queue) {
        const q = queue;
        track(() => q.check(ids));
      } else for (const id of ids) runLocal(id, 0);
    },
    dispatchTask: (itemId) => {
      const q = queue;
      if (q) track(() => q.task(itemId));
      else track(async () => runners?.task(itemId));
    },
    poll: (checkId, step) => {
      const q = queue;
      if (q) track(() => q.poll(checkId, step));
      else pollLocal(checkId, step, 0);
    },
    setQueue: (q) => {
      queue = q;
    },
    setRunners: (r) => {
      runners = r;
    },
    idle: async () => {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
