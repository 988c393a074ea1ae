import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { DiscussionTopicsBy } from '@lantern/contracts/discussions';
import type { UnitStatus } from '@lantern/contracts/learning-enums';
import type { AuthContext } from '../../../plugins/auth';
import { authoringReach, courseReach, seesAllCourses } from '../../../lib/learning-scope';
import { classInScope, classScope } from '../../../lib/class-scope';
import { rows } from '../../../lib/sql';
import { actsAsLearner, type ForumAccess } from './forum-access';

// Who reads a forum and which of its topics, as SQL (discussions.access.ts decides the rest).

export type ForumRow = {
  id: number;
  course_id: number;
  programme_id: number;
  course_code: string;
  course_title: string;
  unit_id: number | null;
  unit_title: string | null;
  unit_status: UnitStatus | null;
  unit_opens_at: Date | string | null;
  item_id: number | null;
  item_title: string | null;
  item_settings: unknown;
  item_due_at: Date | string | null;
  item_visible: boolean;
  item_unit_status: UnitStatus | null;
  title: string;
  topics_by: DiscussionTopicsBy;
  separate_classes: boolean;
  is_locked: boolean;
  version: number;
  may_author: boolean;
  learner_class_id: number | null;
  is_learner: boolean;
  learner_may_submit: boolean | null;
  seats: number[] | null;
};

/** The forum with what the caller is in its course, if it is in their reach; else undefined. */
export async function findForumRow(
  db: Db,
  auth: AuthContext,
  forumId: number,
): Promise<ForumRow | undefined> {
  const me = auth.user.jwlId;
  const [row] = await rows<ForumRow>(
    db,
    sql`select f.id, f.course_id, c.programme_id, c.code as course_code, c.title as course_title,
          coalesce(f.unit_id, i.unit_id) as unit_id, u.title as unit_title, u.status as unit_status,
          u.opens_at as unit_opens_at,
          f.item_id, i.title as item_title, i.settings as item_settings, i.due_at as item_due_at,
          coalesce(i.is_published and i.deleted_at is null
            and (i.visible_from is null or i.visible_from <= now()), true) as item_visible,
          u.status as item_unit_status,
          f.title, f.topics_by, f.separate_classes, f.is_locked, f.version,
          ${authoringReach(sql`p.id`, auth)} as may_author,
          cl.class_id as learner_class_id, (cl.student_id is not null) as is_learner,
          cl.may_submit as learner_may_submit,
          (select array_agg(cs.class_id) from class_staff cs join classes k on k.id = cs.class_id
             where cs.user_id = ${me} and k.programme_id = p.id) as seats
        from discussion_forums f
        join programme_courses c on c.id = f.course_id
        join programmes p on p.id = c.programme_id
        left join learning_items i on i.id = f.item_id
        left join learning_units u on u.id = coalesce(f.unit_id, i.unit_id) and u.deleted_at is null
        left join lateral (select x.student_id, x.class_id, x.may_submit from course_learners x
                           where x.course_id = f.course_id and x.student_id = ${me}
                           order by x.may_submit desc limit 1) cl on true
        where f.id = ${forumId} and f.deleted_at is null
          and (${courseReach(sql`c.id`, sql`p.id`, auth)} or ${authoringReach(sql`p.id`, auth)})`,
  );
  return row;
}

/**
 * The condition that a topic (alias t) is one the caller sees: with separate classes, a learner
 * sees topics of every class and of their own; staff those of the classes they reach.
 */
export function topicVisible(f: ForumAccess, auth: AuthContext): SQL {
  if (!f.separateClasses || f.mayAuthor || seesAllCourses(auth)) return sql`true`;
  if (actsAsLearner(f))
    return f.learner?.classId
      ? sql`(t.class_id is null or t.class_id = ${f.learner.classId})`
      : sql`t.class_id is null`;
  return sql`(t.class_id is null or exists (select 1 from classes k where k.id = t.class_id
            and ${classInScope(sql`k.id`, sql`k.clc_id`, classScope(auth))}))`;
}
