import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type {
  Post,
  PostRevisions,
  PostsPage,
  StudentPosts,
  TopicCreated,
  TopicsPage,
} from '@lantern/contracts/discussions';
import { buildTestApp, type TestApp } from '../../../../test/helpers';
import { makeTeachingFixture, type TeachingFixture } from '../../../../test/teaching-fixture';
import { saveItemForum } from './item-forum.repository';

const LMS = '/api/en/lms';
let t: TestApp;
let f: TeachingFixture;
const headers: Record<string, { authorization: string }> = {};
let courseForum: number;
let itemId: number;
let itemForum: number;

type Answer<T> = {
  status: number;
  body: T & { code?: string; detail?: string; fields?: Record<string, string> };
};

async function call<T>(
  who: string,
  method: string,
  url: string,
  payload?: unknown,
): Promise<Answer<T>> {
  headers[who] ??= await t.as(who.replace(/\?.*$/, ''));
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: headers[who],
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return {
    status: res.statusCode,
    body: res.body ? res.json<Answer<T>['body']>() : ({} as Answer<T>['body']),
  };
}

const topic = (who: string, forumId: number, title: string, body: string, extra = {}) =>
  call<TopicCreated>(who, 'POST', `${LMS}/forum/${forumId}/topics`, {
    clientId: randomUUID(),
    title,
    body,
    ...extra,
  });
const reply = (who: string, topicId: number, body: string, parentId?: number) =>
  call<Post>(who, 'POST', `${LMS}/topic/${topicId}/posts`, {
    clientId: randomUUID(),
    body,
    ...(parentId ? { parentId } : {}),
  });
// Posts are spread over time so the pace limit (10 a minute) does not refuse test setup.
const age = (minutes: number) =>
  t.database.query(
    `update discussion_posts set created_at = created_at - make_interval(mins => $1)`,
    [minutes],
  );

