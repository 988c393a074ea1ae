import { openDatabase, type Database } from '@lantern/db/client';
import { insertStudents } from '@lantern/db/generate';
import { exportGradesOut } from '../../../apps/api/src/modules/bachelor/credits/credits.grades-out';
import { createFileStore } from '../../../apps/api/src/plugins/storage';
import type { AuthContext } from '../../../apps/api/src/plugins/auth';
import type { Context, Scenario } from '../lib/context';
import { createDatabase, dropDatabase, prepareDatabase } from '../lib/db';
import { log, median, result, type Result } from '../lib/report';

// Issue 18: transfer-grades-out for 5,000 learners ≤ 5 s. A bachelor programme of 5,000
// students × 3 courses with their credit ledger (earned entries, a tenth retaken and earned
// again, a twentieth transferred in through a conversion), exported converted to the
// percentage schema: the same function the route runs (query, conversion, the file, keeping
// it as an export batch). The floor is the bare read of the same ledger rows with the names.

const LEARNERS = 5000;
const RUNS = 5;

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const value = await fn();
  return [performance.now() - t0, value];
}

async function load(
  database: Database,
): Promise<{ programmeId: number; target: number; adminId: number }> {
  const q = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    database.query<T>(text, params);
  const clcIds = (await q<{ id: number }>(`select id from clcs order by id`)).map((c) => c.id);
  await insertStudents(database.db, { clcIds, count: LEARNERS, seed: 18 });
  const [four] = await q<{ id: number }>(
    `select id from grading_schemas where name = 'Four-point scale'`,
  );
  const [percent] = await q<{ id: number }>(
    `select id from grading_schemas where name ilike 'percentage%' order by id limit 1`,
  );
  const [admin] = await q<{ jwl_id: number }>(`select jwl_id from users where username = 'admin'`);
  if (!four || !percent || !admin) throw new Error('the demo schemas or admin are missing');
  const [programme] = await q<{ id: number }>(
    `insert into programmes (type, code, internal_name, title, start_date, end_date, status, grading_schema_id)
     values ('bachelor', 'GO1', 'Grades out bench', 'Grades out bench', '2025-09-01', '2029-06-30', 'running', $1)
     returning id`,
    [four.id],
  );
  const programmeId = programme?.id ?? 0;
  await q(`insert into programme_clcs (programme_id, clc_id) select $1, id from clcs`, [
    programmeId,
  ]);
  await q(
    `insert into programme_courses (programme_id, code, title, units, position)
     select $1, 'GO' || n, 'Course ' || n, 3, n from generate_series(1, 3) n`,
    [programmeId],
  );
  await q(
    `insert into enrolments (programme_id, user_id, clc_id, state)
     select $1, u.jwl_id, (select min(uc.clc_id) from user_clcs uc where uc.user_id = u.jwl_id), 'active'
     from users u join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
     where not exists (select 1 from enrolments e where e.user_id = u.jwl_id and e.programme_id = $1)
     order by u.jwl_id desc limit $2`,
    [programmeId, LEARNERS],
  );
  await q(
    `insert into grade_conversions (from_schema_id, to_schema_id, version, rules)
     values ($1, $2, (select coalesce(max(version), 0) + 1 from grade_conversions
       where from_schema_id = $1 and to_schema_id = $2), '[{"min":3.5,"grade":92,"label":"Distinction"},{"min":2.5,"grade":77,"label":"Merit"},{"min":2,"grade":64,"label":"Pass"},{"min":0,"grade":40,"label":"Fail"}]')
     returning id`,
    [four.id, percent.id],
  );
  const [toFour] = await q<{ id: number }>(
    `insert into grade_conversions (from_schema_id, to_schema_id, version, rules)
     values ($1, $2, (select coalesce(max(version), 0) + 1 from grade_conversions
       where from_schema_id = $1 and to_schema_id = $2), '[{"min":85,"grade":4},{"min":70,"grade":3},{"min":60,"grade":2},{"min":0,"grade":0}]')
     returning id`,
    [percent.id, four.id],
  );
  // Earned entries for every student and course; a tenth retook the first course (replaced,
  // then earned again); a twentieth brought a course in from elsewhere.
  await q(
    `insert into ba_credit_ledger (enrolment_id, kind, course_id, credits, source_grade, source_schema_id,
       source_schema_version, approved_by)
     select e.id, 'earned', c.id, case when g >= 2 then 3 else 0 end, g, $2, 1, $3
     from enrolments e cross join programme_courses c
     cross join lateral (select round((1 + ((e.id * 7 + c.id * 13) % 31) / 10.0)::numeric, 2) as g) x
     where e.programme_id = $1 and c.programme_id = $1
     order by e.id, c.id`,
    [programmeId, four.id, admin.jwl_id],
  );
  await q(
    `insert into ba_credit_ledger (enrolment_id, kind, course_id, credits, replaces_entry_id, source_grade, approved_by)
     select l.enrolment_id, 'replaced', l.course_id, -l.credits, l.id, l.source_grade, $2
     from ba_credit_ledger l join enrolments e on e.id = l.enrolment_id
     where e.programme_id = $1 and e.id % 10 = 0
       and l.course_id = (select min(id) from programme_courses where programme_id = $1)
     order by l.id`,
    [programmeId, admin.jwl_id],
  );
  await q(
    `insert into ba_credit_ledger (enrolment_id, kind, course_id, credits, source_grade, source_schema_id,
       source_schema_version, approved_by)
     select l.enrolment_id, 'earned', l.course_id, 3, 3.6, $2, 1, $3
     from ba_credit_ledger l where l.kind = 'replaced' and l.enrolment_id in
       (select id from enrolments where programme_id = $1)
     order by l.id`,
    [programmeId, four.id, admin.jwl_id],
  );
  await q(
    `insert into ba_credit_ledger (enrolment_id, kind, course_id, credits, source_grade, source_schema_id,
       source_schema_version, converted_grade, conversion_id, approved_by)
     select e.id, 'transfer-in', (select max(id) from programme_courses where programme_id = $1), 3, 81, $2, 1, 3,
       $3, $4
     from enrolments e where e.programme_id = $1 and e.id % 20 = 0 order by e.id`,
    [programmeId, percent.id, toFour?.id, admin.jwl_id],
  );
  await database.exec('analyze');
  return { programmeId, target: percent.id, adminId: admin.jwl_id };
}

