import { cpSync } from 'node:fs';
import { openDatabase, type Database } from '@lantern/db/client';
import { gradeSetHash, gradeSetOf, snapshotOf } from '@lantern/db/bachelor-grade-set';
import { insertStudents } from '@lantern/db/generate';
import { approve } from '../../../apps/api/src/modules/bachelor/verification/verification.service';
import type { AuthContext } from '../../../apps/api/src/plugins/auth';
import type { Context, Scenario } from '../lib/context';
import { createDatabase, dropDatabase, floorPgliteFolder, prepareDatabase } from '../lib/db';
import { log, median, result, type Result } from '../lib/report';

// Issue 18: verify a 1,000-student term at one level as one transaction with its hash, ≤ 2 s
// (PGlite; PostgreSQL too when DATABASE_URL or BENCH_PG_URL is set). The figure is the slowest
// of TERMS approvals (approve() of apps/api: lock the term, read the grade set, hash it, check
// the levels, store hash and snapshot, audit); the floor is reading and hashing the same set.

const STUDENTS = 1_000;
const COURSES = 3;
const TERMS = 5;

async function loadTerms(db: Database): Promise<{ programmeId: number; userId: number }> {
  const one = async (text: string, params: unknown[] = []) =>
    (await db.query<{ id: number }>(text, params))[0]?.id ?? 0;
  const clcIds = (await db.query<{ id: number }>(`select id from clcs order by id limit 3`)).map(
    (c) => c.id,
  );
  await insertStudents(db.db, { clcIds, count: STUDENTS, seed: 18 });
  const programmeId = await one(
    `insert into programmes (type, code, internal_name, title, start_date, end_date, status, grading_schema_id)
     values ('bachelor', 'VT1', 'Verify bench', 'Verify bench', '2024-01-01', '2030-12-31', 'running',
       (select id from grading_schemas where name = 'Four-point scale')) returning id`,
  );
  await db.query(
    `insert into programme_clcs (programme_id, clc_id) select $1::int, unnest($2::int[])`,
    [programmeId, clcIds],
  );
  await db.query(
    `insert into programme_courses (programme_id, code, title, units, position)
     select $1::int, 'VT' || g, 'Course ' || g, 3, g from generate_series(1, $2::int) g`,
    [programmeId, COURSES],
  );
  await db.query(
    `insert into enrolments (programme_id, user_id, clc_id, state)
     select $1::int, u.jwl_id, uc.clc_id, 'active'
     from users u join user_clcs uc on uc.user_id = u.jwl_id and uc.clc_id = any($2::int[])
     join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
     where not exists (select 1 from enrolments e where e.user_id = u.jwl_id)
       and not exists (select 1 from user_clcs o where o.user_id = u.jwl_id and o.clc_id <> uc.clc_id)
     order by u.jwl_id desc limit $3`,
    [programmeId, clcIds, STUDENTS],
  );
  // TERMS terms, each offering the COURSES courses to every student (retakes aside, a result
  // per enrolment and course: each term's set is the same results, read through its own rows).
  await db.query(
    `insert into ba_terms (programme_id, year, season, name, start_date, weeks)
     select $1::int, 2020 + g, 'fa', 'Fall ' || (2020 + g), make_date(2020 + g, 9, 1), 14
     from generate_series(1, $2::int) g`,
    [programmeId, TERMS],
  );
  await db.query(
    `insert into ba_offerings (term_id, course_id)
     select t.id, c.id from ba_terms t join programme_courses c on c.programme_id = t.programme_id
     where t.programme_id = $1`,
    [programmeId],
  );
  await db.query(
    `insert into ba_student_courses (offering_id, enrolment_id)
     select o.id, e.id from ba_offerings o join ba_terms t on t.id = o.term_id
     join enrolments e on e.programme_id = t.programme_id where t.programme_id = $1`,
    [programmeId],
  );
  await db.query(
    `insert into course_results (enrolment_id, course_id, score, is_final, version)
     select e.id, c.id, 2 + (e.id % 21) / 10.0, true, 2 from enrolments e
     join programme_courses c on c.programme_id = e.programme_id where e.programme_id = $1`,
    [programmeId],
  );
  // Each attempt's own result (what the term's grade set reads), the same as the course's.
  await db.query(
    `insert into ba_attempt_results (student_course_id, score, is_final, version)
     select sc.id, 2 + (sc.enrolment_id % 21) / 10.0, true, 2 from ba_student_courses sc
     join ba_offerings o on o.id = sc.offering_id join ba_terms t on t.id = o.term_id
     where t.programme_id = $1`,
    [programmeId],
  );
  await db.exec('analyze');
  const userId = await one(`select jwl_id as id from users where username = 'academic_manager'`);
  return { programmeId, userId };
}

