import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERGE_TEXTS, type MergeLog, type MergePreview } from '@lantern/contracts/user-merge';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { TEST_DB, postgresUrl } from '../../../test/db-target';
import { eventsUntil, foldEvents } from '../learning/teaching/public';
import { USER_REFERENCES, REFERENCES } from './merge-references';
import { userForeignKeys } from './user-merge-rows.repository';

let t: TestApp;
let superAdmin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  superAdmin = await t.as('super_admin');
});
afterAll(async () => t.close());

const q = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.database.query<T>(text, params);

let serial = 0;

/**
 * A person with something in every table a merge moves: roles, CLCs, a student profile, an
 * enrolment, a class seat as staff, a file, a study break and a result they recorded. The
 * demo student's password, so that they can sign in.
 */
async function person(name: string, options: { programme?: number } = {}): Promise<number> {
  serial += 1;
  const [u] = await q<{ id: number }>(
    `insert into users (username, email, first_name, last_name, phone, gender, password_hash)
     select $1, $1 || '@merge.example', $2, 'Merge', '+4930' || $3, 'f', password_hash
       from users where username = 'student'
     returning jwl_id as id`,
    [`merge_${name}_${String(serial)}`, name, String(1000000 + serial)],
  );
  const id = u?.id ?? 0;
  await q(
    `insert into user_roles (user_id, role_key) values ($1, 'STUDENT'), ($1, 'FACILITATOR')`,
    [id],
  );
  await q(`insert into user_clcs (user_id, clc_id) select $1, id from clcs where code = 'KAK'`, [
    id,
  ]);
  await q(
    `insert into student_profiles (user_id, birth_date, nationality) values ($1, ('2000-01-0' || $2)::date, 'SY')`,
    [id, String((serial % 9) + 1)],
  );
  const [p] = await q<{ id: number }>(
    `insert into programmes (type, code, internal_name, title, start_date, end_date, status)
     values ('professional', lpad($1::text, 3, '0'), 'Merge test', 'Merge test', '2026-01-01', '2026-06-30', 'running')
     returning id`,
    [String(100 + serial)],
  );
  const programmeId = options.programme ?? p?.id ?? 0;
  const [course] = await q<{ id: number }>(
    `insert into programme_courses (programme_id, code, title, units) values ($1, 'C' || $2, 'Course', 3) returning id`,
    [p?.id ?? 0, String(serial)],
  );
  const [enrolment] = await q<{ id: number }>(
    `insert into enrolments (programme_id, user_id, clc_id, state)
     select $1, $2, id, 'active' from clcs where code = 'KAK' returning id`,
    [programmeId, id],
  );
  await q(
    `insert into study_breaks (enrolment_id, starts_on, ends_on, reason, created_by) values ($1, '2026-02-01', '2026-02-10', 'x', $2)`,
    [enrolment?.id ?? 0, id],
  );
  const [klass] = await q<{ id: number }>(
    `insert into classes (programme_id, clc_id, name) select $1, id, 'M' || $2 from clcs where code = 'KAK' returning id`,
    [p?.id ?? 0, String(serial)],
  );
  await q(`insert into class_staff (class_id, user_id, kind) values ($1, $2, 'facilitator')`, [
    klass?.id ?? 0,
    id,
  ]);
  await q(
    `insert into course_results (enrolment_id, course_id, score, entered_by) values ($1, $2, 80, $3)`,
    [enrolment?.id ?? 0, course?.id ?? 0, id],
  );
  await q(
    `insert into files (owner_id, kind, mime, size, sha256, storage_key) values ($1, 'photo', 'image/png', 1, 'x', $2)`,
    [id, `merge-${String(serial)}`],
  );
  return id;
}

/** Every row a merge may touch, of both people, as JSON: equal before a merge and after its undo. */
async function snapshot(ids: number[]): Promise<string> {
  const parts: string[] = [];
  for (const ref of REFERENCES) {
    if (ref.policy.kind === 'keep') continue;
    const found = await q<{ row: unknown }>(
      `select to_jsonb(x) as row from ${ref.table} x where ${ref.column} = any($1::int[]) order by x::text`,
      [ids],
    );
    parts.push(`${ref.table}.${ref.column}: ${JSON.stringify(found.map((f) => f.row))}`);
  }
  const people = await q<{ row: unknown }>(
    `select to_jsonb(u) - 'version' - 'updated_at' - 'last_sign_in_at' as row from users u where jwl_id = any($1::int[]) order by jwl_id`,
    [ids],
  );
  parts.push(JSON.stringify(people.map((p) => p.row)));
  return parts.join('\n');
}

