import { sql, type SQL } from 'drizzle-orm';
import type { GradeBookQuery } from '@lantern/contracts/teaching';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import type { Cursor } from '../../../lib/cursor';
import { gradingScope, learnerReach } from '../../../lib/learning-scope';
import { containsPattern, rows } from '../../../lib/sql';

// The reads of the grade book (grade-book.service.ts) besides the cells (teaching.repository.ts).

/** Separates last and first name in the keyset cursor's value. */
export const SEP = '\u0000';

export type Head = {
  id: number;
  code: string;
  title: string;
  weighting: string;
  scale_max: string | number | null;
  grading_schema_id: number | null;
  schema_version: number | null;
};

/** The course with its weighting and its programme's grading schema, or undefined. */
export async function findHead(db: Db, courseId: number): Promise<Head | undefined> {
  const [head] = await rows<Head>(
    db,
    sql`select c.id, c.code, c.title, c.grade_weighting as weighting, gs.scale_max,
          p.grading_schema_id, gs.version as schema_version
        from programme_courses c join programmes p on p.id = c.programme_id
        left join grading_schemas gs on gs.id = p.grading_schema_id where c.id = ${courseId}`,
  );
  return head;
}

export type LearnerRow = {
  student_id: number;
  first_name: string;
  last_name: string;
  class_id: number | null;
  points: string | number;
  weighted: string | number;
  lname: string;
  fname: string;
  /** In the caller's grading scope (responsibility per task is the column's). */
  may_grade: boolean;
};

/** One page of learners, in keyset order; `cursor` decoded from the previous page's last row. */
export async function findLearnerPage(
  db: Db,
  auth: AuthContext,
  courseId: number,
  query: Pick<GradeBookQuery, 'classId' | 'q' | 'sort' | 'dir'>,
  cursor: Cursor | null,
  limit: number,
): Promise<LearnerRow[]> {
  const filters: SQL[] = [sql`cl.course_id = ${courseId}`, learnerReach('cl', auth)];
  if (query.classId) filters.push(sql`cl.class_id = ${query.classId}`);
  if (query.q) {
    const like = containsPattern(query.q);
    filters.push(
      sql`(u.first_name ilike ${like} or u.last_name ilike ${like} or (u.first_name || ' ' || u.last_name) ilike ${like})`,
    );
  }
  const desc = query.dir === 'desc';
  const cmp = desc ? sql`<` : sql`>`;
  const dir = desc ? sql`desc` : sql`asc`;
  if (cursor) {
    const c = cursor;
    if (query.sort === 'total')
      filters.push(
        sql`(coalesce(cp.points_published, 0), u.jwl_id) ${cmp} (${Number(c.value ?? 0)}::numeric, ${c.id})`,
      );
    else {
      const [last = '', first = ''] = (c.value ?? '').split(SEP);
      filters.push(
        sql`(lower(u.last_name), lower(u.first_name), u.jwl_id) ${cmp} (${last}, ${first}, ${c.id})`,
      );
    }
  }
  const order =
    query.sort === 'total'
      ? sql`coalesce(cp.points_published, 0) ${dir}, u.jwl_id ${dir}`
      : sql`lower(u.last_name) ${dir}, lower(u.first_name) ${dir}, u.jwl_id ${dir}`;
  return rows<LearnerRow>(
    db,
    sql`select cl.student_id, u.first_name, u.last_name, cl.class_id,
          coalesce(cp.points_published, 0) as points, coalesce(cp.weighted_published, 0) as weighted,
          lower(u.last_name) as lname, lower(u.first_name) as fname,
          ${gradingScope('cl', auth)} as may_grade
        from course_learners cl join users u on u.jwl_id = cl.student_id
        left join course_progress cp on cp.student_id = cl.student_id and cp.course_id = cl.course_id
        where ${sql.join(filters, sql` and `)}
        order by ${order}
        limit ${limit}`,
  );
}

/** The classes of the course's learners whom the caller reaches. */
export async function findBookClasses(db: Db, auth: AuthContext, courseId: number) {
  return rows<{ id: number; name: string }>(
    db,
    sql`select distinct k.id, k.name from course_learners cl join classes k on k.id = cl.class_id
        where cl.course_id = ${courseId} and ${learnerReach('cl', auth)} order by k.name, k.id`,
  );
}

/** The course's units not deleted, in order. */
export async function findBookUnits(db: Db, courseId: number) {
  return rows<{ id: number; title: string }>(
    db,
    sql`select id, title from learning_units where course_id = ${courseId} and deleted_at is null
        order by position, id`,
  );
}

/** The learner's latest attempt handed in at the task, if any. */
export async function findLatestSubmittedId(
  db: Db,
  itemId: number,
  studentId: number,
): Promise<number | null> {
  const [latest] = await rows<{ id: string | number }>(
    db,
    sql`select id from submissions where item_id = ${itemId} and student_id = ${studentId}
          and status = 'submitted' order by attempt desc limit 1`,
  );
  return latest ? Number(latest.id) : null;
}

/** Every class's name, for the export's class column. */
export async function findClassNames(db: Db) {
  return rows<{ id: number; name: string }>(db, sql`select id, name from classes`);
}