async function measure(kind: 'pglite' | 'postgres', context: Context): Promise<Result> {
  let database: Database;
  let pg: { name: string } | null = null;
  if (kind === 'pglite') {
    const { dir } = await floorPgliteFolder(context.tmpRoot);
    const copy = context.newDir('verify-term');
    cpSync(dir, copy, { recursive: true });
    database = await openDatabase({ dataDir: copy });
  } else {
    const created = await createDatabase();
    pg = created;
    database = await openDatabase({ url: created.url, poolSize: 2 });
    await prepareDatabase(database);
  }
  try {
    const { programmeId, userId } = await loadTerms(database);
    const principal = { jwlId: userId, roleScope: 'all_clcs' };
    const auth = {
      sessionId: 'bench',
      user: principal,
      realUser: principal,
      impersonating: false,
      rights: new Set<string>(),
      clcIds: [],
      clcNarrowed: false,
      ip: '127.0.0.1',
    } as unknown as AuthContext;
    // The real path queues the term's verification mails too (none are published here).
    const mailDeps = {
      db: database.db,
      config: { publicUrl: 'http://localhost' },
      mailer: { dispatch: () => undefined },
    };
    const terms = await database.query<{ id: number; year: number }>(
      `select id, year from ba_terms where programme_id = $1 order by year`,
      [programmeId],
    );
    const approveMs: number[] = [];
    const readMs: number[] = [];
    let grades = 0;
    for (const term of terms) {
      const t0 = performance.now();
      const set = await gradeSetOf(database.db, term.id);
      const hash = gradeSetHash(snapshotOf(set));
      readMs.push(performance.now() - t0);
      grades = set.length;
      const t1 = performance.now();
      const done = await approve(mailDeps, auth, {
        programmeId,
        termKey: `${String(term.year)}-fa`,
        level: 'BASIC',
        clcId: null,
        hash,
      });
      approveMs.push(performance.now() - t1);
      if (done.grades !== set.length) throw new Error('the approval signed another set');
    }
    const value = Math.max(...approveMs);
    const floor = median(readMs);
    log(
      `  ${kind}: ${String(terms.length)} terms of ${String(STUDENTS)} students × ${String(COURSES)} courses (${String(grades)} grades): approve median ${median(approveMs).toFixed(0)} ms, slowest ${value.toFixed(0)} ms; read + hash median ${floor.toFixed(0)} ms`,
    );
    return result({
      scenario: 'verify-term',
      name: `verify a ${String(STUDENTS)}-student term at one level, slowest of ${String(TERMS)} (${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
      unit: 'ms',
      value,
      floor,
      target: { on: 'value', op: '<=', limit: 2000 },
      detail: {
        students: STUDENTS,
        grades,
        terms: TERMS,
        approveMs: approveMs.map((ms) => Number(ms.toFixed(1))),
        readAndHashMs: readMs.map((ms) => Number(ms.toFixed(1))),
        note: 'value: approve() of apps/api at the BASIC level in one transaction (term locked, grade set read and hashed, every level’s state worked out, hash + snapshot stored, audit row), in this process; floor: gradeSetOf + gradeSetHash of the same term alone',
      },
    });
  } finally {
    await database.close();
    if (pg) await dropDatabase(pg.name);
  }
}

export const verifyTerm: Scenario = {
  name: 'verify-term',
  summary:
    'approve a 1,000-student bachelor term’s grade set at one level, as one transaction with its hash, ≤ 2 s (PGlite; PostgreSQL with DATABASE_URL or BENCH_PG_URL)',
  run: async (context) => {
    const results = [await measure('pglite', context)];
    if (process.env.DATABASE_URL || process.env.BENCH_PG_URL)
      results.push(await measure('postgres', context));
    return results;
  },
};
