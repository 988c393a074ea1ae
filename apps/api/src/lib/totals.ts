/**
 * Totals of list filters, each kept with the value of a change counter when it was counted
 * (`people_changes`, migration 0011): a total is reused while the counter stands still, so a
 * list page does not count 100,000 people each time it is shown (decision 0013). A writer moves
 * the counter before it commits; a total counted in between is the old one under the new
 * value, so an entry also expires after `ttlMs`: a total is at most that late, never more.
 */
export class Totals {
  private readonly entries = new Map<string, { changes: string; n: number; at: number }>();

  constructor(
    private readonly max = 500,
    private readonly ttlMs = 10_000,
    readonly now: () => number = () => performance.now(),
  ) {}

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string, changes: string | null): number | undefined {
    const entry = this.entries.get(key);
    if (!entry || changes === null) return undefined;
    if (entry.changes !== changes || this.now() - entry.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last, so the oldest is the first to go.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.n;
  }

  /** `countedAt`: when the count was asked for (`now()` before it), so the expiry holds. */
  set(key: string, changes: string, n: number, countedAt: number): void {
    this.entries.delete(key);
    this.entries.set(key, { changes, n, at: countedAt });
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
