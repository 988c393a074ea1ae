import { sql } from 'drizzle-orm';
import type { GradeEventAction, GradeOutcome } from '@lantern/contracts/learning-enums';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import { learnerReach } from '../../../lib/learning-scope';
import { intArray, rows } from '../../../lib/sql';

// The reads of a class's published grade book as of a time (ledger-book.service.ts).

/** The course, the class's name (null when not of the course's programme) and the scale then. */
export async function findAsOfHead(db: Db, courseId: number, classId: number, at: string) {
  const [head] = await rows<{
    code: string;
    title: string;
    weighting: string;
    class_name: string | null;
    scale_max: string | number | null;
  }>(
    db,
    sql`select c.code, c.title, c.grade_weighting as weighting,
          (select k.name from classes k where k.id = ${classId} and k.programme_id = c.programme_id)
            as class_name,
          -- The schema's scale as it was then: its last version recorded by that time.
          coalesce((select v.scale_max from grading_schema_versions v
                      where v.grading_schema_id = p.grading_schema_id and v.created_at <= ${at}
                      order by v.version desc limit 1), gs.scale_max) as scale_max
        from programme_courses c join programmes p on p.id = c.programme_id
        left join grading_schemas gs on gs.id = p.grading_schema_id
        where c.id = ${courseId}`,
  );
  return head;
}

/** The graded items that existed then and were not yet deleted. */
export async function findAsOfColumns(db: Db, courseId: number, at: string) {
  return rows<{
    id: number;
    title: string;
    unit_title: string;
    max_points: string | number;
    weight: string | number | null;
  }>(
    db,
    sql`select i.id, i.title, u.title as unit_title, i.max_points, i.weight
        from learning_items i join learning_units u on u.id = i.unit_id
        where i.course_id = ${courseId} and i.max_points is not null
          and i.created_at <= ${at}
          and (i.deleted_at is null or i.deleted_at > ${at})
        order by u.position, u.id, i.position, i.id`,
  );
}

/** The learners of the class in the course whom the caller reaches, by name. */
export async function findAsOfLearners(
  db: Db,
  auth: AuthContext,
  courseId: number,
  classId: number,
) {
  return rows<{ student_id: number; first_name: string; last_name: string }>(
    db,
    sql`select cl.student_id, u.first_name, u.last_name
        from course_learners cl join users u on u.jwl_id = cl.student_id
        where cl.course_id = ${courseId} and cl.class_id = ${classId}
          and ${learnerReach('cl', auth)}
        order by lower(u.last_name), lower(u.first_name), u.jwl_id`,
  );
}

/** The last event of each cell up to the time, per learner by (student_id, id). */
export async function findAsOfCells(
  db: Db,
  courseId: number,
  studentIds: readonly number[],
  at: string,
) {
  return rows<{
    student_id: number;
    item_id: number;
    new_points: string | number | null;
    new_outcome: GradeOutcome | null;
    new_published: boolean;
    max_points: string | number;
    action: GradeEventAction;
  }>(
    db,
    sql`select distinct on (student_id, item_id) student_id, item_id, new_points, new_outcome,
          new_published, max_points, action
        from grade_events
        where student_id = any(${intArray(studentIds)})
          and course_id = ${courseId} and subject = 'task' and at <= ${at}
        order by student_id, item_id, id desc`,
  );
}
