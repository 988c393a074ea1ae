import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROGRAMME_ACTION_KEYS,
  PROGRAMME_ACTIONS,
  REOPEN_CERTIFICATES_WARNING,
  type Programme,
  type ProgrammeAction,
} from '@lantern/contracts/programme';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  clcIdsByCode,
  createGradingSchema,
  createProgramme,
  enrol,
  freeCode,
  programmeInput,
  studentIds,
  type Headers,
} from './programmes.fixtures';
import { actionPath, refusal } from './programmes.transitions';

let t: TestApp;
let admin: Headers;
let schemaId = 0;
let kak = 0;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin');
  schemaId = (await createGradingSchema(t, admin)).id;
  kak = (await clcIdsByCode(t)).KAK;
});
afterAll(async () => t.close());

const newProgramme = async () =>
  createProgramme(
    t,
    admin,
    programmeInput({ code: await freeCode(t), gradingSchemaId: schemaId, clcIds: [kak] }),
  );

const move = async (
  id: number,
  action: ProgrammeAction,
  version: number,
  headers: Headers = admin,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/en/programme/professional-certificate/${id}/actions/${actionPath(action)}`,
    headers,
    payload: { version },
  });

/** Moves and expects success; the programme as the response has it. */
const moved = async (programme: Programme, action: ProgrammeAction) => {
  const res = await move(programme.id, action, programme.version);
  expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  const after = res.json<Programme>();
  expect(after).toMatchObject({
    status: PROGRAMME_ACTIONS[action].to,
    version: programme.version + 1,
  });
  return after;
};

describe('the programme status machine', () => {
  it('has one route per action of the contract’s table, each under the action’s right', () => {
    for (const action of PROGRAMME_ACTION_KEYS) {
      const route = t.routes.find(
        (r) =>
          r.method === 'POST' &&
          r.url ===
            `/api/:locale/programme/professional-certificate/:id/actions/${actionPath(action)}`,
      );
      expect(route?.access, action).toEqual({ right: PROGRAMME_ACTIONS[action].right });
    }
    expect(actionPath('finishProgramme')).toBe('finish-programme');
  });

  it('walks new → applying → preparing → prep_done → running → finished, reopens and cancels', async () => {
    let p = await newProgramme();
    for (const action of [
      'openApplications',
      'startPreparing',
      'finishPreparing',
      'startProgramme',
      'finishProgramme',
    ] as const)
      p = await moved(p, action);
    expect(p.status).toBe('finished');
    p = await moved(p, 'reopen');
    expect(p).toMatchObject({ status: 'running', certificates: 0 });
    p = await moved(p, 'cancel');
    expect(p.status).toBe('cancelled');

    const history = await t.app.inject({
      url: `/api/en/programme/professional-certificate/${p.id}/history`,
      headers: admin,
    });
    const entries = history.json<{ action: string; changes: Record<string, unknown> }[]>();
    expect(entries.map((e) => e.action)).toEqual([
      'programme.cancel',
      'programme.reopen',
      'programme.finishProgramme',
      'programme.startProgramme',
      'programme.finishPreparing',
      'programme.startPreparing',
      'programme.openApplications',
      'programme.created',
    ]);
    expect(entries[1]?.changes).toEqual({ status: { from: 'finished', to: 'running' } });
  });

  it('cancels from every status the table allows', async () => {
    const path: ProgrammeAction[] = [
      'openApplications',
      'startPreparing',
      'finishPreparing',
      'startProgramme',
    ];
    for (let steps = 0; steps <= path.length; steps += 1) {
      let p = await newProgramme();
      for (const action of path.slice(0, steps)) p = await moved(p, action);
      expect(PROGRAMME_ACTIONS.cancel.from).toContain(p.status);
      await moved(p, 'cancel');
    }
  });

  it('refuses a move from the wrong state with a sentence, and changes nothing', async () => {
    let p = await newProgramme();
    for (const action of ['openApplications', 'startPreparing', 'finishPreparing'] as const)
      p = await moved(p, action);
    p = await moved(p, 'startProgramme');
    const res = await move(p.id, 'startPreparing', p.version);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      detail: 'The programme is running; Start preparing is possible only from applying.',
    });
    p = await moved(p, 'cancel');
    const again = await move(p.id, 'cancel', p.version);
    expect(again.json<{ detail: string }>().detail).toBe(
      'The programme is cancelled; Cancel programme is possible only from new, applying, preparing, preparation done or running.',
    );
    const reopen = await move(p.id, 'reopen', p.version);
    expect(reopen.json<{ detail: string }>().detail).toBe(refusal('reopen', 'cancelled'));
    const after = await t.app.inject({
      url: `/api/en/programme/professional-certificate/${p.id}`,
      headers: admin,
    });
    expect(after.json<Programme>()).toMatchObject({ status: 'cancelled', version: p.version });
  });

  it('refuses a move without the action’s right, naming the right', async () => {
    const p = await newProgramme();
    const coordinator = await t.as('coordinator');
    const res = await move(p.id, 'openApplications', p.version, coordinator);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'MISSING_RIGHT', missingRight: 'PROGRAMME__EDIT' });
    const cancel = await move(p.id, 'cancel', p.version, coordinator);
    expect(cancel.json()).toMatchObject({ missingRight: 'PROGRAMME__CLOSE' });
    const finish = await move(p.id, 'finishProgramme', p.version, coordinator);
    expect(finish.json()).toMatchObject({ missingRight: 'PROGRAMME__REVIEW_GRADES' });
  });

  it('answers 409 on a stale version, and 404 for a programme out of reach', async () => {
    const p = await newProgramme();
    const res = await move(p.id, 'openApplications', p.version + 1);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'STALE_VERSION' });
    const missing = await move(2_000_000_000, 'openApplications', 1);
    expect(missing.statusCode).toBe(404);
    const noVersion = await t.app.inject({
      method: 'POST',
      url: `/api/en/programme/professional-certificate/${p.id}/actions/open-applications`,
      headers: admin,
      payload: {},
    });
    expect(noVersion.statusCode).toBe(400);
  });

  it('refuses to finish while students are active, and finishes once each is passed or failed', async () => {
    let p = await newProgramme();
    for (const action of [
      'openApplications',
      'startPreparing',
      'finishPreparing',
      'startProgramme',
    ] as const)
      p = await moved(p, action);
    const students = await studentIds(t, 4, 20);
    const enrolments: number[] = [];
    for (const student of students.slice(0, 3))
      enrolments.push(await enrol(t, p.id, student, 'active'));
    await enrol(t, p.id, students[3] ?? 0, 'applied');

    const three = await move(p.id, 'finishProgramme', p.version);
    expect(three.statusCode).toBe(409);
    expect(three.json()).toEqual({
      code: 'CONFLICT',
      detail: '3 students are still active; pass or fail them first.',
    });
    await t.database.query(`update enrolments set state = 'completed' where id = any($1)`, [
      enrolments.slice(0, 2),
    ]);
    const one = await move(p.id, 'finishProgramme', p.version);
    expect(one.json<{ detail: string }>().detail).toBe(
      '1 student is still active; pass or fail them first.',
    );
    const still = await t.app.inject({
      url: `/api/en/programme/professional-certificate/${p.id}`,
      headers: admin,
    });
    expect(still.json<Programme>()).toMatchObject({
      status: 'running',
      version: p.version,
      enrolments: { active: 1, completed: 2, applied: 1 },
    });

    await t.database.query(`update enrolments set state = 'failed' where id = $1`, [enrolments[2]]);
    p = await moved(p, 'finishProgramme');

    // A certificate issued, then the programme reopened: the page can warn about it.
    await t.database.query(
      `insert into certificates (enrolment_id, code, student_name, programme_title, certificate_text, certifying_university, clc_name, issued_on)
       values ($1, $2, 'A Student', 'PC', 'text', 'Regis University', 'Kakuma CLC', '2091-12-20')`,
      [enrolments[0], `TEST-${p.id}`],
    );
    const reopened = await moved(p, 'reopen');
    expect(reopened.certificates).toBe(1);
    expect(REOPEN_CERTIFICATES_WARNING).toMatch(/already been issued/);
  });
});
