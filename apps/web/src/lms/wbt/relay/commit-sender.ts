import { isApiError } from '../../../lib/api-errors';
import type { CommitQueue, QueuedCommit } from './commit-queue';

/** Sends one attempt's commits (1–50, oldest first); resolves when the server took them. */
export type SendCommits = (
  attemptId: number,
  commits: QueuedCommit[],
  options: { keepalive: boolean },
) => Promise<unknown>;

export type SendState = 'saved' | 'saving' | 'offline';

/** Retries after a failed send: 0, 1, 3, 5, 10, 20 s, then every 30 s (decision 0020 §2.4). */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000] as const;
/** A timer flush while the page is open, whatever else happens. */
export const FLUSH_EVERY_MS = 10_000;
const BATCH = 50;
/** The browser sends at most 64 KB of keepalive bodies at once. */
const KEEPALIVE_MAX_CHARS = 60_000;

type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

/** What a failed send means for its commits. */
function failureOf(error: unknown): 'retry' | 'drop' {
  if (!isApiError(error)) return 'retry';
  if (error.kind === 'network' || error.status === null) return 'retry';
  // The server could not take it now (a conflict to retry, a rate limit, an outage).
  if (error.status === 409 || error.status === 429 || error.status >= 500) return 'retry';
  return 'drop';
}

/**
 * Empties the queue into the server, attempt by attempt, oldest commits first, one request at a
 * time, retrying on the schedule above until the server has taken every commit. The page shows
 * its state: "Saved", "Saving…" or "Offline".
 */
export class CommitSender {
  private readonly queue: CommitQueue;
  private readonly send: SendCommits;
  private readonly timers: Timers;
  private readonly isOnline: () => boolean;
  private readonly onDropped: (error: unknown) => void;
  private running = false;
  private again = false;
  private failures = 0;
  private retryTimer: unknown = null;
  private state: SendState;
  private readonly listeners = new Set<(state: SendState) => void>();

  constructor(options: {
    queue: CommitQueue;
    send: SendCommits;
    timers?: Timers;
    isOnline?: () => boolean;
    onDropped?: (error: unknown) => void;
  }) {
    this.queue = options.queue;
    this.send = options.send;
    this.timers = options.timers ?? {
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
    };
    this.isOnline = options.isOnline ?? (() => navigator.onLine);
    this.onDropped = options.onDropped ?? (() => undefined);
    this.state = this.queue.size() === 0 ? 'saved' : 'saving';
  }

  getState(): SendState {
    return this.state;
  }

  subscribe(listener: (state: SendState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setState(state: SendState): void {
    if (state === this.state) return;
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }

  /** Sends what waits now; a flush asked for during a running one runs right after it. */
  async flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.retryTimer !== null) {
      this.timers.clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        await this.sendAll();
      } while (this.askedAgain());
    } finally {
      this.running = false;
    }
  }

  /** Whether a flush was asked for while one ran (read after an await, so not narrowed). */
  private askedAgain(): boolean {
    return this.again;
  }

  private async sendAll(): Promise<void> {
    for (;;) {
      const attemptId = this.queue.attempts()[0];
      if (attemptId === undefined) {
        this.failures = 0;
        this.setState('saved');
        return;
      }
      this.setState(this.isOnline() ? 'saving' : 'offline');
      const batch = this.queue.take(attemptId, BATCH);
      try {
        await this.send(attemptId, batch, { keepalive: false });
        this.queue.remove(batch);
        this.failures = 0;
      } catch (error) {
        if (failureOf(error) === 'drop') {
          // The server will never take these (the attempt is gone, the values are refused):
          // keeping them would block every later commit of the attempt.
          this.queue.remove(batch);
          this.onDropped(error);
          continue;
        }
        this.queue.release(batch);
        this.setState(this.isOnline() && !isNetwork(error) ? 'saving' : 'offline');
        this.scheduleRetry();
        return;
      }
    }
  }

  private scheduleRetry(): void {
    const delay = RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length - 1)] ?? 30_000;
    this.failures += 1;
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, delay);
  }

  /** As the page goes away: one keepalive request per attempt with what fits in it. */
  flushOnExit(): void {
    let budget = KEEPALIVE_MAX_CHARS;
    for (const attemptId of this.queue.attempts()) {
      const batch: QueuedCommit[] = [];
      for (const commit of this.queue.all().filter((c) => c.attemptId === attemptId)) {
        const size = JSON.stringify(commit).length;
        if (size > budget || batch.length === BATCH) break;
        budget -= size;
        batch.push(commit);
      }
      if (batch.length === 0) return;
      // Left in the queue: if the page survives or comes back, the server dedupes the resend.
      void this.send(attemptId, batch, { keepalive: true }).catch(() => undefined);
    }
  }

  stop(): void {
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.listeners.clear();
  }
}

const isNetwork = (error: unknown) => isApiError(error) && error.kind === 'network';
