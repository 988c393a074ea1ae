import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rightLabel } from '@lantern/contracts/labels';
import {
  ENROLMENT_ACTION_KEYS,
  ENROLMENT_ACTIONS,
  ENROLMENT_STATES,
  PROGRAMME_STATUSES,
  type EnrolmentAction,
  type EnrolmentActionResult,
  type EnrolmentState,
  type ProgrammeStatus,
} from '@lantern/contracts/programme';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { fixtures, type Fixtures } from './enrolments.fixtures';
import { actionPath } from './enrolments.routes';
import { addDays, todayUtc } from './enrolments.dates';

let t: TestApp;
let f: Fixtures;
/** One programme per status, offered at KAK and AMM. */
const programmes = {} as Record<ProgrammeStatus, { id: number; code: string; title: string }>;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://lantern.test' });
  f = fixtures(t);
  for (const status of PROGRAMME_STATUSES) programmes[status] = await f.programme(status);
});
afterAll(async () => t.close());

const act = async (
  user: string,
  programmeId: number,
  action: EnrolmentAction,
  body: Record<string, unknown>,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/en/programme/professional-certificate/${programmeId}/students/actions/${actionPath(action)}`,
    headers: await t.as(user),
    payload: body,
  });

const nextWeek = () => addDays(todayUtc(), 7);

describe('every allowed move of the transition table', () => {
  const cases: { action: EnrolmentAction; from: EnrolmentState; status: ProgrammeStatus }[] = [];
  for (const action of ENROLMENT_ACTION_KEYS) {
    const rule = ENROLMENT_ACTIONS[action];
    for (const from of rule.from) cases.push({ action, from, status: rule.programme[0] });
    for (const status of rule.programme.slice(1))
      cases.push({ action, from: rule.from[0], status });
  }

  it.each(cases)('$action from $from while the programme is $status', async (c) => {
    const rule = ENROLMENT_ACTIONS[c.action];
    const programme = programmes[c.status];
    const who = await f.enrol(programme.id, c.from, { password: true });
    const before = await f.enrolment(who.enrolmentId);
    const res = await act('admin', programme.id, c.action, {
      enrolmentIds: [who.enrolmentId],
      reason: 'Agreed with the coordinator',
      ...(c.action === 'suspend' ? { breakEndsOn: nextWeek() } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EnrolmentActionResult>()).toEqual({ done: [who.enrolmentId], refused: [] });
    expect(await f.enrolment(who.enrolmentId)).toEqual({
      state: rule.to,
      version: (before?.version ?? 0) + 1,
      reason: 'Agreed with the coordinator',
    });
    const [row] = await f.auditOf(who.enrolmentId);
    expect(row?.action).toBe(c.action);
    expect(row?.changes.reason).toBe('Agreed with the coordinator');
    if (c.action === 'suspend') {
      expect(row?.changes.studyBreak).toEqual({ from: null, to: `${todayUtc()} to ${nextWeek()}` });
    } else {
      expect(row?.changes.state).toEqual({ from: c.from, to: rule.to });
    }
  });
});

describe('refused moves', () => {
  it.each(ENROLMENT_ACTION_KEYS)('%s from a state it does not start from', async (action) => {
    const rule = ENROLMENT_ACTIONS[action];
    const wrong = ENROLMENT_STATES.find(
      (s) => !(rule.from as readonly EnrolmentState[]).includes(s),
    ) as EnrolmentState;
    const programme = programmes[rule.programme[0]];
    const who = await f.enrol(programme.id, wrong, { firstName: 'Ali', lastName: 'Hassan' });
    const res = await act('admin', programme.id, action, {
      enrolmentIds: [who.enrolmentId],
      breakEndsOn: nextWeek(),
    });
    expect(res.statusCode).toBe(200);
    const result = res.json<EnrolmentActionResult>();
    expect(result.done).toEqual([]);
    expect(result.refused).toHaveLength(1);
    expect(result.refused[0]?.reason).toMatch(
      new RegExp(
        `^Ali Hassan is \\w+; ${rule.label.replace(/[()]/g, '\\$&')} is possible only from `,
      ),
    );
    expect((await f.enrolment(who.enrolmentId))?.state).toBe(wrong);
    expect(await f.auditOf(who.enrolmentId)).toEqual([]);
  });

  it('says which state the student is in and which states the action starts from', async () => {
    const programme = programmes.applying;
    const who = await f.enrol(programme.id, 'withdrawn', { firstName: 'Ali', lastName: 'Hassan' });
    const accept = await act('admin', programme.id, 'accept', { enrolmentIds: [who.enrolmentId] });
    expect(accept.json<EnrolmentActionResult>().refused).toEqual([
      {
        enrolmentId: who.enrolmentId,
        reason: 'Ali Hassan is withdrawn; Accept is possible only from applied.',
      },
    ]);
    const passed = await f.enrol(programmes.running.id, 'completed', {
      firstName: 'Sara',
      lastName: 'Haddad',
    });
    const reactivate = await act('admin', programmes.running.id, 'reactivate', {
      enrolmentIds: [passed.enrolmentId],
    });
    expect(reactivate.json<EnrolmentActionResult>().refused[0]?.reason).toBe(
      'Sara Haddad is passed; Reactivate is possible only from withdrawn or declined.',
    );
  });

  it.each(ENROLMENT_ACTION_KEYS)('%s while the programme is in another status', async (action) => {
    const rule = ENROLMENT_ACTIONS[action];
    const status = PROGRAMME_STATUSES.find(
      (s) => !(rule.programme as readonly ProgrammeStatus[]).includes(s),
    ) as ProgrammeStatus;
    const programme = programmes[status];
    const who = await f.enrol(programme.id, rule.from[0]);
    const res = await act('admin', programme.id, action, {
      enrolmentIds: [who.enrolmentId],
      breakEndsOn: nextWeek(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<EnrolmentActionResult>()).toEqual({
      done: [],
      refused: [
        {
          enrolmentId: who.enrolmentId,
          reason: expect.stringMatching(
            new RegExp(`^The programme is ${status}; .+ is possible only while it is `),
          ) as string,
        },
      ],
    });
    expect((await f.enrolment(who.enrolmentId))?.state).toBe(rule.from[0]);
  });

  it('names the programme status in words', async () => {
    const who = await f.enrol(programmes.applying.id, 'active');
    const res = await act('admin', programmes.applying.id, 'finalize', {
      enrolmentIds: [who.enrolmentId],
    });
    expect(res.json<EnrolmentActionResult>().refused[0]?.reason).toBe(
      'The programme is applying; Finalize (pass) is possible only while it is running.',
    );
  });

  it('answers 403 naming the right an action needs', async () => {
    const who = await f.enrol(programmes.running.id, 'active');
    // A coordinator runs students and breaks but does not review grades.
    const res = await act('coordinator', programmes.running.id, 'finalize', {
      enrolmentIds: [who.enrolmentId],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'MISSING_RIGHT',
      missingRight: 'PROGRAMME__REVIEW_GRADES',
    });
    expect(res.json()).toMatchObject({ missingRight: 'PROGRAMME__REVIEW_GRADES' });
    expect(res.json<{ detail: string }>().detail).toContain(rightLabel('PROGRAMME__REVIEW_GRADES'));
    const viewer = await act('view_only_user', programmes.applying.id, 'suspend', {
      enrolmentIds: [who.enrolmentId],
      breakEndsOn: nextWeek(),
    });
    expect(viewer.json()).toMatchObject({ missingRight: 'PC_BREAK__EDIT' });
    expect((await f.enrolment(who.enrolmentId))?.state).toBe('active');
  });

  it('refuses a body that names another action', async () => {
    const who = await f.enrol(programmes.applying.id, 'applied');
    const res = await act('admin', programmes.applying.id, 'accept', {
      action: 'decline',
      enrolmentIds: [who.enrolmentId],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields.action).toBe(
      'This route does the action accept',
    );
    expect((await f.enrolment(who.enrolmentId))?.state).toBe('applied');
  });
});

describe('bulk moves', () => {
  it('moves the allowed ones together and reports the others, changing nothing else', async () => {
    const programme = await f.programme('applying');
    const a = await f.enrol(programme.id, 'applied', { firstName: 'Amani', lastName: 'Bahati' });
    const b = await f.enrol(programme.id, 'applied', { firstName: 'Baraka', lastName: 'Otieno' });
    const withdrawn = await f.enrol(programme.id, 'withdrawn', {
      firstName: 'Chol',
      lastName: 'Deng',
    });
    const amman = await f.enrol(programme.id, 'applied', { clc: 'AMM' });
    const bystander = await f.enrol(programme.id, 'applied');
    const elsewhere = await f.enrol(programmes.applying.id, 'applied');
    const before = await f.enrolment(withdrawn.enrolmentId);
    const res = await act('coordinator', programme.id, 'accept', {
      enrolmentIds: [
        a.enrolmentId,
        withdrawn.enrolmentId,
        amman.enrolmentId,
        b.enrolmentId,
        elsewhere.enrolmentId,
        a.enrolmentId,
        999_999,
        99_999_999_999,
      ],
      reason: 'Interview passed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<EnrolmentActionResult>()).toEqual({
      done: [a.enrolmentId, b.enrolmentId],
      refused: [
        {
          enrolmentId: withdrawn.enrolmentId,
          reason: 'Chol Deng is withdrawn; Accept is possible only from applied.',
        },
        // Beyond the coordinator's CLC (KAK): not found, as everywhere.
        {
          enrolmentId: amman.enrolmentId,
          reason: `Enrolment ${amman.enrolmentId} is not in this programme.`,
        },
        {
          enrolmentId: elsewhere.enrolmentId,
          reason: `Enrolment ${elsewhere.enrolmentId} is not in this programme.`,
        },
        { enrolmentId: 999_999, reason: 'Enrolment 999999 is not in this programme.' },
        {
          enrolmentId: 99_999_999_999,
          reason: 'Enrolment 99999999999 is not in this programme.',
        },
      ],
    });
    for (const done of [a, b]) {
      expect(await f.enrolment(done.enrolmentId)).toMatchObject({
        state: 'active',
        reason: 'Interview passed',
      });
      expect((await f.auditOf(done.enrolmentId)).map((r) => r.action)).toEqual(['accept']);
    }
    expect(await f.enrolment(withdrawn.enrolmentId)).toEqual(before);
    for (const untouched of [amman, bystander, elsewhere]) {
      expect(await f.enrolment(untouched.enrolmentId)).toMatchObject({
        state: 'applied',
        version: 1,
      });
      expect(await f.auditOf(untouched.enrolmentId)).toEqual([]);
    }
  });
});

describe('suspend', () => {
  it('needs the end of the break, today or later', async () => {
    const who = await f.enrol(programmes.running.id, 'active');
    const missing = await act('admin', programmes.running.id, 'suspend', {
      enrolmentIds: [who.enrolmentId],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fields: Record<string, string> }>().fields).toEqual({
      breakEndsOn: 'This field must be filled',
    });
    const past = await act('admin', programmes.running.id, 'suspend', {
      enrolmentIds: [who.enrolmentId],
      breakEndsOn: addDays(todayUtc(), -1),
    });
    expect(past.json<{ fields: Record<string, string> }>().fields).toEqual({
      breakEndsOn: 'The study break cannot end before today',
    });
    const badDate = await act('admin', programmes.running.id, 'suspend', {
      enrolmentIds: [who.enrolmentId],
      breakEndsOn: '31.12.2030',
    });
    expect(badDate.json<{ fields: Record<string, string> }>().fields).toEqual({
      breakEndsOn: 'Please provide a valid Date',
    });
    const noSuchDay = await act('admin', programmes.running.id, 'suspend', {
      enrolmentIds: [who.enrolmentId],
      breakEndsOn: '2030-02-30',
    });
    expect(noSuchDay.json<{ fields: Record<string, string> }>().fields).toEqual({
      breakEndsOn: 'Please provide a valid Date',
    });
    expect(await f.enrolment(who.enrolmentId)).toMatchObject({ state: 'active', version: 1 });
  });

  it('starts a break today that shows in the list, and refuses a second one over it', async () => {
    const programme = await f.programme('running');
    const who = await f.enrol(programme.id, 'active', { firstName: 'Nadia', lastName: 'Karimi' });
    const other = await f.enrol(programme.id, 'active');
    const res = await act('coordinator', programme.id, 'suspend', {
      enrolmentIds: [who.enrolmentId],
      breakEndsOn: nextWeek(),
      reason: 'Family matters',
    });
    expect(res.json<EnrolmentActionResult>().done).toEqual([who.enrolmentId]);
    const headers = await t.as('coordinator');
    const onBreak = await t.app.inject({
      url: `/api/en/programme/professional-certificate/${programme.id}/students?onBreak=true`,
      headers,
    });
    const page = onBreak.json<{
      items: { id: number; state: string; onBreak: Record<string, unknown> | null }[];
      total: number;
    }>();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      id: who.enrolmentId,
      state: 'active',
      onBreak: {
        startsOn: todayUtc(),
        endsOn: nextWeek(),
        reason: 'Family matters',
        current: true,
      },
    });
    const notOnBreak = await t.app.inject({
      url: `/api/en/programme/professional-certificate/${programme.id}/students?onBreak=false`,
      headers,
    });
    expect(notOnBreak.json<{ items: { id: number }[] }>().items.map((i) => i.id)).toEqual([
      other.enrolmentId,
    ]);
    const again = await act('coordinator', programme.id, 'suspend', {
      enrolmentIds: [who.enrolmentId],
      breakEndsOn: addDays(todayUtc(), 30),
    });
    expect(again.json<EnrolmentActionResult>().refused).toEqual([
      {
        enrolmentId: who.enrolmentId,
        reason: `Nadia Karimi already has a study break from ${todayUtc()} to ${nextWeek()}.`,
      },
    ]);
  });
});

describe('the invitation on accept', () => {
  const outbox = (userId: number) =>
    t.database.query<{ id: number; kind: string; to_address: string; text_body: string }>(
      `select id, kind, to_address, text_body from mail_outbox where to_user_id = $1`,
      [userId],
    );

  it('is queued once for a person without a password, and its link sets the password', async () => {
    const programme = programmes.preparing;
    const fresh = await f.enrol(programme.id, 'applied', {
      firstName: 'Hodan',
      email: 'hodan.abdi@example.org',
    });
    const withPassword = await f.enrol(programme.id, 'applied', { password: true });
    const noMail = await f.enrol(programme.id, 'applied', { email: null });
    const res = await act('coordinator', programme.id, 'accept', {
      enrolmentIds: [fresh.enrolmentId, withPassword.enrolmentId, noMail.enrolmentId],
    });
    expect(res.json<EnrolmentActionResult>().done).toHaveLength(3);
    const mails = await outbox(fresh.userId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'invitation', to_address: 'hodan.abdi@example.org' });
    const text = mails[0]?.text_body ?? '';
    expect(text).toContain('Hello Hodan,');
    expect(text).toContain(`accepted to the programme ${programme.title} (${programme.code})`);
    expect(text).toContain(`your username is "${fresh.username}"`);
    expect(await outbox(withPassword.userId)).toEqual([]);
    expect(await outbox(noMail.userId)).toEqual([]);

    // Accepting again is refused and queues nothing more.
    const again = await act('coordinator', programme.id, 'accept', {
      enrolmentIds: [fresh.enrolmentId],
    });
    expect(again.json<EnrolmentActionResult>().done).toEqual([]);
    expect(await outbox(fresh.userId)).toHaveLength(1);

    const token = /https:\/\/lantern\.test\/en\/set-new-password#token=([A-Za-z0-9_-]+)/.exec(
      text,
    )?.[1];
    expect(token).toBeDefined();
    const set = await t.app.inject({
      method: 'POST',
      url: '/forgot-password/reset',
      payload: { token, password: 'my-first-password-1' },
    });
    expect(set.statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: fresh.username, password: 'my-first-password-1' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('is not queued when the accept is refused', async () => {
    const who = await f.enrol(programmes.new.id, 'applied');
    await act('admin', programmes.new.id, 'accept', { enrolmentIds: [who.enrolmentId] });
    expect(await outbox(who.userId)).toEqual([]);
  });
});

describe('scope', () => {
  it('answers 404 for a programme not offered at the user’s CLCs', async () => {
    const kakOnly = await f.programme('running', ['KAK']);
    const who = await f.enrol(kakOnly.id, 'active');
    const res = await act('coordinator_2', kakOnly.id, 'withdraw', {
      enrolmentIds: [who.enrolmentId],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'The programme was not found.' });
    expect((await f.enrolment(who.enrolmentId))?.state).toBe('active');
  });
});

describe('automatic mails', () => {
  const automaticMail = (programmeId: number, eventType: string, eventStatus: string | null) =>
    t.database.query(
      `insert into automatic_mails (programme_id, event_type, event_status, subject, body, recipient_role, published)
       values ($1, $2, $3, 'News for {{firstName}}', 'Dear {{firstName}}, you are {{state}}.', 'student', true)`,
      [programmeId, eventType, eventStatus],
    );
  const automatic = (userId: number) =>
    t.database.query<{ subject: string; text_body: string }>(
      `select subject, text_body from mail_outbox where to_user_id = $1 and kind = 'automatic' order by id`,
      [userId],
    );

  it('queues the programme’s published mail once per state change, with the move', async () => {
    const programme = await f.programme('applying');
    await automaticMail(programme.id, 'student_state_changed', 'active');
    await automaticMail(programme.id, 'study_break_started', null);
    const who = await f.enrol(programme.id, 'applied', { firstName: 'Abuk', password: true });
    const declined = await f.enrol(programme.id, 'applied', { password: true });
    await act('coordinator', programme.id, 'accept', { enrolmentIds: [who.enrolmentId] });
    await act('coordinator', programme.id, 'accept', { enrolmentIds: [who.enrolmentId] });
    await act('coordinator', programme.id, 'decline', { enrolmentIds: [declined.enrolmentId] });
    expect(await automatic(who.userId)).toEqual([
      { subject: 'News for Abuk', text_body: 'Dear Abuk, you are Active.' },
    ]);
    // The mail is for moves to active only.
    expect(await automatic(declined.userId)).toEqual([]);
    await act('coordinator', programme.id, 'suspend', {
      enrolmentIds: [who.enrolmentId],
      breakEndsOn: nextWeek(),
    });
    expect(await automatic(who.userId)).toHaveLength(2);
  });
});
