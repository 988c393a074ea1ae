import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, UnreadCount } from '@lantern/contracts/communication';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createNotifications } from '../../lib/notifications';

let t: TestApp;
let me: Record<string, string>;
let other: Record<string, string>;
let meId = 0;
let otherId = 0;

const idOf = async (username: string) => {
  const [row] = await t.database.query<{ jwl_id: number }>(
    `select jwl_id from users where username = $1`,
    [username],
  );
  return row?.jwl_id ?? 0;
};

/** `facilitator_2` and `coordinator_2` with clean notification lists of their own. */
beforeAll(async () => {
  t = await buildTestApp();
  me = await t.as('facilitator_2');
  other = await t.as('coordinator_2');
  meId = await idOf('facilitator_2');
  otherId = await idOf('coordinator_2');
  await t.database.query(`delete from notifications where user_id = any($1)`, [[meId, otherId]]);
  // Requests 2000…2059 (withdrawn, on one demo grade) for the undo-publish notifications to name.
  await t.database.query(
    `insert into grade_requests (id, kind, subject, item_id, course_id, student_id, grade_version,
       max_points, reason, state, requested_by, decided_at)
     overriding system value
     select 2000 + n, 'undo_publish', 'task', g.item_id, g.course_id, g.student_id, g.version,
       g.max_points, 'A test request.', 'withdrawn', $1, now()
     from (select * from grades order by item_id, student_id limit 1) g, generate_series(0, 59) n`,
    [meId],
  );
  // 60 grade comments (submissions 1000…1059) and 60 undo-publish requests for me, oldest first.
  for (let i = 0; i < 60; i += 1) {
    await createNotifications(t.deps.db, {
      type: 'grade_comment',
      userIds: [meId],
      title: `Comment ${i}`,
      submissionId: 1000 + i,
      taskId: 1,
    });
    await createNotifications(t.deps.db, {
      type: 'undo_publish_request',
      userIds: [meId],
      title: `Undo ${i}`,
      undoPublishRequestId: 2000 + i,
    });
  }
  await t.database.query(
    `update notifications set created_at = now() - make_interval(secs => 1000 - coalesce(submission_id, undo_publish_request_id - 1000) + 1000)
      where user_id = $1`,
    [meId],
  );
  // Someone else's: the same submission 1000 and another one.
  await createNotifications(t.deps.db, {
    type: 'grade_comment',
    userIds: [otherId],
    title: 'Theirs',
    submissionId: 1000,
  });
  await createNotifications(t.deps.db, {
    type: 'grade_comment',
    userIds: [otherId],
    title: 'Theirs only',
    submissionId: 3000,
  });
  // 12 announcements to me (AMM facilitators), published.
  for (let i = 0; i < 12; i += 1) {
    await t.database.query(
      `insert into announcements (title, body, audience_roles, audience_clc_ids, status, created_at)
       select $1, 'Body', '{FACILITATOR}', array[id], 'published', now() - make_interval(secs => $2::int)
         from clcs where code = 'AMM'`,
      [`Announcement ${i}`, 100 - i],
    );
  }
  const ids = await t.database.query<{ id: number }>(
    `select id from announcements where title like 'Announcement %'`,
  );
  const { deliverAnnouncement } = await import('@lantern/db/announcements');
  for (const { id } of ids) await deliverAnnouncement(t.deps.db, id);
});
afterAll(async () => t.close());

