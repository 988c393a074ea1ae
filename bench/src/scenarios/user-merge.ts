import { join } from 'node:path';
import { openDatabase, type Database } from '@lantern/db/client';
import type { Context, Scenario } from '../lib/context';
import { createDatabase, dropDatabase, prepareDatabase } from '../lib/db';
import { signIn } from '../lib/load';
import { ensureBuilt, startApp, type AppProcess } from '../lib/processes';
import { log, median, result, type Result } from '../lib/report';

const PAIRS = 5;
const USERNAME = 'super_admin';

/**
 * Programmes, classes and courses the people of every pair use: 400 programmes (the removed
 * person of a pair is in the first 200, the kept one in the others, so the two never collide on
 * a programme), one course each, and 300 classes.
 */
const SHARED_SQL = `
  insert into programmes (type, code, internal_name, title, start_date, end_date, status)
  select 'professional', 'm' || lpad(g::text, 3, '0'), 'Merge bench', 'Merge bench ' || g, '2026-01-01', '2026-06-30', 'running'
    from generate_series(0, 399) g;
  insert into programme_courses (programme_id, code, title, units)
  select id, 'MB', 'Merge bench course', 3 from programmes where code like 'm___';
  insert into classes (programme_id, clc_id, name)
  select (select id from programmes where code = 'm000'), (select id from clcs order by id limit 1), 'MB ' || lpad(g::text, 3, '0')
    from generate_series(0, 299) g;`;

/**
 * A person with 1,000 rows that refer to them: 200 enrolments, 200 class seats as staff (half of
 * them the same classes as the other person of the pair, which the merge keeps once), 100 study
 * breaks and 100 results they recorded, and 400 files; with a role, a CLC and a student profile.
 */
const personSql = (tag: string, programmesFrom: number, classesFrom: number) => `
  with u as (
    insert into users (username, email, first_name, last_name)
    values ('${tag}', '${tag}@bench.example', 'Merge', 'Bench ${tag}') returning jwl_id
  ),
  roles as (insert into user_roles (user_id, role_key) select jwl_id, 'STUDENT' from u),
  clc as (insert into user_clcs (user_id, clc_id) select jwl_id, (select id from clcs order by id limit 1) from u),
  profile as (insert into student_profiles (user_id, birth_date, nationality) select jwl_id, '2001-02-03', 'SY' from u),
  enrolled as (
    insert into enrolments (programme_id, user_id, clc_id, state)
    select p.id, u.jwl_id, (select id from clcs order by id limit 1), 'active'
      from u, programmes p
     where p.code between 'm' || lpad('${String(programmesFrom)}', 3, '0') and 'm' || lpad('${String(programmesFrom + 199)}', 3, '0')
    returning id, programme_id, user_id
  ),
  seats as (
    insert into class_staff (class_id, user_id, kind)
    select c.id, u.jwl_id, 'facilitator' from u,
      (select id from classes where name like 'MB %' order by name offset ${String(classesFrom)} limit 200) c
  ),
  breaks as (
    insert into study_breaks (enrolment_id, starts_on, ends_on, reason, created_by)
    select id, '2026-03-01', '2026-03-14', 'bench', user_id from (select * from enrolled order by id limit 100) e
  ),
  results as (
    insert into course_results (enrolment_id, course_id, score, entered_by)
    select e.id, pc.id, 75, e.user_id
      from (select * from enrolled order by id offset 100 limit 100) e
      join programme_courses pc on pc.programme_id = e.programme_id
  ),
  owned as (
    insert into files (owner_id, kind, mime, size, sha256, storage_key)
    select u.jwl_id, 'bench', 'application/pdf', 1, 'x', '${tag}-' || g from u, generate_series(1, 400) g
  )
  select jwl_id from u`;

type Pair = { removed: number; kept: number };

async function addPeople(database: Database): Promise<Pair[]> {
  await database.exec(SHARED_SQL);
  const pairs: Pair[] = [];
  for (let i = 0; i < PAIRS; i += 1) {
    const [removed] = await database.query<{ jwl_id: number }>(personSql(`mb_r${String(i)}`, 0, 0));
    const [kept] = await database.query<{ jwl_id: number }>(
      personSql(`mb_k${String(i)}`, 200, 100),
    );
    pairs.push({ removed: removed?.jwl_id ?? 0, kept: kept?.jwl_id ?? 0 });
  }
  return pairs;
}

/** The least a merge must do: one UPDATE per table that moves the removed person's rows. */
async function bareMoves(database: Database, pair: Pair): Promise<number> {
  const started = performance.now();
  await database.exec(`begin;
    delete from class_staff r where r.user_id = ${String(pair.removed)}
      and exists (select 1 from class_staff k where k.user_id = ${String(pair.kept)} and k.class_id = r.class_id);
    update class_staff set user_id = ${String(pair.kept)} where user_id = ${String(pair.removed)};
    update enrolments set user_id = ${String(pair.kept)} where user_id = ${String(pair.removed)};
    update study_breaks set created_by = ${String(pair.kept)} where created_by = ${String(pair.removed)};
    update course_results set entered_by = ${String(pair.kept)} where entered_by = ${String(pair.removed)};
    update files set owner_id = ${String(pair.kept)} where owner_id = ${String(pair.removed)};
    update users set deleted_at = now(), merged_into_id = ${String(pair.kept)} where jwl_id = ${String(pair.removed)};
    commit;`);
  return performance.now() - started;
}

