import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DropoutItem,
  DropoutPreview,
  Flag,
  FlagDetail,
  FollowUp,
} from '@lantern/contracts/dropout';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { makeTeachingFixture, type TeachingFixture } from '../../../test/teaching-fixture';

/**
 * A hand-built programme (the teaching fixture, course weighted by `weights`) whose figures are
 * known exactly. Graded tasks due so far: Reflection (everyone handed in), Poster (the demo
 * student only), Essay (nobody; due during k1[1]'s past study break) and Warm-up (weight 0, the
 * zero-point task; nobody). Due tomorrow: Later (not counted). k1[2] is on a study break today.
 * student_2 has work not yet synced. k2[1] was last active 30 days ago.
 */
let t: TestApp;
let f: TeachingFixture;
let admin: Record<string, string>;
let essay = 0;
let warmUp = 0;
let later = 0;
let k1: number[] = [];
let k2: number[] = [];
let passRatio = 0;

const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.database.query<T>(text, params);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin');
  f = await makeTeachingFixture(t, '961');
  k1 = f.students.k1;
  k2 = f.students.k2;
  await q(`update programme_courses set grade_weighting = 'weights' where id = $1`, [f.courseId]);
  const task = async (title: string, due: string, weight: number | null, pos: number) => {
    const [row] = await q<{ id: number }>(
      `insert into learning_items (unit_id, course_id, kind, title, position, is_published, published_at,
         delivery, max_points, grading, weight, due_at)
       values ($1, $2, 'text_task', $3, $4, true, now(), 'online', 10, 'points', $5, now() + $6::interval)
       returning id`,
      [f.unitId, f.courseId, title, pos, weight, due],
    );
    return row?.id ?? 0;
  };
  essay = await task('Essay', '-2 days', null, 4);
  warmUp = await task('Warm-up', '-3 days', 0, 5);
  later = await task('Later', '1 day', null, 6);
  const breakOf = async (sid: number, from: string, to: string) =>
    q(
      `insert into study_breaks (enrolment_id, starts_on, ends_on)
       select e.id, ((now() + $3::interval) at time zone 'UTC')::date, ((now() + $4::interval) at time zone 'UTC')::date
         from enrolments e where e.programme_id = $1 and e.user_id = $2`,
      [f.programmeId, sid, from, to],
    );
  await breakOf(k1[1] ?? 0, '-2 days', '-2 days');
  await breakOf(k1[2] ?? 0, '0 days', '5 days');
  await q(`insert into learner_sync_marks (student_id, pending_since) values ($1, now())`, [k2[0]]);
  await q(
    `update submissions set submitted_at = now() - interval '30 days' where student_id = $1 and course_id = $2`,
    [k2[1], f.courseId],
  );
  const [schema] = await q<{ scale_max: string; pass_mark: string }>(
    `select gs.scale_max, gs.pass_mark from programmes p join grading_schemas gs on gs.id = p.grading_schema_id where p.id = $1`,
    [f.programmeId],
  );
  passRatio = Number(schema?.pass_mark) / Number(schema?.scale_max);
  // Published grades: the demo student failed Reflection (0/10) and passed Poster (20/20); k1[3]
  // passed Reflection (10/10).
  const grade = async (itemId: number, sid: number, points: number, max: number) =>
    q(
      `insert into grades (item_id, student_id, course_id, outcome, points, is_published, max_points, item_version)
       values ($1, $2, $3, 'graded', $4, true, $5, 1)`,
      [itemId, sid, f.courseId, points, max],
    );
  await grade(f.textTask, k1[0] ?? 0, 0, 10);
  await grade(f.fileTask, k1[0] ?? 0, 20, 20);
  await grade(f.textTask, k1[3] ?? 0, 10, 10);
});
afterAll(async () => t.close());

const base = () => `/api/en/dropout-flagging/professional/${String(f.programmeId)}`;
const item = (input: Record<string, unknown>) => ({
  action: 'notify_facilitator',
  criterion: 'missed_tasks',
  percent: 50,
  ignoreZeroPointTasks: true,
  ...input,
});

