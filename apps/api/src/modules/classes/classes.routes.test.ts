import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgrammeClasses } from '@lantern/contracts/classes';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: Record<string, string>;
let programmeId = 0;
const clc: Record<string, number> = {};

/** A running programme at KAK (37 students) and AMM (20), nobody in a class yet. */
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin');
  for (const row of await t.database.query<{ id: number; code: string }>(
    `select id, code from clcs where code in ('KAK', 'AMM', 'ERB')`,
  ))
    clc[row.code] = row.id;
  const [programme] = await t.database.query<{ id: number }>(
    `insert into programmes (type, code, internal_name, title, start_date, end_date, status)
     values ('professional', '901', 'Classes test', 'Classes test', '2026-01-01', '2026-12-31', 'running')
     returning id`,
  );
  programmeId = programme?.id ?? 0;
  await t.database.query(
    `insert into programme_clcs (programme_id, clc_id) values ($1, $2), ($1, $3)`,
    [programmeId, clc.KAK, clc.AMM],
  );
  for (const [code, n] of [
    ['KAK', 37],
    ['AMM', 20],
  ] as const) {
    await t.database.query(
      `insert into enrolments (programme_id, user_id, clc_id, state)
       select $1, u.jwl_id, $2, 'active' from users u
       join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
       join user_clcs uc on uc.user_id = u.jwl_id and uc.clc_id = $2
       where not exists (select 1 from enrolments e where e.programme_id = $1 and e.user_id = u.jwl_id)
       order by u.jwl_id limit $3`,
      [programmeId, clc[code], n],
    );
  }
});
afterAll(async () => t.close());

const url = (path = '') =>
  `/api/en/programme/professional-certificate/${String(programmeId)}/classes${path}`;