async function call(app: AppProcess, token: string, path: string, body: unknown): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok)
    throw new Error(`${path} answered ${String(response.status)}: ${text.slice(0, 400)}`);
  return ms;
}

type Measured = { merge: number[]; undo: number[]; floor: number[] };

async function measure(app: AppProcess, pairs: Pair[], floorDb: Database, floorPairs: Pair[]) {
  const { token } = await signIn(app.url, USERNAME);
  const measured: Measured = { merge: [], undo: [], floor: [] };
  for (const [i, pair] of pairs.entries()) {
    const path = `/api/en/user-merge/${String(pair.removed)}/${String(pair.kept)}`;
    measured.merge.push(await call(app, token, path, { fields: { firstName: 'removed' } }));
    const floorPair = floorPairs[i];
    if (floorPair) measured.floor.push(await bareMoves(floorDb, floorPair));
  }
  // Undo the last merge, for the record (no target).
  const last = await fetch(`${app.url}/api/en/user-merge/log?limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const newest = ((await last.json()) as { items: { id: number }[] }).items[0];
  if (newest)
    measured.undo.push(
      await call(app, token, `/api/en/user-merge/log/${String(newest.id)}/undo`, {}),
    );
  return measured;
}

function results(kind: 'PGlite' | 'PostgreSQL', m: Measured): Result[] {
  const value = median(m.merge);
  const floor = median(m.floor);
  log(
    `  ${kind}: merge ${m.merge.map((ms) => ms.toFixed(0)).join(', ')} ms; bare UPDATEs ${m.floor.map((ms) => ms.toFixed(0)).join(', ')} ms; undo ${m.undo.map((ms) => ms.toFixed(0)).join(', ')} ms`,
  );
  return [
    result({
      scenario: `user-merge-${kind === 'PGlite' ? 'pglite' : 'postgres'}`,
      name: `merge of two people with 1,000 related rows each (${kind})`,
      unit: 'ms',
      value,
      floor,
      target: { on: 'value', op: '<=', limit: 1000 },
      detail: {
        pairs: PAIRS,
        mergeMs: m.merge.map((ms) => Number(ms.toFixed(1))),
        floorMs: m.floor.map((ms) => Number(ms.toFixed(1))),
        undoMs: m.undo.map((ms) => Number(ms.toFixed(1))),
        note: 'as super_admin, the whole POST /api/en/user-merge/{removed}/{kept} request (preview checks, field choice, every reference by its policy, tombstone, merge log, audit), median of the pairs; each person has 200 enrolments, 200 class seats (100 shared with the other), 100 study breaks and 100 results they recorded, 400 files, a role, a CLC and a student profile; floor: one transaction of bare UPDATEs (and the duplicate DELETE) of the same rows on a copy of the same data, in the bench process',
      },
    }),
  ];
}

/** Merges on the one-command app (PGlite): the folder is filled first, then the app opens it. */
export const userMergePglite: Scenario = {
  name: 'user-merge-pglite',
  summary: `POST …/user-merge of ${String(PAIRS)} pairs with 1,000 related rows each, on PGlite, against bare UPDATEs`,
  run: async (context: Context): Promise<Result[]> => {
    await ensureBuilt();
    const appDir = context.newDir('merge-app');
    const floorDir = context.newDir('merge-floor');
    let pairs: Pair[] = [];
    let floorPairs: Pair[] = [];
    for (const [dir, into] of [
      [appDir, (p: Pair[]) => (pairs = p)],
      [floorDir, (p: Pair[]) => (floorPairs = p)],
    ] as const) {
      // The app keeps its PGlite in <data folder>/pgdata.
      const database = await openDatabase({ dataDir: dir === appDir ? join(dir, 'pgdata') : dir });
      try {
        await prepareDatabase(database);
        into(await addPeople(database));
      } finally {
        await database.close();
      }
    }
    const app = await startApp({ dataDir: appDir, env: { LANTERN_WORKERS: '0' } });
    const floorDb = await openDatabase({ dataDir: floorDir });
    try {
      return results('PGlite', await measure(app, pairs, floorDb, floorPairs));
    } finally {
      await floorDb.close();
      await app.stop();
    }
  },
};

/** The same on PostgreSQL: the app on a new bench database, the floor on a second one. */
export const userMergePostgres: Scenario = {
  name: 'user-merge-postgres',
  summary: `POST …/user-merge of ${String(PAIRS)} pairs with 1,000 related rows each, on PostgreSQL, against bare UPDATEs`,
  run: async (context: Context): Promise<Result[]> => {
    await ensureBuilt();
    const appDb = await createDatabase();
    const floorDbInfo = await createDatabase();
    let app: AppProcess | null = null;
    const floorDb = await openDatabase({ url: floorDbInfo.url, poolSize: 1 });
    try {
      const appDatabase = await openDatabase({ url: appDb.url, poolSize: 2 });
      let pairs: Pair[];
      try {
        await prepareDatabase(appDatabase);
        pairs = await addPeople(appDatabase);
      } finally {
        await appDatabase.close();
      }
      await prepareDatabase(floorDb);
      const floorPairs = await addPeople(floorDb);
      app = await startApp({
        dataDir: context.newDir('merge-pg'),
        databaseUrl: appDb.url,
        env: { LANTERN_WORKERS: '0' },
      });
      return results('PostgreSQL', await measure(app, pairs, floorDb, floorPairs));
    } finally {
      await app?.stop();
      await floorDb.close();
      await dropDatabase(appDb.name);
      await dropDatabase(floorDbInfo.name);
    }
  },
};