beforeAll(async () => {
  t = await buildTestApp();
  f = await makeTeachingFixture(t, '961');
  const made = await call<{ id: number }>(
    'lead_faculty',
    'POST',
    `${LMS}/course/${f.courseId}/forums`,
    {},
  );
  expect(made.status).toBe(200);
  courseForum = made.body.id;
  const [item] = await t.database.query<{ id: number }>(
    `insert into learning_items (unit_id, course_id, kind, title, position, is_published, published_at,
       delivery, max_points, grading, due_at, settings)
     values ($1, $2, 'discussion', 'Debate', 9, true, now(), 'online', 10, 'points', now() + interval '7 days', $3)
     returning id`,
    [
      f.unitId,
      f.courseId,
      JSON.stringify({
        minPosts: 2,
        minReplies: 1,
        minWordsPerPost: 3,
        topicsBy: 'everyone',
        separateClasses: true,
      }),
    ],
  );
  itemId = item?.id ?? 0;
  await t.database.db.transaction((tx) =>
    saveItemForum(tx, {
      id: itemId,
      courseId: f.courseId,
      title: 'Debate',
      settings: {
        minPosts: 2,
        minReplies: 1,
        minWordsPerPost: 3,
        topicsBy: 'everyone',
        separateClasses: true,
      },
    }),
  );
  const [forum] = await t.database.query<{ id: number }>(
    `select id from discussion_forums where item_id = $1`,
    [itemId],
  );
  itemForum = forum?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

describe('forums', () => {
  it('authors open one forum per course; a second is refused and learners cannot open one', async () => {
    const again = await call('lead_faculty', 'POST', `${LMS}/course/${f.courseId}/forums`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_EXISTS');
    expect((await call('student', 'POST', `${LMS}/course/${f.courseId}/forums`, {})).status).toBe(
      403,
    );
    const list = await call<{ forums: { id: number; itemId: number | null }[] }>(
      'student',
      'GET',
      `${LMS}/course/${f.courseId}/forums`,
    );
    expect(list.status).toBe(200);
    expect(list.body.forums.map((x) => x.id)).toEqual([courseForum, itemForum]);
  });

  it('authoring a graded discussion makes its forum and keeps it in line with the item', async () => {
    const body = {
      kind: 'discussion',
      title: 'Authored debate',
      body: '<p>Discuss.</p>',
      visibleFrom: null,
      countsForProgress: true,
      delivery: 'online',
      maxPoints: 5,
      dueAt: null,
      lateUntil: null,
      settings: {
        minPosts: 1,
        minReplies: 0,
        minWordsPerPost: null,
        topicsBy: 'staff',
        separateClasses: false,
      },
    };
    const made = await call<{ id: number; version: number }>(
      'lead_faculty',
      'POST',
      `${LMS}/unit/${f.unitId}/tasks`,
      body,
    );
    expect(made.status).toBe(200);
    const forum = async () =>
      (
        await t.database.query<{ title: string; topics_by: string; separate_classes: boolean }>(
          `select title, topics_by, separate_classes from discussion_forums where item_id = $1`,
          [made.body.id],
        )
      )[0];
    expect(await forum()).toEqual({
      title: 'Authored debate',
      topics_by: 'staff',
      separate_classes: false,
    });
    const bad = await call('lead_faculty', 'POST', `${LMS}/unit/${f.unitId}/tasks`, {
      ...body,
      settings: { ...body.settings, minPosts: 0 },
    });
    expect(bad.status).toBe(400);
    const changed = await call('lead_faculty', 'PATCH', `${LMS}/task/${made.body.id}`, {
      ...body,
      title: 'Renamed debate',
      settings: { ...body.settings, topicsBy: 'everyone' },
      version: made.body.version,
    });
    expect(changed.status).toBe(200);
    expect(await forum()).toMatchObject({ title: 'Renamed debate', topics_by: 'everyone' });
  });

  it("finds a graded discussion's forum by its item", async () => {
    const found = await call<{ forumId: number }>(
      'student',
      'GET',
      `${LMS}/discussion/${itemId}/forum`,
    );
    expect(found.body).toEqual({ forumId: itemForum });
  });
});

describe('posting rules', () => {
  let k1Topic: number;
  let studentPost: number;

  it('a teacher starts a topic for their class; the other class does not see it', async () => {
    const made = await topic('facilitator', courseForum, 'Welcome', 'Say hello to the class.', {
      classId: f.k1,
    });
    expect(made.status).toBe(200);
    k1Topic = made.body.topic.id;
    expect(made.body.topic).toMatchObject({
      class: { id: f.k1 },
      subscribed: true,
      postCount: 1,
      unread: 0,
    });
    expect((await call('student_2', 'GET', `${LMS}/topic/${k1Topic}/posts`)).status).toBe(404);
    const mine = await call<TopicsPage>('student', 'GET', `${LMS}/forum/${courseForum}/topics`);
    expect(mine.body.topics.map((x) => x.id)).toContain(k1Topic);
    expect(mine.body.topics.find((x) => x.id === k1Topic)?.unread).toBe(1);
    const other = await call<TopicsPage>('student_2', 'GET', `${LMS}/forum/${courseForum}/topics`);
    expect(other.body.topics.map((x) => x.id)).not.toContain(k1Topic);
    // A teacher of K2 cannot start a topic for K1.
    const wrong = await topic('facilitator_2', courseForum, 'Not mine', 'Hello there.', {
      classId: f.k1,
    });
    expect(wrong.status).toBe(400);
  });

  it('a learner replies; the same clientId again answers the same post', async () => {
    const clientId = randomUUID();
    const first = await call<Post>('student', 'POST', `${LMS}/topic/${k1Topic}/posts`, {
      clientId,
      body: 'Hello, everyone! See https://example.org for more.',
    });
    expect(first.status).toBe(200);
    studentPost = first.body.id;
    expect(first.body).toMatchObject({
      depth: 1,
      replyTo: expect.any(String) as string,
      isUnread: false,
    });
    expect(first.body.editableUntil).not.toBeNull();
    const again = await call<Post>('student', 'POST', `${LMS}/topic/${k1Topic}/posts`, {
      clientId,
      body: 'Hello, everyone! See https://example.org for more.',
    });
    expect(again.body.id).toBe(studentPost);
    const [count] = await t.database.query<{ post_count: number }>(
      `select post_count from discussion_topics where id = $1`,
      [k1Topic],
    );
    expect(count?.post_count).toBe(2);
  });

  it('refuses empty and over-long bodies with the sentences', async () => {
    const empty = await reply('student', k1Topic, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.fields?.body).toBe('This field must be filled');
    const long = await reply('student', k1Topic, 'a'.repeat(20_001));
    expect(long.status).toBe(400);
    expect(long.body.fields?.body).toBe('At most 20,000 characters.');
  });

  it('learners do not start topics where teachers start them', async () => {
    const [forum] = await t.database.query<{ version: number }>(
      `select version from discussion_forums where id = $1`,
      [courseForum],
    );
    const set = await call('lead_faculty', 'PATCH', `${LMS}/forum/${courseForum}`, {
      version: forum?.version,
      topicsBy: 'staff',
    });
    expect(set.status).toBe(200);
    const refused = await topic('student', courseForum, 'Mine', 'A question from me.');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'TOPICS_BY_STAFF',
      detail: 'Only teachers start topics here.',
    });
  });

  it('readers by a wide right read and never write; impersonation writes nothing', async () => {
    // facilitator_2 without their seat, as seeAllCourses: reads every course, takes part in none.
    await t.database.query(`delete from class_staff where class_id = $1 and user_id = $2`, [
      f.k2,
      f.user.facilitator_2,
    ]);
    await t.database.query(
      `update users set system_role = 'seeAllCourses' where username = 'facilitator_2'`,
    );
    try {
      const read = await call('facilitator_2', 'GET', `${LMS}/topic/${k1Topic}/posts`);
      expect(read.status).toBe(200);
      const refused = await reply('facilitator_2', k1Topic, 'I would like to add something.');
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'NOT_PARTICIPANT',
        detail:
          'Only the learners, teachers and authors of this course take part in its discussions.',
      });
      const remove = await call('facilitator_2', 'POST', `${LMS}/post/${studentPost}/remove`, {});
      expect(remove.status).toBe(403);
      expect(remove.body.code).toBe('NOT_MODERATOR');
    } finally {
      await t.database.query(
        `update users set system_role = 'user' where username = 'facilitator_2'`,
      );
      await t.database.query(
        `insert into class_staff (class_id, user_id, kind) values ($1, $2, 'facilitator')`,
        [f.k2, f.user.facilitator_2],
      );
    }
    for (const who of ['coordinator', 'view_only_user'])
      expect((await reply(who, k1Topic, 'Viewing only.')).status).toBe(403);
    const imp = await t.app.inject({
      method: 'POST',
      url: `${LMS}/topic/${k1Topic}/posts?_switch_user=student`,
      headers: await t.as('super_admin'),
      payload: { clientId: randomUUID(), body: 'Written for someone.' },
    });
    expect(imp.statusCode).toBe(403);
    expect(imp.json()).toMatchObject({
      code: 'IMPERSONATING',
      detail: 'Posts are written by the person themselves.',
    });
  });

  it('edits within 30 minutes keep revisions; after that they are refused; others cannot edit', async () => {
    const edited = await call<Post>('student', 'PATCH', `${LMS}/post/${studentPost}`, {
      version: 1,
      body: 'Hello, everyone (edited).',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      editCount: 1,
      version: 2,
      body: 'Hello, everyone (edited).',
    });
    const [rev] = await t.database.query<{ body: string }>(
      `select body from discussion_post_revisions where post_id = $1 and version = 1`,
      [studentPost],
    );
    expect(rev?.body).toContain('https://example.org');
    // The earlier text is shown to the author and to moderators of the author's class only.
    for (const who of ['student', 'facilitator']) {
      const revisions = await call<PostRevisions>(
        who,
        'GET',
        `${LMS}/post/${studentPost}/revisions`,
      );
      expect(revisions.status).toBe(200);
      expect(revisions.body.revisions).toHaveLength(1);
      expect(revisions.body.revisions[0]).toMatchObject({ version: 1 });
      expect(revisions.body.revisions[0]?.body).toContain('https://example.org');
    }
    for (const who of ['student_2', 'facilitator_2'])
      expect((await call(who, 'GET', `${LMS}/post/${studentPost}/revisions`)).status).toBe(404);
    const stale = await call('student', 'PATCH', `${LMS}/post/${studentPost}`, {
      version: 1,
      body: 'Again',
    });
    expect(stale.status).toBe(409);
    expect(
      (await call('student_2', 'PATCH', `${LMS}/post/${studentPost}`, { version: 2, body: 'x' }))
        .status,
    ).toBe(404);
    await t.database.query(
      `update discussion_posts set created_at = now() - interval '31 minutes' where id = $1`,
      [studentPost],
    );
    const late = await call('student', 'PATCH', `${LMS}/post/${studentPost}`, {
      version: 2,
      body: 'Too late',
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      code: 'EDIT_WINDOW_PASSED',
      detail: 'Posts can be changed for 30 minutes after posting.',
    });
  });

  it("moderators of the author's class remove and restore; others are refused; the post stays", async () => {
    const refused = await call('facilitator_2', 'POST', `${LMS}/post/${studentPost}/remove`, {});
    expect([403, 404]).toContain(refused.status);
    const byLearner = await call('student', 'POST', `${LMS}/post/${studentPost}/remove`, {});
    expect(byLearner.status).toBe(403);
    expect(byLearner.body.code).toBe('NOT_MODERATOR');
    const removed = await call<Post>('facilitator', 'POST', `${LMS}/post/${studentPost}/remove`, {
      reason: 'Off topic',
    });
    expect(removed.status).toBe(200);
    expect(removed.body.removed).toMatchObject({ reason: 'Off topic' });
    const seen = await call<PostsPage>('student', 'GET', `${LMS}/topic/${k1Topic}/posts`);
    expect(seen.body.posts.find((p) => p.id === studentPost)?.body).not.toBeNull();
    // A classmate signs in with the demo password (generated learners have none of their own).
    const [classmate] = await t.database.query<{ username: string }>(
      `update users set password_hash = (select password_hash from users where username = 'student')
       where jwl_id = $1 returning username`,
      [f.students.k1[1]],
    );
    const byClassmate = await call<PostsPage>(
      classmate?.username ?? '',
      'GET',
      `${LMS}/topic/${k1Topic}/posts`,
    );
    const hidden = byClassmate.body.posts.find((p) => p.id === studentPost);
    expect(hidden?.body).toBeNull();
    expect(hidden?.removed).toMatchObject({ reason: null });
    const author = await call('lead_faculty', 'POST', `${LMS}/post/${studentPost}/restore`);
    expect(author.status).toBe(200);
    const audits = await t.database.query<{ action: string }>(
      `select action from audit_log where entity_type = 'discussion_post' and entity_id = $1 order by id`,
      [String(studentPost)],
    );
    expect(audits.map((a) => a.action)).toEqual([
      'discussion.post.remove',
      'discussion.post.restore',
    ]);
  });

  it('a locked topic and a closed unit take no posts', async () => {
    const locked = await call<{ version: number }>(
      'facilitator',
      'PATCH',
      `${LMS}/topic/${k1Topic}`,
      {
        version: 1,
        isLocked: true,
        isPinned: true,
      },
    );
    expect(locked.status).toBe(200);
    const refused = await reply('student', k1Topic, 'Still here?');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'DISCUSSION_LOCKED',
      detail: 'This discussion is closed for new posts.',
    });
    await call('facilitator', 'PATCH', `${LMS}/topic/${k1Topic}`, {
      version: locked.body.version,
      isLocked: false,
    });
    const unitForum = await call<{ id: number }>(
      'lead_faculty',
      'POST',
      `${LMS}/course/${f.courseId}/forums`,
      {
        unitId: f.unitId,
      },
    );
    const opened = await topic('facilitator', unitForum.body.id, 'Unit talk', 'About this unit.');
    expect(opened.status).toBe(200);
    await t.database.query(`update learning_units set status = 'closed' where id = $1`, [f.unitId]);
    try {
      const closed = await reply('student', opened.body.topic.id, 'Late words');
      expect(closed.status).toBe(409);
      expect(closed.body.code).toBe('UNIT_CLOSED');
    } finally {
      await t.database.query(`update learning_units set status = 'published' where id = $1`, [
        f.unitId,
      ]);
    }
  });

  it('allows 10 posts a minute a person, then 429', async () => {
    await age(2);
    const opened = await topic('faculty', courseForum, 'Quick fire', 'Answer fast.', {
      classId: f.k1,
    });
    expect(opened.status).toBe(200);
    for (let i = 0; i < 9; i += 1)
      expect((await reply('faculty', opened.body.topic.id, `Point ${i}`)).status).toBe(200);
    const fast = await reply('faculty', opened.body.topic.id, 'One more');
    expect(fast.status).toBe(429);
    expect(fast.body).toMatchObject({
      code: 'RATE_LIMITED',
      detail: 'You are posting very fast: wait a minute.',
    });
    await age(2);
  });
});