async function classes(headers = admin): Promise<ProgrammeClasses> {
  const res = await t.app.inject({ method: 'GET', url: url(), headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProgrammeClasses>();
}

const sizes = (c: ProgrammeClasses, code: string) =>
  c.classes.filter((k) => k.clc.code === code).map((k) => k.size);

describe('classes of a programme', () => {
  it('distributes each CLC’s active students evenly into classes of 15', async () => {
    const before = await classes();
    expect(before.classes).toHaveLength(0);
    expect(before.unplaced.map((u) => [u.clc.code, u.members.length]).sort()).toEqual([
      ['AMM', 20],
      ['KAK', 37],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: url('/distribute'),
      headers: admin,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ classes: 5, placed: 57, created: 5, kept: 0 });
    const after = await classes();
    expect(sizes(after, 'KAK')).toEqual([13, 12, 12]);
    expect(sizes(after, 'AMM')).toEqual([10, 10]);
    expect(after.classes.map((c) => c.name)).toEqual(['AMM-1', 'AMM-2', 'KAK-1', 'KAK-2', 'KAK-3']);
    expect(after.classes.every((c) => c.capacity === 15)).toBe(true);
    expect(after.unplaced.flatMap((u) => u.members)).toHaveLength(0);
  });

  it('keeps a student moved by hand when re-distributing, unless asked otherwise', async () => {
    const before = await classes();
    const kak1 = before.classes.find((c) => c.name === 'KAK-1');
    const kak3 = before.classes.find((c) => c.name === 'KAK-3');
    const moved = kak1?.members[0];
    expect(moved && kak3).toBeTruthy();
    const res = await t.app.inject({
      method: 'POST',
      url: url('/move'),
      headers: admin,
      payload: { enrolmentIds: [moved?.enrolmentId], classId: kak3?.id },
    });
    expect(res.json()).toEqual({ done: [moved?.enrolmentId], refused: [] });

    await t.app.inject({ method: 'POST', url: url('/distribute'), headers: admin, payload: {} });
    let now = await classes();
    const home = (c: ProgrammeClasses) =>
      c.classes.find((k) => k.members.some((m) => m.enrolmentId === moved?.enrolmentId));
    expect(home(now)?.name).toBe('KAK-3');
    expect(
      home(now)?.members.find((m) => m.enrolmentId === moved?.enrolmentId)?.placedManually,
    ).toBe(true);

    await t.app.inject({
      method: 'POST',
      url: url('/distribute'),
      headers: admin,
      payload: { keepManual: false },
    });
    now = await classes();
    expect(now.classes.flatMap((c) => c.members).some((m) => m.placedManually)).toBe(false);
    expect(sizes(now, 'KAK')).toEqual([13, 12, 12]);
  });

  it('changes the size: fewer, larger classes, and the emptied classes without staff go', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url('/distribute'),
      headers: admin,
      payload: { size: 20, keepManual: false },
    });
    expect(res.json()).toMatchObject({ classes: 3, removed: 2 });
    const now = await classes();
    expect(sizes(now, 'KAK')).toEqual([19, 18]);
    expect(sizes(now, 'AMM')).toEqual([20]);
    expect(now.classes.every((c) => c.capacity === 20)).toBe(true);
  });

  it('refuses a move into a class of another CLC, naming both', async () => {
    const now = await classes();
    const amm = now.classes.find((c) => c.clc.code === 'AMM');
    const kakStudent = now.classes.find((c) => c.clc.code === 'KAK')?.members[0];
    const res = await t.app.inject({
      method: 'POST',
      url: url('/move'),
      headers: admin,
      payload: { enrolmentIds: [kakStudent?.enrolmentId], classId: amm?.id },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ done: number[]; refused: { reason: string }[] }>();
    expect(body.done).toEqual([]);
    expect(body.refused[0]?.reason).toMatch(/studies at KAK; AMM-1 is at AMM/);
  });

  it('assigns facilitators and faculty by their roles; a student is not staff', async () => {
    const [facilitator] = await t.database.query<{ id: number }>(
      `select jwl_id as id from users where username = 'facilitator'`,
    );
    const [faculty] = await t.database.query<{ id: number }>(
      `select jwl_id as id from users where username = 'faculty'`,
    );
    const [student] = await t.database.query<{ id: number }>(
      `select jwl_id as id from users where username = 'student'`,
    );
    const klass = (await classes()).classes[0];
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: url(`/${String(klass?.id)}/staff`),
        headers: admin,
        payload,
      });
    const wrong = await put({ facilitatorIds: [student?.id], facultyIds: [] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      fields: { facilitatorIds: 'Please select a valid option' },
    });
    const [assistant] = await t.database.query<{ id: number }>(
      `select jwl_id as id from users where username = 'teaching_assistant'`,
    );
    // Only a holder of TEACHING_ASSISTANT assists.
    const notAssistant = await put({ facilitatorIds: [], assistantIds: [faculty?.id] });
    expect(notAssistant.statusCode).toBe(400);
    expect(notAssistant.json()).toMatchObject({
      fields: { assistantIds: 'Please select a valid option' },
    });
    const res = await put({
      facilitatorIds: [facilitator?.id],
      facultyIds: [faculty?.id],
      assistantIds: [assistant?.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const staffed = (await classes()).classes.find((c) => c.id === klass?.id);
    expect(staffed?.staff.map((s) => s.kind).sort()).toEqual([
      'assistant',
      'facilitator',
      'faculty',
    ]);
  });

  it('shows facilitators, faculty and teaching assistants their own classes only, read only', async () => {
    await t.database.query(
      `delete from class_staff where class_id in (select id from classes where programme_id = $1)`,
      [programmeId],
    );
    const all = await classes();
    const own = all.classes.find((c) => c.clc.code === 'KAK');
    const ids = await t.database.query<{ id: number; username: string }>(
      `select jwl_id as id, username from users
       where username in ('facilitator', 'faculty', 'teaching_assistant')`,
    );
    const idOf = (name: string) => ids.find((u) => u.username === name)?.id;
    const staff = await t.app.inject({
      method: 'PUT',
      url: url(`/${String(own?.id)}/staff`),
      headers: admin,
      payload: {
        facilitatorIds: [idOf('facilitator')],
        facultyIds: [idOf('faculty')],
        assistantIds: [idOf('teaching_assistant')],
      },
    });
    expect(staff.statusCode, staff.body).toBe(200);
    for (const username of ['facilitator', 'faculty', 'teaching_assistant']) {
      const seen = await classes(await t.as(username));
      expect(seen.ownClassesOnly, username).toBe(true);
      expect(
        seen.classes.map((c) => c.id),
        username,
      ).toEqual([own?.id]);
      expect(seen.classes[0]?.members.map((m) => m.enrolmentId)).toEqual(
        own?.members.map((m) => m.enrolmentId),
      );
      expect(seen.classes[0]?.members.length).toBeGreaterThan(0);
      expect(seen.unplaced, username).toEqual([]);
      expect(seen.programme).toMatchObject({ id: programmeId, code: '901', status: 'running' });
      expect(seen.programme.clcs.map((c) => c.code)).toEqual(['KAK']);
      // Read only: the changes keep their own rights.
      const change = await t.app.inject({
        method: 'POST',
        url: url('/distribute'),
        headers: await t.as(username),
        payload: {},
      });
      expect(change.statusCode).toBe(403);
    }
    // Lead faculty see the programme (PC_PROGRAMME__DISPLAY) but staff no class of it: its
    // classes are an empty list, not "not found" (decision 0008).
    const lead = await classes(await t.as('lead_faculty'));
    expect(lead.ownClassesOnly).toBe(true);
    expect(lead.classes).toEqual([]);
    expect(lead.unplaced).toEqual([]);
    expect(lead.programme).toMatchObject({ id: programmeId, code: '901' });
    // Who may not see the programme and staffs none of its classes still finds nothing there.
    await t.database.query(`delete from class_staff where user_id = $1`, [idOf('faculty')]);
    const unstaffed = await t.app.inject({
      method: 'GET',
      url: url(),
      headers: await t.as('faculty'),
    });
    expect(unstaffed.statusCode).toBe(404);
    // PC_CLASS__DISPLAY widens it to every class in reach.
    for (const username of ['view_only_user', 'operational_manager']) {
      const seen = await classes(await t.as(username));
      expect(seen.ownClassesOnly).toBe(false);
      expect(seen.classes.map((c) => c.id)).toEqual(all.classes.map((c) => c.id));
    }
    // Without CLASSROOM__DISPLAY, no classes at all.
    const machine = await t.app.inject({
      method: 'GET',
      url: url(),
      headers: await t.as('api_user'),
    });
    expect(machine.statusCode).toBe(403);
    expect(machine.json()).toMatchObject({ missingRight: 'CLASSROOM__DISPLAY' });
  });

  it('renames with the version (409 when stale), and deletes only an empty class', async () => {
    const klass = (await classes()).classes.find((c) => c.clc.code === 'KAK');
    const put = (version: number) =>
      t.app.inject({
        method: 'PUT',
        url: url(`/${String(klass?.id)}`),
        headers: admin,
        payload: { name: 'KAK morning', capacity: 25, version },
      });
    expect((await put(klass?.version ?? 0)).statusCode).toBe(200);
    const stale = await put(klass?.version ?? 0);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION' });
    const del = await t.app.inject({
      method: 'DELETE',
      url: url(`/${String(klass?.id)}`),
      headers: admin,
    });
    expect(del.statusCode).toBe(409);
    expect(del.json<{ detail: string }>().detail).toMatch(
      /still has \d+ students; move them first/,
    );
  });

  it('keeps a coordinator to their CLC, and refuses without the right', async () => {
    const coordinator = await t.as('coordinator');
    const seen = await t.app.inject({ method: 'GET', url: url(), headers: coordinator });
    expect(seen.statusCode).toBe(200);
    expect(new Set(seen.json<ProgrammeClasses>().classes.map((c) => c.clc.code))).toEqual(
      new Set(['KAK']),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: url('/distribute'),
      headers: await t.as('view_only_user'),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ missingRight: 'PC_CLASS__EDIT' });
    const other = await t.app.inject({
      method: 'GET',
      url: url(),
      headers: await t.as('coordinator_2'),
    });
    expect(other.statusCode).toBe(200);
    expect(new Set(other.json<ProgrammeClasses>().classes.map((c) => c.clc.code))).toEqual(
      new Set(['AMM']),
    );
    // A programme offered at none of the coordinator's CLCs is not found.
    await t.database.query(`delete from programme_clcs where programme_id = $1 and clc_id = $2`, [
      programmeId,
      clc.AMM,
    ]);
    const gone = await t.app.inject({
      method: 'GET',
      url: url(),
      headers: await t.as('coordinator_2'),
    });
    expect(gone.statusCode).toBe(404);
    await t.database.query(`insert into programme_clcs (programme_id, clc_id) values ($1, $2)`, [
      programmeId,
      clc.AMM,
    ]);
  });

  it('refuses changes once the programme is finished', async () => {
    await t.database.query(`update programmes set status = 'finished' where id = $1`, [
      programmeId,
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: url('/distribute'),
      headers: admin,
      payload: {},
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toBe(
      'The programme is finished; its classes can no longer change.',
    );
  });
});
