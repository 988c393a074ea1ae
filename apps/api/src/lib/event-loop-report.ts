import { monitorEventLoopDelay } from 'node:perf_hooks';

const RESOLUTION_MS = 10;

/** The line's prefix, which the bench looks for in the app's output. */
export const EVENT_LOOP_REPORT = 'event-loop-delay';

/**
 * Measures how late the event loop runs its timers and, on SIGUSR2, prints the delay since the
 * previous signal (p50, p99, max in ms) as one line of JSON, then starts afresh. Only when
 * LANTERN_EVENT_LOOP_REPORT=1: the bench reads it during an import (decision 0017).
 */
export function reportEventLoopDelayOnSignal(write: (line: string) => void): void {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  // The histogram holds the time between its timer's turns; the delay is what exceeds the period.
  const ms = (ns: number) => Number(Math.max(0, ns / 1e6 - RESOLUTION_MS).toFixed(2));
  process.on('SIGUSR2', () => {
    const figures = {
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      samples: histogram.count,
    };
    histogram.reset();
    write(`${EVENT_LOOP_REPORT} ${JSON.stringify(figures)}\n`);
  });
}