describe('read state and subscriptions', () => {
  it('counts unread per reader, marks all read, and notifies each subscriber once per topic', async () => {
    const made = await topic('facilitator', courseForum, 'Reading', 'Read chapter two.', {
      classId: f.k1,
    });
    const id = made.body.topic.id;
    expect((await call('student', 'PUT', `${LMS}/topic/${id}/subscription`)).body).toEqual({
      subscribed: true,
    });
    for (const text of ['First point', 'Second point', 'Third point'])
      expect((await reply('faculty', id, text)).status).toBe(200);
    const [n] = await t.database.query<{ body: string; link: string; is_read: boolean }>(
      `select body, link, is_read from notifications n join users u on u.jwl_id = n.user_id
       where n.topic_id = $1 and u.username = 'student'`,
      [id],
    );
    expect(n).toMatchObject({ body: '4 new posts since you last read', is_read: false });
    expect(n?.link).toMatch(new RegExp(`^/en/discuss/${courseForum}/topic/${id}\\?post=\\d+$`));
    const facilitatorNotes = await t.database.query(
      `select 1 from notifications n join users u on u.jwl_id = n.user_id where n.topic_id = $1 and u.username = 'facilitator'`,
      [id],
    );
    expect(facilitatorNotes.length).toBe(1);
    const bell = await call<{ discussionReplies: number }>(
      'student',
      'GET',
      '/api/en/notifications/unread-count',
    );
    expect(bell.body.discussionReplies).toBeGreaterThanOrEqual(1);
    const page = await call<PostsPage>('student', 'GET', `${LMS}/topic/${id}/posts`);
    expect(page.body.posts.filter((p) => p.isUnread).length).toBe(4);
    const two = page.body.posts.slice(0, 2).map((p) => p.id);
    expect(
      (await call('student', 'PUT', `${LMS}/topic/${id}/read`, { postIds: two })).body,
    ).toEqual({ unread: 2 });
    expect((await call('student', 'PUT', `${LMS}/topic/${id}/read`, { all: true })).body).toEqual({
      unread: 0,
    });
    const [after] = await t.database.query<{ is_read: boolean }>(
      `select is_read from notifications n join users u on u.jwl_id = n.user_id where n.topic_id = $1 and u.username = 'student'`,
      [id],
    );
    expect(after?.is_read).toBe(true);
    const list = await call<{ notifications: { topicId: number }[] }>(
      'student',
      'GET',
      '/api/en/notifications/discussion-replies',
    );
    expect(list.body.notifications.map((x) => x.topicId)).toContain(id);
    await age(2);
  });

  it('unread equals a naive set over random views and new posts', async () => {
    const made = await topic('facilitator', courseForum, 'Property', 'Start.', { classId: f.k1 });
    const id = made.body.topic.id;
    const [student] = await t.database.query<{ jwl_id: number }>(
      `select jwl_id from users where username = 'student'`,
    );
    const me = student?.jwl_id ?? 0;
    const [author] = await t.database.query<{ jwl_id: number }>(
      `select jwl_id from users where username = 'faculty'`,
    );
    const [opening] = await t.database.query<{ id: string; path: string }>(
      `select id, path from discussion_posts where topic_id = $1`,
      [id],
    );
    const all: number[] = [Number(opening?.id)];
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constant('post' as const), fc.integer({ min: 0, max: 50 })), {
          maxLength: 12,
        }),
        async (steps) => {
          for (const s of steps) {
            if (s === 'post') {
              // Straight into the table: the pace limit is not what this checks.
              const [row] = await t.database.query<{ id: string }>(
                `with n as (select nextval(pg_get_serial_sequence('discussion_posts', 'id')) as id)
                 insert into discussion_posts (id, client_id, topic_id, course_id, parent_id, path, depth, author_id, body)
                 overriding system value
                 select n.id, gen_random_uuid(), $1, $2, $3, $4 || lpad(to_hex(n.id), 7, '0'), 1, $5, 'x' from n
                 returning id`,
                [id, f.courseId, opening?.id, opening?.path, author?.jwl_id],
              );
              await t.database.query(
                `update discussion_topics set post_count = post_count + 1, last_post_id = $2 where id = $1`,
                [id, row?.id],
              );
              all.push(Number(row?.id));
            } else {
              const pick = all.filter((_, i) => i % (s + 1) === 0).slice(0, 100);
              pick.forEach((p) => seen.add(p));
              const res = await call<{ unread: number }>(
                'student',
                'PUT',
                `${LMS}/topic/${id}/read`,
                { postIds: pick },
              );
              expect(res.body.unread).toBe(all.filter((p) => !seen.has(p)).length);
            }
          }
          const [r] = await t.database.query<{ unread: number }>(
            `select t.post_count - coalesce(r.read_count, 0) as unread from discussion_topics t
             left join discussion_reads r on r.topic_id = t.id and r.user_id = $2 where t.id = $1`,
            [id, me],
          );
          expect(r?.unread).toBe(all.filter((p) => !seen.has(p)).length);
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('a 1,000-post thread', () => {
  it('walks in 34 pages of 30 in tree order with no gap or repeat, and opens around a post', async () => {
    const made = await topic('lead_faculty', courseForum, 'Big thread', 'Opening post.');
    const id = made.body.topic.id;
    const [opening] = await t.database.query<{ id: string; path: string; author_id: number }>(
      `select id, path, author_id from discussion_posts where topic_id = $1`,
      [id],
    );
    const ids = await t.database.query<{ id: string }>(
      `select nextval(pg_get_serial_sequence('discussion_posts', 'id')) as id from generate_series(1, 999)`,
    );
    const nodes: { id: number; path: string; depth: number; parent: number }[] = [
      { id: Number(opening?.id), path: opening?.path ?? '', depth: 0, parent: 0 },
    ];
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    for (const r of ids) {
      const parent = nodes[rand(nodes.length)] ?? nodes[0];
      const pid = Number(r.id);
      nodes.push({
        id: pid,
        path: `${parent?.path ?? ''}${pid.toString(36).padStart(7, '0')}`,
        depth: (parent?.depth ?? 0) + 1,
        parent: parent?.id ?? 0,
      });
    }
    const values = nodes.slice(1);
    await t.database.query(
      `insert into discussion_posts (id, client_id, topic_id, course_id, parent_id, path, depth, author_id, body)
       overriding system value
       select x.id, gen_random_uuid(), $1, $2, x.parent, x.path, x.depth, $3, 'Post ' || x.id
       from unnest($4::bigint[], $5::bigint[], $6::text[], $7::int[]) as x(id, parent, path, depth)`,
      [
        id,
        f.courseId,
        opening?.author_id,
        values.map((v) => v.id),
        values.map((v) => v.parent),
        values.map((v) => v.path),
        values.map((v) => v.depth),
      ],
    );
    await t.database.query(`update discussion_topics set post_count = 1000 where id = $1`, [id]);
    const expected = [...nodes]
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      .map((n) => n.id);
    const walked: number[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const url: string = `${LMS}/topic/${id}/posts${after ? `?after=${after}` : ''}`;
      const page: Answer<PostsPage> = await call<PostsPage>('student', 'GET', url);
      expect(page.status).toBe(200);
      pages += 1;
      expect(page.body.posts.length).toBe(pages < 34 ? 30 : 10);
      walked.push(...page.body.posts.map((p) => p.id));
      after = page.body.next;
    } while (after !== null && pages < 40);
    expect(pages).toBe(34);
    expect(walked).toEqual(expected);
    expect(new Set(walked).size).toBe(1000);
    const target = expected[500] ?? 0;
    const around = await call<PostsPage>(
      'student',
      'GET',
      `${LMS}/topic/${id}/posts?around=${target}`,
    );
    expect(around.body.posts.map((p) => p.id)).toEqual(expected.slice(490, 520));
    expect(around.body.hasEarlier).toBe(true);
    expect(around.body.next).toBe(around.body.posts.at(-1)?.path);
  });
});

describe('a graded discussion', () => {
  it('makes the submission once when the requirement is met; words are counted; the grader sees the posts', async () => {
    const short = await topic('student', itemForum, 'My view', 'Too short');
    expect(short.status).toBe(400);
    expect(short.body.fields?.body).toBe('Not enough words.');
    const mine = await topic('student', itemForum, 'My view', 'I think we should read more.');
    expect(mine.status).toBe(200);
    const subs = () =>
      t.database.query<{ id: string; status: string }>(
        `select s.id, s.status from submissions s join users u on u.jwl_id = s.student_id
         where s.item_id = $1 and u.username = 'student'`,
        [itemId],
      );
    expect(await subs()).toEqual([]);
    const other = await topic(
      'facilitator',
      itemForum,
      'Prompt',
      'What do you all think of the reading?',
      {
        classId: f.k1,
      },
    );
    const answer = await reply('student', other.body.topic.id, 'I liked the second chapter best.');
    expect(answer.status).toBe(200);
    const made = await subs();
    expect(made).toHaveLength(1);
    expect(made[0]?.status).toBe('submitted');
    await age(2);
    expect((await reply('student', other.body.topic.id, 'And one more thought here.')).status).toBe(
      200,
    );
    expect(await subs()).toHaveLength(1);
    const [done] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from item_progress p join users u on u.jwl_id = p.student_id
       where p.item_id = $1 and u.username = 'student'`,
      [itemId],
    );
    expect(done?.n).toBe(1);
    const studentId = f.user.student ?? 0;
    const view = await call<StudentPosts>(
      'facilitator',
      'GET',
      `${LMS}/discussion/${itemId}/student/${studentId}/posts`,
    );
    expect(view.status).toBe(200);
    expect(view.body.requirement).toEqual({ minPosts: 2, minReplies: 1, posts: 3, replies: 2 });
    expect(view.body.posts.map((p) => p.topic.title)).toEqual(['My view', 'Prompt', 'Prompt']);
    expect(view.body.posts[1]?.answers?.excerpt).toContain('What do you all think');
    expect(
      (await call('student_2', 'GET', `${LMS}/discussion/${itemId}/student/${studentId}/posts`))
        .status,
    ).toBe(403);
    const submissionId = Number(made[0]?.id);
    const graded = await call('faculty', 'PUT', `${LMS}/submission/${submissionId}/grade`, {
      outcome: 'graded',
      points: 8,
      comment: 'Good points.',
      version: 0,
    });
    expect(graded.status).toBe(200);
    const published = await call(
      'faculty',
      'POST',
      `${LMS}/submission/${submissionId}/grade/publish`,
      {
        version: 1,
      },
    );
    expect(published.status).toBe(200);
    const [note] = await t.database.query<{ link: string }>(
      `select link from notifications where type = 'grade_comment' and submission_id = $1`,
      [submissionId],
    );
    expect(note?.link).toBe(`/en/discuss/item/${itemId}?submission=${submissionId}`);
  });
});