async function create(input: Record<string, unknown>): Promise<DropoutItem> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${base()}/all`,
    headers: admin,
    payload: item(input),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DropoutItem>();
}

async function run() {
  const res = await t.app.inject({ method: 'POST', url: `${base()}/run`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ flagged: number; cleared: number; open: number }>();
}

async function flagsOf(itemId: number, status = 'open'): Promise<Flag[]> {
  const res = await t.app.inject({
    url: `${base()}/flags?itemId=${String(itemId)}&status=${status}`,
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ flags: Flag[] }>().flags;
}

const byStudent = (flags: Flag[]) => new Map(flags.map((x) => [x.studentId, x]));
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

async function deactivate(it: DropoutItem) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `${base()}/all/${String(it.id)}`,
    headers: admin,
    payload: {
      ...item({ criterion: it.criterion, percent: it.percent, weeks: it.weeks }),
      isActive: false,
      version: it.version,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('dropout flagging', () => {
  it('missed tasks: flags at the percent with evidence, excludes zero-point and study-break tasks, marks unsynced work unknown', async () => {
    const it1 = await create({ criterion: 'missed_tasks', percent: 50 });
    const first = await run();
    const flags = byStudent(await flagsOf(it1.id));
    // The demo student missed 1 of 3 (33 %); k1[2] is on a study break today.
    expect(sorted([...flags.keys()])).toEqual(sorted([k1[1] ?? 0, k1[3] ?? 0, ...k2]));
    expect(first.flagged).toBe(5);
    const onBreak = flags.get(k1[1] ?? 0);
    expect(onBreak?.evidence.counted).toEqual([f.textTask, f.fileTask]);
    expect(onBreak?.evidence.excluded).toEqual([
      { itemId: essay, why: 'study_break' },
      { itemId: warmUp, why: 'zero_point' },
    ]);
    expect(onBreak?.evidence.ratio).toBe(0.5);
    expect(onBreak?.evidence.threshold).toBe(0.5);
    const other = flags.get(k1[3] ?? 0);
    expect(other?.evidence.counted).toEqual([f.textTask, f.fileTask, essay]);
    expect(other?.evidence.excluded).toEqual([{ itemId: warmUp, why: 'zero_point' }]);
    expect(other?.evidence.ratio).toBe(0.6667);
    expect(other?.status).toBe('at_risk');
    expect(flags.get(k2[0] ?? 0)?.status).toBe('unknown');
    expect(JSON.stringify([...flags.values()].map((x) => x.evidence.counted))).not.toContain(
      String(later),
    );
    await deactivate(it1);
  });

  it('counts zero-point tasks when the item does not ignore them', async () => {
    const it2 = await create({
      criterion: 'missed_tasks',
      percent: 50,
      ignoreZeroPointTasks: false,
    });
    await run();
    const flags = byStudent(await flagsOf(it2.id));
    // The demo student now missed Essay and Warm-up: 2 of 4.
    const student = flags.get(k1[0] ?? 0);
    expect(student?.evidence.counted).toEqual([f.textTask, f.fileTask, essay, warmUp]);
    expect(student?.evidence.excluded).toEqual([]);
    expect(student?.evidence.ratio).toBe(0.5);
    // The study-break exclusion stays whatever the flag says.
    expect(flags.get(k1[1] ?? 0)?.evidence.excluded).toEqual([
      { itemId: essay, why: 'study_break' },
    ]);
    expect(flags.has(k1[2] ?? 0)).toBe(false);
    await deactivate(it2);
  });

  it('failed tasks and below grade read the published grades against the schema', async () => {
    expect(passRatio).toBeGreaterThan(0);
    expect(passRatio).toBeLessThanOrEqual(1);
    const failed = await create({ criterion: 'failed_tasks', percent: 50, action: 'follow_up' });
    const below = await create({
      criterion: 'below_grade',
      percent: 60,
      action: 'notify_coordinator',
    });
    await run();
    const failedFlags = await flagsOf(failed.id);
    expect(failedFlags.map((x) => x.studentId)).toEqual([k1[0]]);
    expect(failedFlags[0]?.evidence).toMatchObject({
      counted: [f.textTask, f.fileTask],
      excluded: [],
      ratio: 0.5,
      threshold: 0.5,
    });
    const belowFlags = await flagsOf(below.id);
    // Weighted: (0/10 + 20/20) ÷ 2 = 50 % < 60 %; k1[3] has 100 %.
    expect(belowFlags.map((x) => x.studentId)).toEqual([k1[0]]);
    expect(belowFlags[0]?.evidence).toMatchObject({
      counted: [f.textTask, f.fileTask],
      ratio: 0.5,
      threshold: 0.6,
      courseId: f.courseId,
    });
    await deactivate(failed);
    await deactivate(below);
  });

  it('inactive: weeks since the last submission or progress', async () => {
    const inactive = await create({ criterion: 'inactive', percent: null, weeks: 2 });
    expect(inactive.percent).toBeNull();
    await run();
    const flags = await flagsOf(inactive.id);
    expect(flags.map((x) => x.studentId)).toEqual([k2[1]]);
    expect(flags[0]?.evidence.weeksInactive).toBeCloseTo(30 / 7, 1);
    expect(flags[0]?.evidence.threshold).toBe(2);
    await deactivate(inactive);
  });

  it('opens one follow-up per new flag, keeps flags on a re-run and clears those no longer met', async () => {
    const it3 = await create({
      criterion: 'missed_tasks',
      percent: 60,
      action: 'notify_facilitator',
    });
    const first = await run();
    const open = await flagsOf(it3.id);
    expect(open.map((x) => x.studentId).sort()).toEqual(sorted([k1[3] ?? 0, ...k2]));
    expect(first.flagged).toBe(4);
    const again = await run();
    expect(again.flagged).toBe(0);
    const [{ count }] = (await q<{ count: number }>(
      `select count(*)::int as count from dropout_follow_ups o join dropout_flags g on g.id = o.flag_id where g.item_id = $1`,
      [it3.id],
    )) as [{ count: number }];
    expect(count).toBe(4);
    // k1[3] hands in Poster and Essay: 0 of 3 missed, the flag clears.
    await q(
      `insert into submissions (item_id, student_id, course_id, attempt, status, item_version, submitted_at)
       values ($1, $3, $4, 1, 'submitted', 1, now()), ($2, $3, $4, 1, 'submitted', 1, now())`,
      [f.fileTask, essay, k1[3], f.courseId],
    );
    const third = await run();
    expect(third.cleared).toBe(1);
    expect((await flagsOf(it3.id)).map((x) => x.studentId)).not.toContain(k1[3]);
    const cleared = await flagsOf(it3.id, 'cleared');
    expect(cleared.map((x) => x.studentId)).toEqual([k1[3]]);
    expect(cleared[0]?.clearedAt).not.toBeNull();

    // The flag's page: evidence in tasks, its follow-up for the class's facilitator.
    const flagged = (await flagsOf(it3.id)).find((x) => x.studentId === k2[2]);
    const res = await t.app.inject({
      url: `${base()}/flags/${String(flagged?.id)}`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<FlagDetail>();
    expect(detail.tasks.map((x) => x.title)).toEqual(['Reflection', 'Poster', 'Essay', 'Warm-up']);
    expect(detail.followUps).toHaveLength(1);
    expect(detail.followUps[0]).toMatchObject({ assigneeRole: 'facilitator', status: 'open' });

    // K2's facilitator sees it and records the outcome; K1's does not reach it.
    const fac2 = await t.as('facilitator_2');
    const mine = await t.app.inject({ url: '/api/en/dropout-follow-ups', headers: fac2 });
    const followUp = mine
      .json<{ followUps: FollowUp[] }>()
      .followUps.find((x) => x.id === detail.followUps[0]?.id);
    expect(followUp?.student).toBe(flagged?.name);
    const fac1 = await t.as('facilitator');
    const outsider = await t.app.inject({
      method: 'PUT',
      url: `/api/en/dropout-follow-up/${String(followUp?.id)}`,
      headers: fac1,
      payload: { kind: 'call', outcome: 'Called.', version: 1 },
    });
    expect(outsider.statusCode).toBe(404);
    const empty = await t.app.inject({
      method: 'PUT',
      url: `/api/en/dropout-follow-up/${String(followUp?.id)}`,
      headers: fac2,
      payload: { kind: 'call', outcome: ' ', version: 1 },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ fields: Record<string, string> }>().fields.outcome).toBe(
      'Write what came of it.',
    );
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/en/dropout-follow-up/${String(followUp?.id)}`,
      headers: fac2,
      payload: { kind: 'visit', outcome: 'Visited; she will catch up by Friday.', version: 1 },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<FollowUp>()).toMatchObject({ status: 'done', kind: 'visit', version: 2 });
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/en/dropout-follow-up/${String(followUp?.id)}`,
      headers: fac2,
      payload: { kind: 'call', outcome: 'Again.', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toMatch(/Someone else recorded this follow-up/);
    // The class view's badge: K2's facilitator reads K2's count, not K1's.
    const badge = await t.app.inject({
      url: `/api/en/dropout-flagging/class/${String(f.k2)}`,
      headers: fac2,
    });
    expect(badge.statusCode, badge.body).toBe(200);
    expect(badge.json<{ flagged: number }>().flagged).toBe(k2.length);
    const otherClass = await t.app.inject({
      url: `/api/en/dropout-flagging/class/${String(f.k1)}`,
      headers: fac2,
    });
    expect(otherClass.statusCode).toBe(404);
    await deactivate(it3);
  });

  it('notify_*: one notification per new flag to its assignees, none on a re-run; its link opens the follow-up', async () => {
    // The coordinators of the two CLCs (K1 at KAK, K2 at AMM): one is the seeded `coordinator`.
    const coordinators = await q<{ user_id: number; clc_id: number; username: string }>(
      `select distinct uc.user_id, uc.clc_id, u.username from user_clcs uc
         join users u on u.jwl_id = uc.user_id and u.status = 'active'
         join user_roles r on r.user_id = uc.user_id and r.role_key in ('COORDINATOR', 'LEAD_COORDINATOR')
         join classes k on k.clc_id = uc.clc_id where k.id = any($1::int[])`,
      [[f.k1, f.k2]],
    );
    expect(coordinators.length).toBeGreaterThan(0);
    const it4 = await create({
      criterion: 'missed_tasks',
      percent: 60,
      action: 'notify_coordinator',
    });
    const first = await run();
    const flags = await flagsOf(it4.id);
    expect(first.flagged).toBe(flags.length);
    expect(flags.length).toBeGreaterThan(0);
    const notes = await q<{
      user_id: number;
      dropout_flag_id: string;
      title: string;
      body: string;
      link: string;
    }>(
      `select n.user_id, n.dropout_flag_id, n.title, n.body, n.link from notifications n
         join dropout_flags g on g.id = n.dropout_flag_id where g.item_id = $1 and n.type = 'dropout_flag'`,
      [it4.id],
    );
    const clcOf = new Map(
      (
        await q<{ id: string; clc_id: number }>(
          `select g.id, e.clc_id from dropout_flags g join enrolments e on e.id = g.enrolment_id where g.item_id = $1`,
          [it4.id],
        )
      ).map((r) => [Number(r.id), r.clc_id]),
    );
    const expected = flags.flatMap((flag) =>
      coordinators
        .filter((c) => c.clc_id === clcOf.get(flag.id))
        .map((c) => `${String(flag.id)}:${String(c.user_id)}`),
    );
    expect(
      notes.map((n) => `${String(Number(n.dropout_flag_id))}:${String(n.user_id)}`).sort(),
    ).toEqual([...new Set(expected)].sort());
    const sample = flags[0];
    const note = notes.find((n) => Number(n.dropout_flag_id) === sample?.id);
    expect(note?.title).toBe(`Flagged for dropout: ${sample?.name ?? ''}`);
    expect(note?.body).toMatch(/^Missed graded tasks due so far · /);
    expect(note?.link).toBe(`/en/dropout-follow-ups?flag=${String(sample?.id)}`);

    // A re-run writes no second notification.
    expect((await run()).flagged).toBe(0);
    const [{ n: after }] = (await q<{ n: number }>(
      `select count(*)::int as n from notifications n join dropout_flags g on g.id = n.dropout_flag_id where g.item_id = $1`,
      [it4.id],
    )) as [{ n: number }];
    expect(after).toBe(notes.length);

    // The coordinator reads them in their list and the bell, and the link's follow-up is theirs.
    const notified = coordinators.filter((c) => notes.some((n) => n.user_id === c.user_id));
    const who = notified.find((c) => c.username.startsWith('coordinator')) ?? notified[0];
    const headers = await t.as(who?.username ?? 'coordinator');
    const list = await t.app.inject({ url: '/api/en/notifications/dropout-flags', headers });
    expect(list.statusCode, list.body).toBe(200);
    // (Earlier items of this file that notify coordinators reach them too.)
    const ofItem = new Set(flags.map((x) => x.id));
    const mine = list
      .json<{ notifications: { dropoutFlagId: number; isRead: boolean }[] }>()
      .notifications.filter((n) => ofItem.has(n.dropoutFlagId));
    expect(mine.length).toBe(notes.filter((n) => n.user_id === who?.user_id).length);
    expect(mine.length).toBeGreaterThan(0);
    const unread = await t.app.inject({ url: '/api/en/notifications/unread-count', headers });
    expect(unread.json<{ dropoutFlags: number }>().dropoutFlags).toBeGreaterThanOrEqual(
      mine.length,
    );
    const flagId = mine[0]?.dropoutFlagId ?? 0;
    const followUps = await t.app.inject({
      url: `/api/en/dropout-follow-ups?flagId=${String(flagId)}`,
      headers,
    });
    expect(followUps.statusCode, followUps.body).toBe(200);
    const body = followUps.json<{ followUps: FollowUp[]; counts: { open: number } }>();
    expect(body.followUps.map((x) => x.flagId)).toEqual([flagId]);
    expect(body.followUps[0]).toMatchObject({
      assigneeRole: 'coordinator',
      criterion: 'missed_tasks',
    });
    expect(body.counts.open).toBeGreaterThan(0);

    // The list is searched, filtered, sorted and paged on the server like the app's others.
    type Page = {
      followUps: FollowUp[];
      total: number;
      pageSize: number;
      counts: { open: number };
    };
    const page = async (query: string) => {
      const res = await t.app.inject({ url: `/api/en/dropout-follow-ups?${query}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page>();
    };
    const all = await page('limit=100');
    expect(all.total).toBe(all.counts.open);
    const two = await page('limit=2&sort=name');
    expect(two.pageSize).toBe(2);
    expect(two.followUps).toHaveLength(Math.min(2, all.total));
    const byName = await page('limit=100&sort=name');
    const last = (x: FollowUp) => (x.student.split(' ').at(-1) ?? '').toLowerCase();
    expect(byName.followUps.map(last)).toEqual([...byName.followUps.map(last)].sort());
    const desc = await page('limit=100&sort=flagged&dir=desc');
    const when = desc.followUps.map((x) => x.firstFlaggedAt);
    expect(when).toEqual([...when].sort().reverse());
    const one = body.followUps[0];
    const named = await page(`q=${encodeURIComponent(one?.student ?? '')}`);
    expect(named.followUps.map((x) => x.id)).toContain(one?.id);
    expect(named.followUps.every((x) => x.student === one?.student)).toBe(true);
    expect(named.counts.open).toBeLessThanOrEqual(all.counts.open);
    const other = await page('criterion=inactive');
    expect(other.followUps.every((x) => x.criterion === 'inactive')).toBe(true);
    expect(
      (await t.app.inject({ url: '/api/en/dropout-follow-ups?sort=age', headers })).statusCode,
    ).toBe(400);
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/en/notifications/dropout-flags/read',
      headers,
      payload: { dropoutFlagId: flagId, isRead: true },
    });
    expect(read.json<{ updated: number }>().updated).toBe(1);
    // A student has no follow-ups page.
    const student = await t.app.inject({
      url: '/api/en/dropout-follow-ups',
      headers: await t.as('student'),
    });
    expect(student.statusCode).toBe(403);
    await deactivate(it4);
  });

  it('mail_student: queues the programme’s published dropout_flagged mails once per new flag, placeholders filled', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/en/automatic-mail/professional/${String(f.programmeId)}`,
      headers: admin,
      payload: {
        eventType: 'dropout_flagged',
        eventStatus: null,
        subject: 'Dear {{firstName}}: we miss you',
        body: 'Flagged on {{flaggedOn}} for “{{criterion}}” in {{programmeCode}}.',
        recipientRole: 'student',
        published: true,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const mailId = created.json<{ id: number }>().id;
    const it5 = await create({ criterion: 'missed_tasks', percent: 60, action: 'mail_student' });
    const first = await run();
    const flags = await flagsOf(it5.id);
    expect(first.flagged).toBe(flags.length);
    const outbox = await q<{ to_user_id: number; subject: string; text_body: string }>(
      `select to_user_id, subject, text_body from mail_outbox where dedupe_key like $1 order by to_user_id`,
      [`auto:${String(mailId)}:dropout-flag:%`],
    );
    const withMail = await q<{ jwl_id: number; first_name: string }>(
      `select jwl_id, first_name from users where jwl_id = any($1::int[]) and email is not null order by jwl_id`,
      [flags.map((x) => x.studentId)],
    );
    expect(outbox.map((o) => o.to_user_id)).toEqual(withMail.map((u) => u.jwl_id));
    const today = new Date().toISOString().slice(0, 10);
    expect(outbox[0]?.subject).toBe(`Dear ${withMail[0]?.first_name ?? ''}: we miss you`);
    expect(outbox[0]?.text_body).toMatch(
      new RegExp(`^Flagged on ${today} for “Missed graded tasks due so far” in \\S+\\.$`),
    );
    // A re-run queues nothing more.
    await run();
    const [{ n }] = (await q<{ n: number }>(
      `select count(*)::int as n from mail_outbox where dedupe_key like $1`,
      [`auto:${String(mailId)}:dropout-flag:%`],
    )) as [{ n: number }];
    expect(n).toBe(outbox.length);
    await deactivate(it5);
  });

  it('pages, searches, filters and sorts the flagged students', async () => {
    const it6 = await create({ criterion: 'missed_tasks', percent: 60, action: 'follow_up' });
    await run();
    const all = await flagsOf(it6.id);
    expect(all.length).toBeGreaterThan(1);
    const get = async (query: string) => {
      const res = await t.app.inject({
        url: `${base()}/flags?itemId=${String(it6.id)}&${query}`,
        headers: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ flags: Flag[]; total: number; page: number; pageSize: number }>();
    };
    const first = all[0];
    const byName = await get(`q=${encodeURIComponent(first?.name ?? '')}`);
    expect(byName.flags.map((x) => x.id)).toContain(first?.id);
    expect(byName.total).toBe(byName.flags.length);
    const k2Only = await get(`classId=${String(f.k2)}`);
    expect(k2Only.flags.every((x) => x.className === 'K2')).toBe(true);
    expect((await get('criterion=inactive')).total).toBe(0);
    expect((await get('flagStatus=unknown')).flags.map((x) => x.studentId)).toEqual([k2[0]]);
    const byClass = await get('sort=class');
    expect(byClass.flags.map((x) => x.className)).toEqual(
      [...all.map((x) => x.className)].sort((a, b) => (a ?? '').localeCompare(b ?? '')),
    );
    const past = await get('page=2');
    expect(past).toMatchObject({ flags: [], total: all.length, page: 2, pageSize: 50 });
    const bad = await t.app.inject({ url: `${base()}/flags?page=0&sort=size`, headers: admin });
    expect(bad.statusCode).toBe(400);
    await deactivate(it6);
  });

  it('previews an unsaved item without saving anything', async () => {
    const [before] = await q<{ n: number }>(`select count(*)::int as n from dropout_flags`);
    const res = await t.app.inject({
      method: 'POST',
      url: `${base()}/all/preview`,
      headers: admin,
      payload: item({ criterion: 'missed_tasks', percent: 50 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<DropoutPreview>();
    // k1[3] handed everything in above; k1[1] and K2 remain.
    expect(preview.count).toBe(4);
    expect(sorted(preview.students.map((x) => x.studentId))).toEqual(sorted([k1[1] ?? 0, ...k2]));
    expect(preview.tasks.map((x) => x.title)).toContain('Essay');
    const [after] = await q<{ n: number }>(`select count(*)::int as n from dropout_flags`);
    expect(after?.n).toBe(before?.n);
  });

  it('refuses with sentences and saves nothing half', async () => {
    const [before] = await q<{ n: number }>(
      `select count(*)::int as n from dropout_flagging_items where programme_id = $1`,
      [f.programmeId],
    );
    const noPercent = await t.app.inject({
      method: 'POST',
      url: `${base()}/all`,
      headers: admin,
      payload: item({ percent: null }),
    });
    expect(noPercent.statusCode).toBe(400);
    expect(noPercent.json<{ fields: Record<string, string> }>().fields.percent).toBe(
      'Enter a percent from 1 to 100.',
    );
    const noWeeks = await t.app.inject({
      method: 'POST',
      url: `${base()}/all`,
      headers: admin,
      payload: item({ criterion: 'inactive', weeks: 60 }),
    });
    expect(noWeeks.json<{ fields: Record<string, string> }>().fields.weeks).toBe(
      'Enter whole weeks from 1 to 52.',
    );
    const badAction = await t.app.inject({
      method: 'POST',
      url: `${base()}/all`,
      headers: admin,
      payload: item({ action: 'shout' }),
    });
    expect(badAction.statusCode).toBe(400);
    const [after] = await q<{ n: number }>(
      `select count(*)::int as n from dropout_flagging_items where programme_id = $1`,
      [f.programmeId],
    );
    expect(after?.n).toBe(before?.n);

    const made = await create({ percent: 80 });
    const first = await t.app.inject({
      method: 'PUT',
      url: `${base()}/all/${String(made.id)}`,
      headers: admin,
      payload: { ...item({ percent: 70 }), version: made.version },
    });
    expect(first.statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'PUT',
      url: `${base()}/all/${String(made.id)}`,
      headers: admin,
      payload: { ...item({ percent: 90 }), version: made.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toBe(
      'Someone else changed this item meanwhile: reload it to see their change.',
    );
    const [row] = await q<{ percent: string }>(
      `select percent from dropout_flagging_items where id = $1`,
      [made.id],
    );
    expect(Number(row?.percent)).toBe(70);

    // A coordinator reads their CLC's flags but may not run the evaluation.
    const coordinator = await t.as('coordinator');
    const runAsCoordinator = await t.app.inject({
      method: 'POST',
      url: `${base()}/run`,
      headers: coordinator,
    });
    expect(runAsCoordinator.statusCode).toBe(403);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${base()}/all/${String(made.id)}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    const gone = await t.app.inject({ url: `${base()}/all/${String(made.id)}`, headers: admin });
    expect(gone.statusCode).toBe(404);
  });

  it('reports per item what became of the flagged students', async () => {
    const res = await t.app.inject({ url: `${base()}/report`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ rows: { criterion: string; flagged: number; stillActive: number }[] }>()
      .rows;
    expect(rows[0]).toMatchObject({ criterion: 'missed_tasks', flagged: 5, stillActive: 5 });
  });
});
