import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DropoutItem, DropoutPreview } from '@lantern/contracts/dropout';
import { buildTestApp, clearBachelorDemo, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: Record<string, string>;
let programmeId: number;
let inTerm: number[];

const q = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.database.query<T>(text, params);

beforeAll(async () => {
  t = await buildTestApp();
  await clearBachelorDemo(t);
  admin = await t.as('admin');
  const [p] = await q<{ id: number }>(`select id from programmes where code = '512'`);
  programmeId = p?.id ?? 0;
  const enrolments = await q<{ id: number }>(
    `select id from enrolments where programme_id = $1 and state = 'active' order by id limit 3`,
    [programmeId],
  );
  const [term] = await q<{ id: number }>(
    `insert into ba_terms (programme_id, year, season, name, start_date, weeks)
     values ($1, 2026, 'fa', 'Fall 2026', '2026-09-01', 14) returning id`,
    [programmeId],
  );
  const [course] = await q<{ id: number }>(
    `select id from programme_courses where programme_id = $1 order by code limit 1`,
    [programmeId],
  );
  const [o] = await q<{ id: number }>(
    `insert into ba_offerings (term_id, course_id) values ($1, $2) returning id`,
    [term?.id, course?.id],
  );
  // Never active since they enrolled 30 weeks ago: the inactive criterion flags them all.
  await q(
    `update enrolments set created_at = now() - interval '30 weeks' where programme_id = $1`,
    [programmeId],
  );
  // Two students study in the term; a third was placed and dropped (not flagged by its items).
  inTerm = enrolments.slice(0, 2).map((e) => e.id);
  for (const e of enrolments)
    await q(
      `insert into ba_student_courses (offering_id, enrolment_id, status) values ($1, $2, $3)`,
      [o?.id, e.id, inTerm.includes(e.id) ? 'active' : 'drop-delete'],
    );
});
afterAll(async () => t.close());

const base = () => `/api/en/dropout-flagging/bachelor/${String(programmeId)}`;
const inactive = { action: 'follow_up', criterion: 'inactive', weeks: 1 };

describe('bachelor dropout flagging per term', () => {
  it('previews and flags only the students of the term', async () => {
    const preview = await t.app.inject({
      method: 'POST',
      url: `${base()}/2026-fa/preview`,
      headers: admin,
      payload: inactive,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<DropoutPreview>().count).toBe(2);
    // The whole programme (`all`) sees every active student.
    const all = await t.app.inject({
      method: 'POST',
      url: `${base()}/all/preview`,
      headers: admin,
      payload: inactive,
    });
    expect(all.json<DropoutPreview>().count).toBeGreaterThan(2);

    const created = await t.app.inject({
      method: 'POST',
      url: `${base()}/2026-fa`,
      headers: admin,
      payload: inactive,
    });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json<DropoutItem>();
    expect(item.termKey).toBe('2026-fa');
    const run = await t.app.inject({ method: 'POST', url: `${base()}/run`, headers: admin });
    expect(run.statusCode, run.body).toBe(200);
    const flags = await t.app.inject({
      url: `${base()}/flags?termKey=2026-fa`,
      headers: admin,
    });
    expect(flags.statusCode, flags.body).toBe(200);
    const body = flags.json<{ flags: { enrolmentId: number }[]; total: number }>();
    expect(body.total).toBe(2);
    expect(body.flags.map((f) => f.enrolmentId).sort()).toEqual([...inTerm].sort());
    const other = await t.app.inject({ url: `${base()}/flags?termKey=2025-sp`, headers: admin });
    expect(other.json<{ total: number }>().total).toBe(0);
  });

  it('filters a term’s flags by one of its classrooms: the students seated there', async () => {
    const [seated] = inTerm;
    const [enrolment] = await q<{ clc_id: number }>(`select clc_id from enrolments where id = $1`, [
      seated,
    ]);
    const [offering] = await q<{ id: number }>(
      `select o.id from ba_offerings o join ba_terms t on t.id = o.term_id
        where t.programme_id = $1 and t.year = 2026 and t.season = 'fa'`,
      [programmeId],
    );
    const programme = `/api/en/programme/bachelor/${String(programmeId)}`;
    const created = await t.app.inject({
      method: 'POST',
      url: `${programme}/offerings/${String(offering?.id)}/classrooms`,
      headers: admin,
      payload: { clcId: enrolment?.clc_id, name: 'Dropout filter room', capacity: 5 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const room = created.json<{ id: number }>();
    await q(`update ba_student_courses set class_id = $1 where enrolment_id = $2`, [
      room.id,
      seated,
    ]);
    // The term's classrooms, what the list's Class filter offers.
    const rooms = await t.app.inject({
      url: `${programme}/classrooms?termKey=2026-fa`,
      headers: admin,
    });
    expect(rooms.statusCode, rooms.body).toBe(200);
    expect(rooms.json<{ classrooms: { id: number }[] }>().classrooms.map((c) => c.id)).toEqual([
      room.id,
    ]);
    const flags = await t.app.inject({
      url: `${base()}/flags?termKey=2026-fa&classId=${String(room.id)}`,
      headers: admin,
    });
    expect(flags.statusCode, flags.body).toBe(200);
    const body = flags.json<{ flags: { enrolmentId: number }[]; total: number }>();
    expect(body.flags.map((f) => f.enrolmentId)).toEqual([seated]);
  });

  it('refuses a term the programme does not have (404)', async () => {
    for (const key of ['2025-sp', 'whatever']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${base()}/${key}`,
        headers: admin,
        payload: inactive,
      });
      expect(res.statusCode, key).toBe(404);
    }
  });

  it('needs DROPOUT_FLAGGING rights like any programme', async () => {
    const rep = await t.as('university_representative');
    const res = await t.app.inject({ url: base(), headers: rep });
    expect(res.statusCode).toBe(403);
  });
});
