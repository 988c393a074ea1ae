import { sql } from 'drizzle-orm';
import type { ItemKind } from '@lantern/contracts/learning-enums';
import type { ProgrammeType } from '@lantern/contracts/programme';
import type { ClassPhase } from '@lantern/contracts/teaching';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import { authoringReach } from '../../../lib/learning-scope';
import { rows } from '../../../lib/sql';
import { BY_PERIOD, CLASS_PERIOD_JOIN, CLASS_PHASE, phaseIn } from '../../../lib/class-period';
import { studyBreakUntilSql } from '../learner-policy/public';
import { TO_GRADE_FROM, toGradeWhere } from '../teaching/public';
import { COUNTED_ITEMS } from './learner-pages.repository';

// The reads of the lms home (learner-pages.service.ts getHome).

/** "Your classes" on the lms home lists this many; "All my classes" has the rest. */
export const HOME_CLASSES_LIMIT = 10;

export type ConcentrationRow = {
  id: number;
  code: string;
  title: string;
  type: ProgrammeType;
  start_date: string | null;
  end_date: string | null;
  first_course_id: number | null;
  status: string;
  certificate_code: string | null;
  items_done: number;
  items_total: number;
  tasks_submitted: number;
  tasks_total: number;
};

/** The learner's programmes (those of the courses they learn in), with their progress. */
export function findOwnConcentrations(db: Db, me: number) {
  return rows<ConcentrationRow>(
    db,
    sql`with mine as (select distinct cl.course_id from course_learners cl where cl.student_id = ${me}),
        totals as (${COUNTED_ITEMS} and i.course_id in (select course_id from mine) group by i.course_id)
        select p.id, p.code, p.title, p.type, p.start_date::text, p.end_date::text,
          (select c2.id from programme_courses c2 where c2.programme_id = p.id order by c2.position, c2.id limit 1) as first_course_id,
          p.status::text as status,
          (select ce.code from enrolments e join certificates ce on ce.enrolment_id = e.id and ce.revoked_at is null
            where e.programme_id = p.id and e.user_id = ${me} order by ce.issued_on desc limit 1) as certificate_code,
          coalesce(sum(cp.items_done), 0)::int as items_done, coalesce(sum(t.items), 0)::int as items_total,
          coalesce(sum(cp.tasks_submitted), 0)::int as tasks_submitted, coalesce(sum(t.tasks), 0)::int as tasks_total
        from mine m join programme_courses c on c.id = m.course_id join programmes p on p.id = c.programme_id
        left join totals t on t.course_id = c.id
        left join course_progress cp on cp.course_id = c.id and cp.student_id = ${me}
        group by p.id
        order by (p.type = 'orientation') desc, p.start_date desc, p.id`,
  );
}

/** Tasks due until `until` that the learner has not handed in yet (at most 10). */
export function findDueSoon(db: Db, me: number, now: Date, until: Date) {
  return rows<{
    item_id: number;
    kind: ItemKind;
    title: string;
    course_id: number;
    course_title: string;
    due_at: Date | string;
    status: 'draft' | 'submitted' | null;
  }>(
    db,
    sql`select i.id as item_id, i.kind, i.title, c.id as course_id, c.title as course_title,
          coalesce(d.due_at, i.due_at) as due_at, s.status
        from course_learners cl
        join learning_items i on i.course_id = cl.course_id and i.max_points is not null
          and i.is_published and i.deleted_at is null
        join learning_units u on u.id = i.unit_id and u.deleted_at is null and u.status = 'published'
          and (u.opens_at is null or u.opens_at <= ${now.toISOString()}::timestamptz)
        join programme_courses c on c.id = i.course_id
        left join item_class_dates d on d.item_id = i.id and d.class_id = cl.class_id
        left join submissions s on s.item_id = i.id and s.student_id = ${me} and s.is_latest
        where cl.student_id = ${me} and cl.may_submit
          and coalesce(d.due_at, i.due_at) between ${now.toISOString()}::timestamptz and ${until.toISOString()}::timestamptz
          and coalesce(d.visible_from, i.visible_from, '-infinity') <= ${now.toISOString()}::timestamptz
          and (s.status is null or s.status = 'draft')
        order by 6, i.id limit 10`,
  );
}

/**
 * The classes the caller staffs that run or are coming (class-period: running first), at most
 * HOME_CLASSES_LIMIT, with what waits for their grade, and how many there are in all.
 */
export function findStaffClasses(db: Db, auth: AuthContext) {
  const me = auth.user.jwlId;
  return rows<{
    id: number;
    name: string;
    programme_id: number;
    code: string;
    title: string;
    phase: ClassPhase;
    students: number;
    to_grade: number;
    total: number;
  }>(
    db,
    sql`select k.id, k.name, p.id as programme_id, p.code, p.title, ${CLASS_PHASE} as phase,
          (select count(distinct cl.student_id)::int from course_learners cl
             where cl.class_id = k.id and cl.may_submit) as students,
          (select count(*)::int from ${TO_GRADE_FROM}
             where cl.class_id = k.id and ${toGradeWhere(auth)}) as to_grade,
          count(*) over ()::int as total
        from classes k join programmes p on p.id = k.programme_id ${CLASS_PERIOD_JOIN}
        where exists (select 1 from class_staff cs where cs.class_id = k.id and cs.user_id = ${me})
          and p.type <> 'gel' and ${phaseIn('current')}
        order by ${BY_PERIOD} limit ${HOME_CLASSES_LIMIT}`,
  );
}

/** Courses of programmes being prepared or running that the caller authors (20 at most). */
export function findAuthorCourses(db: Db, auth: AuthContext) {
  return rows<{
    course_id: number;
    code: string;
    title: string;
    programme_id: number;
    programme_code: string;
    programme_title: string;
  }>(
    db,
    sql`select c.id as course_id, c.code, c.title, p.id as programme_id, p.code as programme_code,
          p.title as programme_title
        from programme_courses c join programmes p on p.id = c.programme_id
        where p.status in ('preparing', 'applying', 'running') and ${authoringReach(sql`p.id`, auth)}
        order by (p.status = 'running') desc, p.start_date desc, c.position, c.id limit 20`,
  );
}

/** The learner's three latest announcements not expired. */
export function findHomeAnnouncements(db: Db, me: number) {
  return rows<{ id: number; title: string; body: string; created_at: Date; is_read: boolean }>(
    db,
    sql`select a.id, a.title, a.body, n.created_at, n.is_read from notifications n
        join announcements a on a.id = n.announcement_id
        where n.user_id = ${me} and n.type = 'announcement'
          and (n.expires_at is null or n.expires_at > now())
        order by n.created_at desc, n.id desc limit 3`,
  );
}

/** The last day of the study break the learner is on today, if any. */
export function findStudyBreakUntil(db: Db, me: number, today: string) {
  return rows<{ until: string | null }>(db, sql`select ${studyBreakUntilSql(me, today)} as until`);
}
