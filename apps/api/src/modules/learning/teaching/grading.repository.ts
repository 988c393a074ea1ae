import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import { classInScope, classScope } from '../../../lib/class-scope';
import { gradingScope, learnerReach } from '../../../lib/learning-scope';
import { rows } from '../../../lib/sql';

// The statements of grading (grading.service.ts) besides the ledger's (grade-events.repository.ts).

/**
 * Rewrites the learner's grade-comment notification of an attempt and marks it unread; false
 * when there is none yet.
 */
export async function rewriteGradeComment(
  tx: Db,
  n: {
    title: string;
    body: string;
    link: string;
    itemId: number;
    submissionId: number;
    studentId: number;
  },
): Promise<boolean> {
  const updated = await rows<{ id: number }>(
    tx,
    sql`update notifications set title = ${n.title}, body = ${n.body}, link = ${n.link},
          is_read = false, read_at = null, created_at = now(), task_id = ${n.itemId}
        where type = 'grade_comment' and submission_id = ${n.submissionId}
          and user_id = ${n.studentId}
        returning id`,
  );
  return updated.length > 0;
}

/** A class in the caller's class scope that takes the course, with its grading schema. */
export async function findGradingClass(
  db: Db,
  auth: AuthContext,
  courseId: number,
  classId: number,
) {
  const [klass] = await rows<{
    id: number;
    grading_schema_id: number | null;
    schema_version: number | null;
  }>(
    db,
    sql`select k.id, p.grading_schema_id, gs.version as schema_version
        from classes k join programme_courses c on c.programme_id = k.programme_id and c.id = ${courseId}
        join programmes p on p.id = k.programme_id
        left join grading_schemas gs on gs.id = p.grading_schema_id
        where k.id = ${classId} and ${classInScope(sql`k.id`, sql`k.clc_id`, classScope(auth))}`,
  );
  return klass;
}

/** The draft grades of a task for the class's learners in reach, with their grading scope. */
export async function findClassDrafts(
  db: Db,
  auth: AuthContext,
  itemId: number,
  courseId: number,
  classId: number,
) {
  return rows<{ student_id: number; version: number; in_grading_scope: boolean }>(
    db,
    sql`select g.student_id, g.version, ${gradingScope('cl', auth)} as in_grading_scope
        from course_learners cl
        join grades g on g.item_id = ${itemId} and g.student_id = cl.student_id and not g.is_published
        where cl.course_id = ${courseId} and cl.class_id = ${classId} and ${learnerReach('cl', auth)}
        order by g.student_id`,
  );
}
