import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { rows } from './sql';

/**
 * A change to stored rows that needs the app's own code, not SQL (the rich-text sanitiser, for
 * one): run once, after the SQL migrations and before the app listens. `run` changes what it
 * must in the transaction it is given and answers how many rows it changed; it writes its own
 * audit rows (one per changed row). Steps must be idempotent: run again, they change nothing.
 */
export type DataStep = {
  /** Never renamed once shipped: the name is what records the step as done. */
  name: string;
  run: (tx: Db) => Promise<number>;
};

export type DataStepResult = { name: string; changed: number; skipped: boolean };

/**
 * Runs every step not yet recorded in `data_steps`, each in its own transaction that also
 * records it, so a step is done whole or not at all and a crash runs it again at the next
 * start. The transaction-scoped advisory lock makes two nodes starting at once take turns (the
 * second finds the step recorded and skips it).
 */
export async function runDataSteps(db: Db, steps: readonly DataStep[]): Promise<DataStepResult[]> {
  const results: DataStepResult[] = [];
  for (const step of steps) {
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lantern.data_steps'))`);
      const [done] = await rows<{ name: string }>(
        tx,
        sql`select name from data_steps where name = ${step.name}`,
      );
      if (done) return { name: step.name, changed: 0, skipped: true };
      const changed = await step.run(tx);
      await tx.execute(
        sql`insert into data_steps (name, changed) values (${step.name}, ${changed})`,
      );
      return { name: step.name, changed, skipped: false };
    });
    results.push(result);
  }
  return results;
}
