import { sql, type SQL } from 'drizzle-orm';
import type { ClassListQuery, ClassPhase, ClassStudentsQuery } from '@lantern/contracts/teaching';
import type { ProgrammeStatus, ProgrammeType } from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import { learnerReach } from '../../../lib/learning-scope';
import { containsPattern, intArray, rows } from '../../../lib/sql';
import {
  BY_PERIOD,
  CLASS_END,
  CLASS_PERIOD_JOIN,
  CLASS_PHASE,
  CLASS_START,
  phaseIn,
} from '../../../lib/class-period';
import { TO_GRADE_FROM, toGradeWhere } from './responsibility.repository';
import { classReadable } from './teaching.repository';

// The reads of the classes the caller teaches (reads.service.ts): the class list, a class's
// learners and their progress.

const CLASS_ORDER: Record<Exclude<ClassListQuery['sort'], 'period'>, SQL> = {
  name: sql`lower(k.name)`,
  programme: sql`lower(p.code)`,
  clc: sql`lower(c.code)`,
  students: sql`students`,
  toGrade: sql`to_grade`,
  late: sql`late`,
};

/** A page of the classes the caller reads, with what waits for their grade. */
export async function findClassPage(db: Db, auth: AuthContext, query: ClassListQuery) {
  const filters: SQL[] = [classReadable(auth)];
  if (query.q) {
    const like = containsPattern(query.q);
    filters.push(
      sql`(k.name ilike ${like} or p.code ilike ${like} or p.title ilike ${like} or c.code ilike ${like})`,
    );
  }
  if (query.programmeType) filters.push(sql`p.type = ${query.programmeType}`);
  if (query.status) filters.push(sql`p.status = ${query.status}`);
  if (query.clcId) filters.push(sql`k.clc_id = ${query.clcId}`);
  if (query.phase) filters.push(phaseIn(query.phase));
  const dir = query.dir === 'desc' ? sql`desc` : sql`asc`;
  // Running classes first, then upcoming, past and empty (class-period); a column sort on top.
  const order =
    query.sort === 'period' ? BY_PERIOD : sql`${CLASS_ORDER[query.sort]} ${dir}, ${BY_PERIOD}`;
  return rows<{
    id: number;
    name: string;
    programme_id: number;
    programme_code: string;
    programme_title: string;
    programme_type: ProgrammeType;
    programme_status: ProgrammeStatus;
    clc_id: number;
    clc_code: string;
    clc_name: string;
    phase: ClassPhase;
    start_date: string;
    end_date: string;
    students: number;
    to_grade: number;
    late: number;
    total: number;
  }>(
    db,
    sql`select k.id, k.name, p.id as programme_id, p.code as programme_code, p.title as programme_title,
          p.type as programme_type, p.status as programme_status, c.id as clc_id, c.code as clc_code,
          c.name as clc_name, ${CLASS_PHASE} as phase, ${CLASS_START} as start_date,
          ${CLASS_END} as end_date,
          (select count(distinct cl.student_id)::int from course_learners cl
             where cl.class_id = k.id) as students,
          coalesce(q.to_grade, 0) as to_grade, coalesce(q.late, 0) as late,
          count(*) over ()::int as total
        from classes k join programmes p on p.id = k.programme_id join clcs c on c.id = k.clc_id
        ${CLASS_PERIOD_JOIN}
        left join lateral (
          select count(*)::int as to_grade, (count(*) filter (where s.late))::int as late
          from ${TO_GRADE_FROM}
          where cl.class_id = k.id and ${toGradeWhere(auth)}
        ) q on true
        where ${sql.join(filters, sql` and `)}
        order by ${order}
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
}

/** The CLCs of the classes the caller reads, for the list's filter. */
export async function findReadableClcs(db: Db, auth: AuthContext) {
  return rows<{ id: number; code: string; name: string }>(
    db,
    sql`select distinct c.id, c.code, c.name from classes k join clcs c on c.id = k.clc_id
        where ${classReadable(auth)} order by c.code`,
  );
}

export type ClassHead = {
  id: number;
  name: string;
  clc_id: number;
  clc_code: string;
  clc_name: string;
  programme_id: number;
  programme_code: string;
  programme_title: string;
  programme_type: ProgrammeType;
};

/** A class the caller reads, or undefined. */
export async function findClassHead(
  db: Db,
  auth: AuthContext,
  classId: number,
): Promise<ClassHead | undefined> {
  const [k] = await rows<ClassHead>(
    db,
    sql`select k.id, k.name, c.id as clc_id, c.code as clc_code, c.name as clc_name,
          p.id as programme_id, p.code as programme_code, p.title as programme_title,
          p.type as programme_type
        from classes k join programmes p on p.id = k.programme_id join clcs c on c.id = k.clc_id
        where k.id = ${classId} and ${classReadable(auth)}`,
  );
  return k;
}

/** The courses a class is taught. */
export async function findClassCourses(db: Db, programmeId: number, classId: number) {
  return rows<{ id: number; code: string; title: string }>(
    db,
    // A bachelor classroom teaches its offering's course only (decision 0022).
    sql`select c.id, c.code, c.title from programme_courses c
        left join (ba_classrooms r join ba_offerings o on o.id = r.offering_id) on r.class_id = ${classId}
        where c.programme_id = ${programmeId} and (r.class_id is null or o.course_id = c.id)
        order by c.position, c.id`,
  );
}

/** A page of a class's learners in a course whom the caller reaches. */
export async function findClassLearners(
  db: Db,
  auth: AuthContext,
  courseId: number,
  classId: number,
  query: ClassStudentsQuery,
) {
  const filters: SQL[] = [
    sql`cl.course_id = ${courseId}`,
    sql`cl.class_id = ${classId}`,
    learnerReach('cl', auth),
  ];
  if (query.q) {
    const like = containsPattern(query.q);
    filters.push(
      sql`(u.first_name ilike ${like} or u.last_name ilike ${like} or (u.first_name || ' ' || u.last_name) ilike ${like})`,
    );
  }
  const dir = query.dir === 'desc' ? sql`desc` : sql`asc`;
  const order =
    query.sort === 'lastActivity'
      ? sql`cp.last_activity_at ${dir} nulls last, u.jwl_id`
      : sql`lower(u.last_name) ${dir}, lower(u.first_name) ${dir}, u.jwl_id`;
  return rows<{
    student_id: number;
    first_name: string;
    last_name: string;
    last_activity_at: Date | string | null;
    total: number;
  }>(
    db,
    sql`select cl.student_id, u.first_name, u.last_name, cp.last_activity_at,
          count(*) over ()::int as total
        from course_learners cl join users u on u.jwl_id = cl.student_id
        left join course_progress cp on cp.student_id = cl.student_id and cp.course_id = cl.course_id
        where ${sql.join(filters, sql` and `)}
        order by ${order}
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
}

/** Per task, how many of the class's learners in reach have handed in nothing. */
export async function countNotSubmitted(
  db: Db,
  auth: AuthContext,
  courseId: number,
  classId: number,
  taskIds: readonly number[],
) {
  return rows<{ item_id: number; n: number }>(
    db,
    sql`select i.id as item_id, count(cl.student_id)::int as n
        from unnest(${intArray(taskIds)}) as i(id)
        cross join course_learners cl
        where cl.course_id = ${courseId} and cl.class_id = ${classId} and ${learnerReach('cl', auth)}
          and not exists (select 1 from submissions s where s.item_id = i.id
                            and s.student_id = cl.student_id and s.submitted_at is not null)
        group by i.id`,
  );
}

/** The released units of a course with their counted items and tasks. */
export async function findProgressUnits(db: Db, courseId: number) {
  return rows<{ id: number; title: string; items: number; tasks: number }>(
    db,
    sql`select u.id, u.title, count(i.id)::int as items,
          (count(i.id) filter (where i.max_points is not null))::int as tasks
        from learning_units u
        left join learning_items i on i.unit_id = u.id and i.deleted_at is null and i.is_published
          and i.counts_for_progress
        where u.course_id = ${courseId} and u.deleted_at is null and u.status in ('published', 'closed')
        group by u.id order by u.position, u.id`,
  );
}

/** The progress counters of a class's learners in a course whom the caller reaches. */
export async function findProgressStudents(
  db: Db,
  auth: AuthContext,
  courseId: number,
  classId: number,
) {
  return rows<{
    student_id: number;
    first_name: string;
    last_name: string;
    items_done: number | null;
    tasks_submitted: number | null;
    tasks_graded: number | null;
    points_published: string | number | null;
    max_published: string | number | null;
    last_activity_at: Date | string | null;
  }>(
    db,
    sql`select cl.student_id, u.first_name, u.last_name, cp.items_done, cp.tasks_submitted,
          cp.tasks_graded, cp.points_published, cp.last_activity_at,
          (select sum(g.max_points) from grades g where g.student_id = cl.student_id
             and g.course_id = cl.course_id and g.is_published and g.outcome = 'graded') as max_published
        from course_learners cl join users u on u.jwl_id = cl.student_id
        left join course_progress cp on cp.student_id = cl.student_id and cp.course_id = cl.course_id
        where cl.course_id = ${courseId} and cl.class_id = ${classId} and ${learnerReach('cl', auth)}
        order by lower(u.last_name), lower(u.first_name), u.jwl_id`,
  );
}

/** The items done per unit of a course, summed over the learners. */
export async function findUnitsDone(db: Db, courseId: number, studentIds: readonly number[]) {
  return rows<{ unit_id: number; done: string | number }>(
    db,
    sql`select up.unit_id, sum(up.items_done) as done
        from unit_progress up
        where up.course_id = ${courseId}
          and up.student_id = any(${intArray(studentIds)})
        group by up.unit_id`,
  );
}