const FLOOR_SQL = `select l.id, l.enrolment_id, l.course_id, l.kind, l.credits, l.source_grade, l.converted_grade,
    u.jwl_id, u.first_name, u.last_name, pc.code, pc.title
  from ba_credit_ledger l join enrolments e on e.id = l.enrolment_id
  join users u on u.jwl_id = e.user_id join programme_courses pc on pc.id = l.course_id
  where e.programme_id = $1 order by u.last_name, u.first_name, e.id, pc.position`;

async function measure(context: Context, kind: 'pglite' | 'postgres'): Promise<Result[]> {
  const pg = kind === 'postgres' ? await createDatabase() : null;
  const database = pg
    ? await openDatabase({ url: pg.url, poolSize: 4 })
    : await openDatabase({ dataDir: context.newDir('grades-out-pglite') });
  try {
    await prepareDatabase(database);
    const [loadMs, { programmeId, target, adminId }] = await timed(() => load(database));
    const [{ n: entries } = { n: 0 }] = await database.query<{ n: number }>(
      `select count(*)::int as n from ba_credit_ledger l join enrolments e on e.id = l.enrolment_id where e.programme_id = $1`,
      [programmeId],
    );
    log(
      `  ${String(LEARNERS)} learners, ${String(entries)} ledger entries, loaded in ${(loadMs / 1000).toFixed(1)} s`,
    );
    const files = createFileStore({ dir: context.newDir('grades-out-files'), secret: 'bench' });
    const auth = {
      user: { jwlId: adminId, roleScope: 'all_clcs' },
      realUser: { jwlId: adminId },
      impersonating: false,
      clcNarrowed: false,
      clcIds: [],
      ip: '127.0.0.1',
    } as unknown as AuthContext;
    const run = (format: 'csv' | 'xlsx') =>
      timed(() =>
        exportGradesOut({ db: database.db, files }, auth, programmeId, {
          gradingSchemaId: target,
          format,
        }),
      );
    await run('csv'); // warm-up
    const csvMs: number[] = [];
    const xlsxMs: number[] = [];
    const floorMs: number[] = [];
    let rowsOut = 0;
    let bytes = 0;
    for (let k = 0; k < RUNS; k += 1) {
      floorMs.push((await timed(() => database.query(FLOOR_SQL, [programmeId])))[0]);
      const [ms, done] = await run('csv');
      csvMs.push(ms);
      rowsOut = done.rows;
      bytes = done.data.length;
      xlsxMs.push((await run('xlsx'))[0]);
    }
    const worst = Math.max(...csvMs, ...xlsxMs);
    const floor = median(floorMs);
    log(
      `  ${String(rowsOut)} rows (${(bytes / 1024).toFixed(0)} KB CSV): CSV median ${median(csvMs).toFixed(0)} ms, XLSX median ${median(xlsxMs).toFixed(0)} ms, worst ${worst.toFixed(0)} ms; bare read of the ledger rows ${floor.toFixed(0)} ms`,
    );
    return [
      result({
        scenario: `grades-out-${kind}`,
        name: `transfer-grades-out of ${String(LEARNERS)} learners, worst of CSV and XLSX (${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
        unit: 'ms',
        value: worst,
        floor,
        target: { on: 'value', op: '<=', limit: 5000 },
        detail: {
          learners: LEARNERS,
          entries,
          rows: rowsOut,
          csvBytes: bytes,
          csvMedianMs: Number(median(csvMs).toFixed(1)),
          xlsxMedianMs: Number(median(xlsxMs).toFixed(1)),
          runs: RUNS,
          note: 'exportGradesOut in process (the route’s function: query, conversion, file, kept as a batch); the floor is the bare SELECT of the same ledger rows with names',
        },
      }),
    ];
  } finally {
    await database.close();
    if (pg) await dropDatabase(pg.name);
  }
}

export const gradesOutPglite: Scenario = {
  name: 'grades-out-pglite',
  summary:
    'issue 18: transfer-grades-out of 5,000 bachelor learners converted to another schema, CSV and XLSX (PGlite)',
  run: (context) => measure(context, 'pglite'),
};
export const gradesOutPostgres: Scenario = {
  name: 'grades-out-postgres',
  summary:
    'issue 18: transfer-grades-out of 5,000 bachelor learners converted to another schema, CSV and XLSX (PostgreSQL)',
  run: (context) => measure(context, 'postgres'),
};
