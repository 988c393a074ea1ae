import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../../test/helpers';
import { rows } from '../../../lib/sql';
import { progressMismatches } from './progress.repository';

// The demo's learner work (packages/db/src/seed-learning-work.ts) must look exactly as the
// app's own writers would have left it: progress equal to a recount, every grade's events in
// step with it, the course's grade totals equal to the published grades, one grade-comment
// notification per published comment (the communication seed's older ones carry no
// submission of the learning model and are left out).

let t: TestApp;
let courseIds: number[];

beforeAll(async () => {
  t = await buildTestApp();
  courseIds = (
    await rows<{ id: number }>(
      t.database.db,
      sql`select c.id from programme_courses c join programmes p on p.id = c.programme_id
          where p.code = '236' order by c.id`,
    )
  ).map((r) => r.id);
});
afterAll(async () => {
  await t.close();
});

describe('demo learner work', () => {
  it('has work in every state, the demo student included', async () => {
    const states = await rows<{ state: string; n: number; mine: number }>(
      t.database.db,
      sql`select case when s.status = 'draft' then 'draft'
                      when g.item_id is null then case when s.late then 'late' else 'on_time' end
                      when g.outcome = 'returned' then 'returned'
                      when g.is_published then 'published' else 'unpublished' end as state,
                 count(*)::int as n,
                 count(*) filter (where u.username = 'student')::int as mine
          from submissions s join users u on u.jwl_id = s.student_id
          left join grades g on g.item_id = s.item_id and g.student_id = s.student_id
          group by 1 order by 1`,
    );
    expect(states.map((s) => s.state)).toEqual([
      'draft',
      'late',
      'on_time',
      'published',
      'returned',
      'unpublished',
    ]);
    const mine = Object.fromEntries(states.map((s) => [s.state, s.mine]));
    expect(mine).toMatchObject({ draft: 1, published: 1, returned: 1 });
  });

  it('keeps unit and course progress equal to a recount', async () => {
    const [seeded] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from item_progress`,
    );
    expect(seeded?.n).toBeGreaterThan(0);
    expect(await progressMismatches(t.database.db, courseIds)).toEqual([]);
  });

  it('has every grade reached by its events', async () => {
    const off = await rows<{ item_id: number; student_id: number }>(
      t.database.db,
      sql`select g.item_id, g.student_id from grades g
          left join lateral (
            select count(*)::int as n, max(e.grade_version) as last,
                   (array_agg(e.new_points order by e.grade_version desc))[1] as points,
                   (array_agg(e.new_outcome order by e.grade_version desc))[1] as outcome,
                   (array_agg(e.new_published order by e.grade_version desc))[1] as published
            from grade_events e where e.item_id = g.item_id and e.student_id = g.student_id
          ) e on true
          where e.n <> g.version or e.last <> g.version or e.points is distinct from g.points
             or e.outcome <> g.outcome or e.published <> g.is_published`,
    );
    expect(off).toEqual([]);
  });

  it('keeps the course grade totals equal to the published grades', async () => {
    const off = await rows<{ student_id: number }>(
      t.database.db,
      sql`with r as (
            select g.student_id, g.course_id, count(*)::int as graded, sum(g.points) as points,
                   sum(coalesce(i.weight, 1) * g.points / g.max_points) as weighted
            from grades g join learning_items i on i.id = g.item_id
            where g.is_published and g.outcome = 'graded' group by 1, 2
          )
          select coalesce(p.student_id, r.student_id) as student_id
          from course_progress p full join r on r.student_id = p.student_id and r.course_id = p.course_id
          where coalesce(p.tasks_graded, 0) <> coalesce(r.graded, 0)
             or coalesce(p.points_published, 0) <> coalesce(r.points, 0)
             or round(coalesce(p.weighted_published, 0), 4) <> round(coalesce(r.weighted, 0), 4)`,
    );
    expect(off).toEqual([]);
  });

  it('notifies each published comment once, linking to the work', async () => {
    const [counts] = await rows<{ comments: number; notes: number; linked: number }>(
      t.database.db,
      sql`select (select count(*)::int from grades where is_published and comment is not null) as comments,
                 (select count(*)::int from notifications n join submissions s on s.id = n.submission_id
                  where n.type = 'grade_comment') as notes,
                 (select count(*)::int from notifications n join grades g on g.submission_id = n.submission_id
                    and g.student_id = n.user_id
                  where n.type = 'grade_comment' and n.link like '/en/submit_text/%') as linked`,
    );
    expect(counts?.comments).toBeGreaterThan(0);
    expect(counts?.notes).toBe(counts?.comments);
    expect(counts?.linked).toBe(counts?.comments);
  });
});
