import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../plugins/auth';
import { AppError } from './errors';
import { rows } from './sql';

// ---------------------------------------------------------------------------------------------
// Applying an import in bounded steps (issue 27; decision 0022, as built: imports in steps).
//
// On PGlite every request that needs the database waits for the one connection, taken in whole
// transactions (decision 0017): an import that plans and writes in one transaction makes every
// request wait for all of it. So an import is a run (`import_runs`): its rows are planned by
// statements of bounded size outside any transaction, what they will write is staged
// (`import_staged_rows`, keyed by the run) in short transactions, and one short final
// transaction writes it and makes the import visible — whole, or not at all. A run cut off
// before that final step (a crash, a restart) is invisible and is cleared by the next import
// of its programme or person, which starts clean.

/** The longest a step of an import may hold the database. */
export const STEP_BUDGET_MS = 50;
/**
 * What a step's size aims at: far below the budget, because a request that needs the database
 * meanwhile waits up to one step for each of its statements (a signed-in read makes about five),
 * and a slower step still keeps to the budget. Measured in bench `event-loop-import`: at 20 ms
 * a probe read took 115 ms at the median during a re-run of 20,000 rows, at 6 ms 34 ms.
 */
const STEP_AIM_MS = 6;
/** A staging run untouched this long, of another process, was cut off. */
export const STALE_RUN_MS = 30_000;
/** How often a live run says so. */
const HEARTBEAT_MS = 5_000;

/** This process, as the owner of the runs it starts. */
const PROCESS_ID = randomUUID();
/** Runs this process is applying now. */
const liveRuns = new Set<number>();

export const IMPORT_BUSY = {
  programme:
    'Another import into this programme is running. Wait until it has finished, then try again.',
  person: 'You are running another import. Wait until it has finished, then try again.',
  stopped: 'The import was stopped before it was finished. Nothing was imported; try again.',
} as const;

/**
 * `items` handed to `step` a piece at a time, each piece sized from the time the last one took
 * so that a step holds the database for about STEP_AIM_MS (a step that waited for the
 * connection counts its wait too, so a busy database gets smaller steps). Results in order.
 */
export async function inBoundedSteps<T, R>(
  items: readonly T[],
  step: (piece: T[]) => Promise<readonly R[]>,
  options: { first?: number; most?: number } = {},
): Promise<R[]> {
  const out: R[] = [];
  const most = options.most ?? 2_000;
  let size = Math.min(options.first ?? 50, most);
  for (let at = 0; at < items.length;) {
    const piece = items.slice(at, at + size);
    const started = performance.now();
    for (const r of await step(piece)) out.push(r);
    const took = Math.max(performance.now() - started, 1);
    at += piece.length;
    size = Math.max(10, Math.min(most, size * 2, Math.floor((size * STEP_AIM_MS) / took)));
  }
  return out;
}

export type ImportRun = { id: number };

/**
 * A new run of an import into `programmeId` by the caller; 409 with a sentence when another run
 * of that programme or that person is live. A run it finds cut off (of this process and no
 * longer running here, or of another process and untouched for STALE_RUN_MS) is abandoned and
 * its staged rows cleared first: the new run starts clean.
 */
export async function beginRun(
  db: Db,
  auth: AuthContext,
  input: { kind: string; programmeId: number; sha256: string },
): Promise<ImportRun> {
  const userId = auth.user.jwlId;
  const staging = await rows<{ id: number; owner: string; stale: boolean }>(
    db,
    sql`select id, owner, touched_at < now() - make_interval(secs => ${STALE_RUN_MS / 1000})
          as stale
        from import_runs
        where state = 'staging' and (programme_id = ${input.programmeId} or started_by = ${userId})`,
  );
  const cutOff = staging.filter((r) => (r.owner === PROCESS_ID ? !liveRuns.has(r.id) : r.stale));
  for (const r of cutOff) await abandonRun(db, r);
  const [run] = await rows<{ id: number }>(
    db,
    sql`insert into import_runs (kind, programme_id, started_by, sha256, owner)
        values (${input.kind}, ${input.programmeId}, ${userId}, ${input.sha256}, ${PROCESS_ID})
        on conflict do nothing
        returning id`,
  );
  if (!run) {
    const [busy] = await rows<{ programme_id: number }>(
      db,
      sql`select programme_id from import_runs
          where state = 'staging' and (programme_id = ${input.programmeId} or started_by = ${userId})
          limit 1`,
    );
    throw new AppError(
      409,
      'CONFLICT',
      busy?.programme_id === input.programmeId ? IMPORT_BUSY.programme : IMPORT_BUSY.person,
    );
  }
  liveRuns.add(run.id);
  return run;
}

