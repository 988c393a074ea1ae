import { z } from 'zod';
import { WBT_QUEUE_MAX_BYTES, wbtCommitSchema } from '@lantern/contracts/wbt';
import type { PlayerCommit } from '@lantern/contracts/wbt-relay';

/**
 * The relay's durable queue (decision 0020 §2.4): the commits a training handed over that the
 * server has not taken yet, kept in the app origin's local storage (never in the content origin,
 * where any package's script could read it), one key per user, first in first out per attempt.
 * It survives a reload, a closed tab and a lost link; the relay empties it as the server answers.
 */

/** The queue's key prefix: `lantern-wbt:<userId>`. */
export const WBT_QUEUE_KEY_PREFIX = 'lantern-wbt:';
/** At most this much JSON is kept per user; past it a commit is refused (`queue_full`). */
export const WBT_QUEUE_MAX_CHARS = WBT_QUEUE_MAX_BYTES;
/** Launches remembered for dedupe; older ones are forgotten first. */
const SEEN_LIMIT = 200;

const queuedCommitSchema = z.object({
  attemptId: z.number().int().positive(),
  launchNo: z.number().int().min(0),
  /** The highest sequence number merged into this entry. */
  seq: z.number().int().min(1),
  sco: z.number().int().min(0),
  values: wbtCommitSchema.shape.values,
  terminate: z.boolean(),
  /** When the first merged commit was handed over (ISO). */
  clientAt: z.string(),
});
export type QueuedCommit = z.infer<typeof queuedCommitSchema>;

const storedSchema = z.object({
  v: z.literal(1),
  commits: z.array(queuedCommitSchema),
  /** "attemptId:launchNo" → the highest sequence number taken, for dedupe. */
  seen: z.record(z.string(), z.number().int()),
});
type Stored = z.infer<typeof storedSchema>;

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type EnqueueResult = 'queued' | 'duplicate' | 'queue_full';

const launchKey = (c: { attemptId: number; launchNo: number }) => `${c.attemptId}:${c.launchNo}`;
const sameEntry = (a: QueuedCommit, b: QueuedCommit) =>
  a.attemptId === b.attemptId && a.launchNo === b.launchNo && a.seq === b.seq && a.sco === b.sco;

export class CommitQueue {
  readonly key: string;
  private readonly store: KeyValueStore;
  /** Entries being sent now: nothing is merged into them (the request already holds them). */
  private readonly inFlight = new Set<string>();

  constructor(userId: number, store: KeyValueStore) {
    this.key = `${WBT_QUEUE_KEY_PREFIX}${userId}`;
    this.store = store;
  }

  /** Read fresh each time: another tab of the same user may have changed it. */
  private read(): Stored {
    try {
      const raw = this.store.getItem(this.key);
      if (raw === null) return { v: 1, commits: [], seen: {} };
      const parsed = storedSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : { v: 1, commits: [], seen: {} };
    } catch {
      return { v: 1, commits: [], seen: {} };
    }
  }

  /** Writes the queue; false when it is over its limit or the store refuses it. */
  private write(stored: Stored): boolean {
    if (stored.commits.length === 0 && Object.keys(stored.seen).length === 0) {
      this.store.removeItem(this.key);
      return true;
    }
    const text = JSON.stringify(stored);
    if (text.length > WBT_QUEUE_MAX_CHARS) return false;
    try {
      this.store.setItem(this.key, text);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Keeps a commit of `attemptId` for sending. A sequence number already taken for its launch is
   * a duplicate. An unsent commit of the same launch and SCO takes the new values over its own
   * (latest value per element, highest sequence number): the server keeps per element the value
   * of the highest commit, so the merged commit leaves the same state as the two would. A commit
   * that ended the SCO's session takes nothing over: the part's next visit is a new session,
   * whose time the server adds to the ended one's.
   */
  enqueue(attemptId: number, commit: PlayerCommit, now = new Date()): EnqueueResult {
    const stored = this.read();
    const key = launchKey({ attemptId, launchNo: commit.launchNo });
    if ((stored.seen[key] ?? 0) >= commit.seq) return 'duplicate';
    const target = stored.commits.findLast(
      (c) =>
        c.attemptId === attemptId &&
        c.launchNo === commit.launchNo &&
        c.sco === commit.sco &&
        !c.terminate &&
        !this.inFlight.has(this.id(c)),
    );
    if (target) {
      target.values = { ...target.values, ...commit.values };
      target.seq = commit.seq;
      target.terminate = target.terminate || commit.terminate;
    } else {
      stored.commits.push({
        attemptId,
        launchNo: commit.launchNo,
        seq: commit.seq,
        sco: commit.sco,
        values: commit.values,
        terminate: commit.terminate,
        clientAt: now.toISOString(),
      });
    }
    // The newest launches last, so the oldest are forgotten first.
    const seen = Object.entries(stored.seen).filter(([k]) => k !== key);
    seen.push([key, commit.seq]);
    stored.seen = Object.fromEntries(seen.slice(-SEEN_LIMIT));
    return this.write(stored) ? 'queued' : 'queue_full';
  }

  private id(c: QueuedCommit): string {
    return `${c.attemptId}:${c.launchNo}:${c.sco}:${c.seq}`;
  }

  /** Every commit waiting, oldest first. */
  all(): QueuedCommit[] {
    return this.read().commits;
  }

  /** The attempts with commits waiting, in the order of their oldest commit. */
  attempts(): number[] {
    return [...new Set(this.read().commits.map((c) => c.attemptId))];
  }

  /** The oldest commits of one attempt (at most `limit`), marked as being sent. */
  take(attemptId: number, limit: number): QueuedCommit[] {
    const batch = this.read()
      .commits.filter((c) => c.attemptId === attemptId)
      .slice(0, limit);
    for (const c of batch) this.inFlight.add(this.id(c));
    return batch;
  }

  /** The server took these (or refused them for good): they leave the queue. An entry another
   * tab merged new values into meanwhile has another sequence number and stays. */
  remove(batch: readonly QueuedCommit[]): void {
    const stored = this.read();
    stored.commits = stored.commits.filter((c) => !batch.some((b) => sameEntry(b, c)));
    for (const b of batch) this.inFlight.delete(this.id(b));
    this.write(stored);
  }

  /** A send failed: the batch stays where it was and may take merges again. */
  release(batch: readonly QueuedCommit[]): void {
    for (const b of batch) this.inFlight.delete(this.id(b));
  }

  size(): number {
    return this.read().commits.length;
  }
}
