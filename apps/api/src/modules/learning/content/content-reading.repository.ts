import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import { authoringReach, courseReach } from '../../../lib/learning-scope';
import { intArray, rows } from '../../../lib/sql';
import * as repo from './content.repository';

/** The reach-bound reads of the reading pages, over content.repository's own. */

/** A course the caller may read: in course reach (decision 0019), or one they may author. */
export async function findReadableCourse(
  db: Db,
  auth: AuthContext,
  courseId: number,
): Promise<{ id: number; programme_id: number; may_author: boolean } | undefined> {
  const [row] = await rows<{ id: number; programme_id: number; may_author: boolean }>(
    db,
    sql`select c.id, c.programme_id, ${authoringReach(sql`p.id`, auth)} as may_author
        from programme_courses c join programmes p on p.id = c.programme_id
        where c.id = ${courseId}
          and (${courseReach(sql`c.id`, sql`p.id`, auth)} or ${authoringReach(sql`p.id`, auth)})`,
  );
  return row;
}

/** The programme's courses the caller reads: a learner's own, else every one in reach. */
function readableCourses(auth: AuthContext): SQL {
  return sql`(${courseReach(sql`c.id`, sql`p.id`, auth)} or ${authoringReach(sql`p.id`, auth)})`;
}

/** A programme with a course in the caller's reach, or one they may author. */
export async function findConcentrationProgramme(db: Db, auth: AuthContext, programmeId: number) {
  return repo.findProgramme(
    db,
    programmeId,
    sql`(exists (select 1 from programme_courses c where c.programme_id = p.id and ${courseReach(sql`c.id`, sql`p.id`, auth)})
         or ${authoringReach(sql`p.id`, auth)})`,
  );
}

export async function findReadableCourses(
  db: Db,
  auth: AuthContext,
  programmeId: number,
): Promise<repo.CourseRow[]> {
  return repo.findCourses(db, sql`c.programme_id = ${programmeId} and ${readableCourses(auth)}`);
}

/** The programme's courses the student learns in. */
export async function findLearnerCourses(
  db: Db,
  studentId: number,
  programmeId: number,
): Promise<{ course_id: number }[]> {
  return rows<{ course_id: number }>(
    db,
    sql`select course_id from course_learners where student_id = ${studentId}
            and course_id = any(select id from programme_courses where programme_id = ${programmeId})`,
  );
}

/** The visible items of the courses, with the learner's states (null: no person). */
export async function findVisibleItemsOfCourses(
  db: Db,
  ids: number[],
  studentId: number | null,
): Promise<repo.VisibleItemRow[]> {
  return repo.findVisibleItems(db, sql`i.course_id = any(${intArray(ids)})`, studentId);
}

export async function findVisibleItemsOfCourse(
  db: Db,
  courseId: number,
  studentId: number | null,
): Promise<repo.VisibleItemRow[]> {
  return repo.findVisibleItems(db, sql`i.course_id = ${courseId}`, studentId);
}

export type ProgrammeRow = Parameters<typeof repo.toProgramme>[0];

export async function findProgrammeRow(
  db: Db,
  programmeId: number,
): Promise<ProgrammeRow | undefined> {
  const [programme] = await rows<ProgrammeRow>(
    db,
    sql`select ${repo.PROGRAMME_COLUMNS} from programmes p where p.id = ${programmeId}`,
  );
  return programme;
}