const url = (removed: number, kept: number) =>
  `/api/en/user-merge/${String(removed)}/${String(kept)}`;

describe('user merge', () => {
  it('covers every foreign key to users that the database holds', async () => {
    const inCatalogue = await userForeignKeys(t.database.db);
    const handled = Object.keys(USER_REFERENCES);
    const missing = inCatalogue.filter((ref) => !handled.includes(ref));
    expect(missing, `add these to merge-references.ts: ${missing.join(', ')}`).toEqual([]);
    expect(handled.filter((ref) => !inCatalogue.includes(ref))).toEqual([]);
  });

  it('needs DATA_CLEAN_UP__MERGE on every call', async () => {
    const manager = await t.as('operational_manager');
    const a = await person('Rights');
    const b = await person('Rights');
    for (const [method, path] of [
      ['GET', url(a, b)],
      ['POST', url(a, b)],
      ['GET', '/api/en/user-merge/log'],
      ['GET', '/api/en/user-merge/candidates?q=merge'],
      ['POST', '/api/en/user-merge/log/1/undo'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: path,
        headers: manager,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json<{ missingRight: string }>().missingRight).toBe('DATA_CLEAN_UP__MERGE');
    }
    const [row] = await q<{ deleted_at: string | null }>(
      `select deleted_at from users where jwl_id = $1`,
      [a],
    );
    expect(row?.deleted_at).toBeNull();
  });

  it('lets nobody merge their own account away, and only a super admin merge a super admin', async () => {
    const admin = await t.as('admin');
    const [me] = await q<{ id: number }>(`select jwl_id as id from users where username = 'admin'`);
    const [top] = await q<{ id: number }>(
      `select jwl_id as id from users where username = 'super_admin'`,
    );
    const other = await person('Guard');
    const self = await t.app.inject({
      method: 'POST',
      url: url(me?.id ?? 0, other),
      headers: admin,
      payload: {},
    });
    expect(self.statusCode).toBe(403);
    expect(self.json<{ detail: string }>().detail).toBe(MERGE_TEXTS.self);
    const escalate = await t.app.inject({
      method: 'POST',
      url: url(top?.id ?? 0, me?.id ?? 0),
      headers: admin,
      payload: {},
    });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json<{ detail: string }>().detail).toBe(MERGE_TEXTS.superAdmin);
    const roles = await q<{ role_key: string }>(
      `select role_key from user_roles where user_id = $1`,
      [me?.id ?? 0],
    );
    expect(roles.map((r) => r.role_key)).not.toContain('SUPER_ADMIN');
  });

  it('shows both people, the counts that would move, and refuses bad pairs', async () => {
    const a = await person('Preview');
    const b = await person('Preview');
    const res = await t.app.inject({ url: url(a, b), headers: superAdmin });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<MergePreview>();
    expect(preview.removed.id).toBe(a);
    expect(preview.kept.id).toBe(b);
    expect(preview.conflicts).toEqual([]);
    const count = (label: string) => preview.counts.find((c) => c.label === label);
    expect(count('Roles')).toMatchObject({ removed: 2, kept: 2 });
    expect(count('Programmes')).toMatchObject({ removed: 1, kept: 1 });
    expect(count('Files')).toMatchObject({ removed: 1, kept: 1 });
    expect(preview.fields.find((f) => f.key === 'birthDate')?.removed).toMatch(/^2000-01-0\d$/);

    expect((await t.app.inject({ url: url(a, a), headers: superAdmin })).statusCode).toBe(400);
    const missing = await t.app.inject({ url: url(a, 2_000_000_000), headers: superAdmin });
    expect(missing.statusCode).toBe(404);
    const candidates = await t.app.inject({
      url: `/api/en/user-merge/candidates?q=${String(a)}`,
      headers: superAdmin,
    });
    expect(candidates.json<{ items: { id: number }[] }>().items[0]?.id).toBe(a);
  });

  it('moves everything to the kept person, leaves a tombstone, and undoes it exactly', async () => {
    const a = await person('Removed');
    const b = await person('Kept');
    // An earlier merge into the removed person: its tombstone must follow to the kept one.
    const earlier = await person('Earlier');
    const first = await t.app.inject({
      method: 'POST',
      url: url(earlier, a),
      headers: superAdmin,
      payload: {},
    });
    expect(first.statusCode, first.body).toBe(200);
    const before = await snapshot([a, b, earlier]);
    const [{ username } = { username: '' }] = await q<{ username: string }>(
      `select username from users where jwl_id = $1`,
      [a],
    );
    const removedSession = await t.signIn(username);
    const auditBefore = await q<{ n: number }>(
      `select count(*)::int as n from audit_log where actor_id = $1`,
      [a],
    );

    const res = await t.app.inject({
      method: 'POST',
      url: url(a, b),
      headers: superAdmin,
      payload: { fields: { firstName: 'removed', birthDate: 'removed' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { mergeId } = res.json<{ mergeId: number }>();

    // Nothing that moves is left with the removed person.
    for (const ref of REFERENCES) {
      if (ref.policy.kind === 'keep' || ref.policy.kind === 'profile') continue;
      const [left] = await q<{ n: number }>(
        `select count(*)::int as n from ${ref.table} where ${ref.column} = $1`,
        [a],
      );
      expect(left?.n, `${ref.table}.${ref.column}`).toBe(0);
    }
    const [kept] = await q<{
      first_name: string;
      roles: number;
      enrolments: number;
      files: number;
      birth: string;
    }>(
      `select u.first_name,
         (select count(*)::int from user_roles where user_id = u.jwl_id) as roles,
         (select count(*)::int from enrolments where user_id = u.jwl_id) as enrolments,
         (select count(*)::int from files where owner_id = u.jwl_id) as files,
         (select birth_date::text from student_profiles where user_id = u.jwl_id) as birth
       from users u where jwl_id = $1`,
      [b],
    );
    expect(kept).toMatchObject({ first_name: 'Removed', roles: 2, enrolments: 3 });
    expect(kept?.files).toBe(3);
    const [removedProfile] = await q<{ birth: string }>(
      `select birth_date::text as birth from student_profiles where user_id = $1`,
      [a],
    );
    expect(kept?.birth).toBe(removedProfile?.birth);
    const [tomb] = await q<{ deleted_at: string | null; merged_into_id: number | null }>(
      `select deleted_at, merged_into_id from users where jwl_id = $1`,
      [a],
    );
    expect(tomb?.deleted_at).not.toBeNull();
    expect(tomb?.merged_into_id).toBe(b);
    const [chain] = await q<{ merged_into_id: number }>(
      `select merged_into_id from users where jwl_id = $1`,
      [earlier],
    );
    expect(chain?.merged_into_id).toBe(b);

    // The tombstone cannot sign in, and its open sign-in is over.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username, password: 'wrong-anyway' },
    });
    expect(signIn.statusCode).toBe(401);
    await expect(t.signIn(username)).rejects.toThrow(/401/);
    const current = await t.app.inject({
      url: '/api/general/current-user/sis',
      headers: { authorization: `Bearer ${removedSession.token}` },
    });
    expect(current.statusCode).toBe(401);
    // Audit rows stay as written, and the kept person's history shows the removed one's.
    const auditAfter = await q<{ n: number }>(
      `select count(*)::int as n from audit_log where actor_id = $1`,
      [a],
    );
    expect(auditAfter[0]?.n).toBe(auditBefore[0]?.n);
    const history = await t.app.inject({
      url: `/api/en/student/${String(b)}/history`,
      headers: superAdmin,
    });
    expect(history.statusCode, history.body).toBe(200);
    const actions = history.json<{ action: string }[]>().map((h) => h.action);
    expect(actions).toContain('user.merged');
    expect(actions).toContain('user.merged_away');

    // The log lists it; a second merge of the tombstone is refused.
    const logged = await t.app.inject({
      url: `/api/en/user-merge/log?user=${String(a)}`,
      headers: superAdmin,
    });
    expect(logged.json<MergeLog>().items.map((i) => i.id)).toContain(mergeId);
    const again = await t.app.inject({
      method: 'POST',
      url: url(a, b),
      headers: superAdmin,
      payload: {},
    });
    expect(again.statusCode).toBe(409);

    const undone = await t.app.inject({
      method: 'POST',
      url: `/api/en/user-merge/log/${String(mergeId)}/undo`,
      headers: superAdmin,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await snapshot([a, b, earlier])).toBe(before);
    expect((await t.signIn(username)).token).toBeTruthy();
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/en/user-merge/log/${String(mergeId)}/undo`,
      headers: superAdmin,
    });
    expect(twice.statusCode).toBe(409);
  });

  it("moves a learner's grades and results with a transfer pair in the ledger, and back on undo", async () => {
    // A demo learner with published grades and course results of a finished programme.
    const [found] = await q<{ id: number }>(
      `select g.student_id as id from grades g
        where exists (select 1 from enrolments e join course_results r on r.enrolment_id = e.id
                       where e.user_id = g.student_id)
        group by g.student_id order by count(*) desc, g.student_id limit 1`,
    );
    const a = found?.id ?? 0;
    const b = await person('KeptLearner');
    type Held = {
      subject: string;
      course: number;
      item: number | null;
      points: number | null;
      published: boolean;
      version: number;
    };
    // What the projections hold for a person: task grades and course results, as the ledger keys them.
    const held = async (who: number) =>
      q<Held>(
        `select 'task' as subject, course_id as course, item_id as item, points::float8 as points,
                is_published as published, version
           from grades where student_id = $1
         union all
         select 'course_result', r.course_id, null, round(r.score, 2)::float8, r.is_final, r.version
           from course_results r join enrolments e on e.id = r.enrolment_id where e.user_id = $1
         order by 1, 2, 3`,
        [who],
      );
    // The fold of a person's events up to now, in the same shape.
    const folded = async (who: number) =>
      [
        ...foldEvents(
          await eventsUntil(t.database.db, who, new Date().toISOString(), null),
        ).values(),
      ]
        .map((g) => ({
          subject: g.subject,
          course: g.courseId,
          item: g.itemId,
          points: g.points,
          published: g.published,
          version: g.version,
        }))
        .sort((x, y) =>
          `${x.subject}:${String(x.course).padStart(9, '0')}:${String(x.item ?? 0).padStart(9, '0')}`.localeCompare(
            `${y.subject}:${String(y.course).padStart(9, '0')}:${String(y.item ?? 0).padStart(9, '0')}`,
          ),
        );
    const before = await held(a);
    const keptBefore = await held(b);
    expect(before.filter((h) => h.subject === 'task').length).toBeGreaterThan(0);
    expect(before.filter((h) => h.subject === 'course_result').length).toBeGreaterThan(0);
    expect(await folded(a)).toEqual(before);

    const res = await t.app.inject({
      method: 'POST',
      url: url(a, b),
      headers: superAdmin,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const { mergeId } = res.json<{ mergeId: number }>();

    // The grades and results are the kept person's now, with the same values and versions …
    const moved = await held(b);
    expect(moved).toHaveLength(before.length + keptBefore.length);
    expect(moved).toEqual(expect.arrayContaining(before));
    expect(await held(a)).toEqual([]);
    // … the ledger agrees on both accounts: the kept person's events fold to what moved in (their
    // own fixture result was written without the ledger), the removed person's to nothing (each
    // grade ends with its transfer_out) …
    expect(await folded(b)).toEqual(before);
    expect(await folded(a)).toEqual([]);
    const pairs = await q<{ action: string; n: number }>(
      `select action::text, count(*)::int as n from grade_events where reason = $1 group by 1 order by 1`,
      [`Accounts merged (merge #${String(mergeId)}): JWL-ID ${String(a)} into ${String(b)}.`],
    );
    expect(pairs).toEqual([
      { action: 'transfer_in', n: before.length },
      { action: 'transfer_out', n: before.length },
    ]);
    // … and the kept person's history says where each grade came from.
    const history = await t.app.inject({
      url: `/api/en/lms/student/${String(b)}/grade-history?limit=100`,
      headers: superAdmin,
    });
    expect(history.statusCode, history.body).toBe(200);
    const entries = history.json<{ entries: { action: string; reason: string | null }[] }>()
      .entries;
    expect(entries.filter((e) => e.action === 'transfer_in')).toHaveLength(
      Math.min(100, before.length),
    );

    const undone = await t.app.inject({
      method: 'POST',
      url: `/api/en/user-merge/log/${String(mergeId)}/undo`,
      headers: superAdmin,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await held(a)).toEqual(before);
    expect(await held(b)).toEqual(keptBefore);
    expect(await folded(a)).toEqual(before);
    expect(await folded(b)).toEqual([]);
  });

  it('refuses a merge when both people hold work in the same course', async () => {
    const [found] = await q<{ id: number; course: number; item: number }>(
      `select student_id as id, course_id as course, item_id as item from grades order by student_id, item_id limit 1`,
    );
    const b = await person('SameCourse');
    // The kept person has progress in the same course (an additional course, say).
    await q(`insert into course_progress (student_id, course_id) values ($1, $2)`, [
      b,
      found?.course ?? 0,
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: url(found?.id ?? 0, b),
      headers: superAdmin,
      payload: {},
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(
      /Both people have work in the same course/,
    );
  });

  it('refuses a merge of two people in the same programme, changing nothing', async () => {
    const a = await person('Same');
    const [{ programme_id: programme } = { programme_id: 0 }] = await q<{ programme_id: number }>(
      `select programme_id from enrolments where user_id = $1`,
      [a],
    );
    const b = await person('Same', { programme });
    const before = await snapshot([a, b]);
    const preview = await t.app.inject({ url: url(a, b), headers: superAdmin });
    expect(preview.json<MergePreview>().conflicts[0]).toMatch(/same programme/);
    const res = await t.app.inject({
      method: 'POST',
      url: url(a, b),
      headers: superAdmin,
      payload: {},
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(/Both people are in the same programme/);
    expect(await snapshot([a, b])).toBe(before);
  });

  it('leaves both people as they were when the merge fails half-way', async () => {
    const a = await person('Broken');
    const b = await person('Broken');
    const before = await snapshot([a, b]);
    // The merge log is written last: failing there means every move before it has happened.
    await q(`create function fail_merge() returns trigger language plpgsql as $$
      begin raise exception 'merge interrupted'; end $$`);
    await q(
      `create trigger fail_merge before insert on user_merges for each row execute function fail_merge()`,
    );
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: url(a, b),
        headers: superAdmin,
        payload: {},
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await q(`drop trigger fail_merge on user_merges`);
      await q(`drop function fail_merge()`);
    }
    expect(await snapshot([a, b])).toBe(before);
  });

  it.runIf(TEST_DB === 'postgres')(
    'leaves both people as they were when its connection is terminated mid-transaction',
    async () => {
      const a = await person('Killed');
      const b = await person('Killed');
      const before = await snapshot([a, b]);
      const [{ db } = { db: '' }] = await q<{ db: string }>(`select current_database() as db`);
      const blocker = new pg.Client({ connectionString: postgresUrl(db) });
      const watcher = new pg.Client({ connectionString: postgresUrl(db) });
      await blocker.connect();
      await watcher.connect();
      try {
        // Hold the merge log: the merge does all its moves, then waits at its last statement.
        await blocker.query('begin');
        await blocker.query('lock table user_merges in access exclusive mode');
        const pending = t.app.inject({
          method: 'POST',
          url: url(a, b),
          headers: superAdmin,
          payload: {},
        });
        let pid: number | null = null;
        for (let i = 0; i < 200 && pid === null; i += 1) {
          const waiting = await watcher.query<{ pid: number }>(
            `select pid from pg_stat_activity
              where datname = $1 and wait_event_type = 'Lock' and query ilike '%insert into user_merges%'`,
            [db],
          );
          pid = waiting.rows[0]?.pid ?? null;
          if (pid === null) await new Promise((resolve) => setTimeout(resolve, 25));
        }
        expect(pid, 'the merge reached its last statement').not.toBeNull();
        const moved = await watcher.query<{ n: number }>(
          `select count(*)::int as n from user_roles where user_id = $1`,
          [a],
        );
        // Uncommitted: another connection still sees the removed person's roles.
        expect(moved.rows[0]?.n).toBe(2);
        await watcher.query('select pg_terminate_backend($1)', [pid]);
        const res = await pending;
        expect(res.statusCode).toBeGreaterThanOrEqual(500);
      } finally {
        await blocker.query('rollback');
        await blocker.end();
        await watcher.end();
      }
      expect(await snapshot([a, b])).toBe(before);
      // The app carries on with a fresh connection.
      const again = await t.app.inject({ url: url(a, b), headers: superAdmin });
      expect(again.statusCode).toBe(200);
    },
  );
});