/** The run marked abandoned and its staged rows deleted, a bounded step at a time. */
async function abandonRun(db: Db, run: ImportRun): Promise<void> {
  await db.execute(
    sql`update import_runs set state = 'abandoned', touched_at = now()
        where id = ${run.id} and state = 'staging'`,
  );
  await clearStaged(db, run);
}

/** The run's staged rows deleted in bounded steps (after it was applied or abandoned). */
async function clearStaged(db: Db, run: ImportRun): Promise<void> {
  let size = 500;
  for (;;) {
    const started = performance.now();
    const deleted = await rows<{ seq: number }>(
      db,
      sql`delete from import_staged_rows
          where run_id = ${run.id}
            and seq in (select seq from import_staged_rows where run_id = ${run.id}
                        order by seq limit ${size})
          returning seq`,
    );
    if (deleted.length < size) return;
    const took = Math.max(performance.now() - started, 1);
    size = Math.max(50, Math.min(20_000, size * 2, Math.floor((size * STEP_AIM_MS) / took)));
  }
}

/**
 * What the final step will write, staged under the run in short transactions (each also
 * touches the run: it is alive). Nothing staged is visible to anything but the run itself.
 */
export async function stageRows(db: Db, run: ImportRun, payloads: readonly unknown[]) {
  const numbered = payloads.map((payload, seq) => ({ seq, payload }));
  await inBoundedSteps(
    numbered,
    async (piece) => {
      await db.execute(
        sql`with alive as (update import_runs set touched_at = now() where id = ${run.id})
            insert into import_staged_rows (run_id, seq, payload)
            select ${run.id}, (r->>'seq')::int, r->'payload'
            from jsonb_array_elements(${JSON.stringify(piece)}::jsonb) r`,
      );
      return [];
    },
    { first: 50, most: 5_000 },
  );
}

/** The run's staged rows in order, inside the final transaction. */
export async function stagedRows<T>(tx: Db, run: ImportRun): Promise<T[]> {
  const found = await rows<{ payload: T }>(
    tx,
    sql`select payload from import_staged_rows where run_id = ${run.id} order by seq`,
  );
  return found.map((r) => r.payload);
}

/**
 * Inside the final transaction: the run marked applied. A run abandoned meanwhile (cut off by
 * another process that found it stale) is refused, so the transaction writes nothing.
 */
export async function markApplied(tx: Db, run: ImportRun): Promise<void> {
  const [done] = await rows<{ id: number }>(
    tx,
    sql`update import_runs set state = 'applied', touched_at = now()
        where id = ${run.id} and state = 'staging' returning id`,
  );
  if (!done) throw new AppError(409, 'CONFLICT', IMPORT_BUSY.stopped);
}

/**
 * `work` with a run of its own: begun (one at a time per programme and per person), kept
 * alive while it works, and afterwards — applied or not — its staged rows cleared in bounded
 * steps; a run that did not reach `markApplied` is abandoned.
 */
export async function withImportRun<T>(
  db: Db,
  auth: AuthContext,
  input: { kind: string; programmeId: number; sha256: string },
  work: (run: ImportRun) => Promise<T>,
): Promise<T> {
  const run = await beginRun(db, auth, input);
  const heartbeat = setInterval(() => {
    db.execute(sql`update import_runs set touched_at = now() where id = ${run.id}`).catch(
      () => undefined,
    );
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    return await work(run);
  } finally {
    clearInterval(heartbeat);
    try {
      await abandonRun(db, run);
    } finally {
      liveRuns.delete(run.id);
    }
  }
}