const get = async (path: string, headers = me) => {
  const res = await t.app.inject({ url: `/api/en/notifications/${path}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ notifications: Notification[] }>().notifications;
};
const post = (path: string, payload: Record<string, unknown> = {}, headers = me) =>
  t.app.inject({ method: 'POST', url: `/api/en/notifications/${path}`, headers, payload });
const count = async (headers = me) =>
  (await t.app.inject({ url: '/api/en/notifications/unread-count', headers })).json<UnreadCount>();

describe('notification lists (spec §7)', () => {
  it('give 50 grade comments, 10 announcements and 50 undo-publish requests by default, newest first', async () => {
    const comments = await get('grade-comments');
    expect(comments).toHaveLength(50);
    expect(comments[0]?.submissionId).toBe(1059);
    expect(comments.every((n) => n.type === 'grade_comment' && !n.isRead)).toBe(true);
    const announcements = await get('announcements');
    expect(announcements).toHaveLength(10);
    expect(announcements[0]?.title).toBe('Announcement 11');
    expect(announcements[0]?.announcementId).toEqual(expect.any(Number));
    const undo = await get('undo-publish-requests');
    expect(undo).toHaveLength(50);
    expect(undo[0]?.undoPublishRequestId).toBe(2059);
    expect(Object.keys(undo[0] ?? {})).toEqual(
      expect.arrayContaining([
        'id',
        'type',
        'isRead',
        'readAt',
        'createdAt',
        'priority',
        'submissionId',
        'taskId',
        'announcementId',
        'undoPublishRequestId',
      ]),
    );
  });

  it('take a limit up to 100, and refuse 0 or 101 with a 400', async () => {
    expect(await get('grade-comments?limit=5')).toHaveLength(5);
    expect(await get('grade-comments?limit=100')).toHaveLength(60);
    for (const limit of ['0', '101', 'x']) {
      const res = await t.app.inject({
        url: `/api/en/notifications/grade-comments?limit=${limit}`,
        headers: me,
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('show a submission’s grade comments, only the user’s own', async () => {
    const mine = await get('1000/grade-comment-notifications');
    expect(mine.map((n) => n.title)).toEqual(['Comment 0']);
    expect(await get('3000/grade-comment-notifications')).toEqual([]);
  });
});

describe('read state', () => {
  it('toggles one grade comment read and unread; onlyUnread leaves it out', async () => {
    expect((await post('read', { submissionId: 1059, isRead: true })).json()).toEqual({
      updated: 1,
    });
    let unread = await get('grade-comments?onlyUnread=true&limit=100');
    expect(unread).toHaveLength(59);
    expect(unread.some((n) => n.submissionId === 1059)).toBe(false);
    const all = await get('grade-comments');
    expect(all[0]).toMatchObject({ submissionId: 1059, isRead: true });
    expect(all[0]?.readAt).toMatch(/^\d{4}-/);
    await post('read', { submissionId: 1059, isRead: false });
    unread = await get('grade-comments?onlyUnread=1&limit=100');
    expect(unread).toHaveLength(60);
  });

  it('marks by id lists: submissionIds, announcementIds, undoPublishIds', async () => {
    const before = await count();
    expect(before).toMatchObject({ gradeComments: 60, announcements: 12, undoPublishRequests: 60 });
    expect(before.total).toBe(132);
    expect(
      (await post('grade-comments/mark-read', { submissionIds: [1000, 1001] })).json(),
    ).toEqual({ updated: 2 });
    const announcements = await get('announcements?limit=2');
    const ids = announcements.map((n) => n.announcementId);
    expect((await post('announcements/mark-read', { announcementIds: ids })).json()).toEqual({
      updated: 2,
    });
    expect(
      (await post('undo-publish-requests/mark-read', { undoPublishIds: [2000] })).json(),
    ).toEqual({ updated: 1 });
    expect(
      (await post('undo-publish-requests/read', { undoPublishId: 2000, isRead: false })).json(),
    ).toEqual({ updated: 1 });
    expect(await count()).toMatchObject({
      gradeComments: 58,
      announcements: 10,
      undoPublishRequests: 60,
      total: 128,
    });
  });

  it('refuses to mark someone else’s notification, and nothing changes', async () => {
    const theirs = await count(other);
    const mine = await count();
    // 3000 is only theirs; a list with one of mine and one of theirs is refused whole.
    for (const [path, payload] of [
      ['read', { submissionId: 3000, isRead: true }],
      ['grade-comments/mark-read', { submissionIds: [1002, 3000] }],
      ['undo-publish-requests/mark-read', { undoPublishIds: [2001, 999_999] }],
      ['announcements/mark-read', { announcementIds: [999_999] }],
    ] as const) {
      const res = await post(path, payload);
      expect(res.statusCode, path).toBe(404);
      expect(res.json<{ detail: string }>().detail).toBe('The notification was not found.');
    }
    expect(await count(other)).toEqual(theirs);
    expect(await count()).toEqual(mine);
    // Submission 1000 is in both lists: marking mine leaves theirs unread.
    await post('read', { submissionId: 1000, isRead: true });
    expect(await count(other)).toEqual(theirs);
  });

  it('refuses an empty or malformed id list with a 400', async () => {
    expect((await post('grade-comments/mark-read', { submissionIds: [] })).statusCode).toBe(400);
    expect((await post('announcements/mark-read', { announcementIds: ['x'] })).statusCode).toBe(
      400,
    );
    expect((await post('read', { submissionId: 1000 })).statusCode).toBe(400);
  });

  it('marks all read per type, leaving the other types alone', async () => {
    expect((await post('announcements/mark-all-read')).json()).toEqual({ updated: 10 });
    expect(await count()).toMatchObject({ announcements: 0, gradeComments: 58 });
    expect((await post('grade-comments/mark-all-read')).json()).toEqual({ updated: 58 });
    expect(await count()).toMatchObject({ gradeComments: 0, undoPublishRequests: 60 });
    expect((await post('undo-publish-requests/mark-all-read')).json()).toEqual({ updated: 60 });
    expect((await count()).total).toBe(0);
    expect((await count(other)).gradeComments).toBe(2);
  });

  it('needs a sign-in', async () => {
    const res = await t.app.inject({ url: '/api/en/notifications/unread-count' });
    expect(res.statusCode).toBe(401);
  });
});

describe('the requests tab (decision 0021 §2.5)', () => {
  it('answers empty to those who neither ask for nor decide grade requests', async () => {
    // coordinator_2 holds no GRADE_CHANGE_REQUEST right; a row addressed to them stays unseen.
    await createNotifications(t.deps.db, {
      type: 'undo_publish_request',
      userIds: [otherId],
      title: 'Not for a coordinator',
      undoPublishRequestId: 2000,
    });
    expect(await get('undo-publish-requests', other)).toEqual([]);
    const counted = await count(other);
    expect(counted.undoPublishRequests).toBe(0);
    expect(counted.total).toBe(
      counted.gradeComments + counted.announcements + counted.discussionReplies,
    );
  });
});
