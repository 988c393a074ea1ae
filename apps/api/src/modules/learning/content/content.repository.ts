import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { ProgrammeRef } from '@lantern/contracts/learning-content';
import type { ItemKind, TaskDelivery, UnitStatus } from '@lantern/contracts/learning-enums';
import type { ProgrammeStatus, ProgrammeType } from '@lantern/contracts/programme';
import { intArray, rows } from '../../../lib/sql';
import { itemVisible, unitReleased } from '../learner-policy/public';

/*
 * Reads of course content. A learner's view is one rule (decision 0019, "Versions and
 * publishing"): the unit published or closed and opened, the item published, not deleted and
 * visible by its class's date, else its own. Dates are the learner's class's, else the item's.
 */

type ProgrammeRow = {
  id: number;
  code: string;
  title: string;
  type: ProgrammeType;
  status: ProgrammeStatus;
  start_date: string;
  end_date: string;
};

export const PROGRAMME_COLUMNS = sql`p.id, p.code, p.title, p.type, p.status, p.start_date::text as start_date, p.end_date::text as end_date`;

export const toProgramme = (p: ProgrammeRow): ProgrammeRef => ({
  id: p.id,
  code: p.code,
  title: p.title,
  type: p.type,
  status: p.status,
  startDate: p.start_date,
  endDate: p.end_date,
});

export async function findProgramme(
  db: Db,
  programmeId: number,
  reach: SQL,
): Promise<ProgrammeRow | undefined> {
  const [row] = await rows<ProgrammeRow>(
    db,
    sql`select ${PROGRAMME_COLUMNS} from programmes p where p.id = ${programmeId} and ${reach}`,
  );
  return row;
}

export type CourseRow = {
  id: number;
  code: string;
  title: string;
  syllabus: string;
  content_version: number;
  copied_from_course_id: number | null;
  programme_id: number;
};

export async function findCourses(db: Db, where: SQL): Promise<CourseRow[]> {
  return rows<CourseRow>(
    db,
    sql`select c.id, c.code, c.title, c.syllabus, c.content_version, c.copied_from_course_id, c.programme_id
        from programme_courses c join programmes p on p.id = c.programme_id
        where ${where} order by c.position, c.code, c.id`,
  );
}

export async function getCourse(db: Db, courseId: number): Promise<CourseRow> {
  const [row] = await findCourses(db, sql`c.id = ${courseId}`);
  if (!row) throw new Error(`course ${courseId} vanished`);
  return row;
}

/** The learner's row in a course (their class), if they learn in it. */
export async function findLearnerRow(
  db: Db,
  courseId: number,
  studentId: number,
): Promise<{ class_id: number | null; may_submit: boolean } | undefined> {
  const [row] = await rows<{ class_id: number | null; may_submit: boolean }>(
    db,
    sql`select class_id, may_submit from course_learners
        where course_id = ${courseId} and student_id = ${studentId} limit 1`,
  );
  return row;
}

/** The unit condition of a learner's view: published or closed, and opened. */
const UNIT_RELEASED = unitReleased();

export type UnitRow = {
  id: number;
  course_id: number;
  title: string;
  summary: string;
  status: UnitStatus;
  opens_at: string | null;
  position: number;
  version: number;
};

const UNIT_COLUMNS = sql`u.id, u.course_id, u.title, u.summary, u.status, u.opens_at, u.position, u.version`;

/** Units of courses in order; `withDrafts` for authors, else published and closed ones. */
export async function findUnits(
  db: Db,
  courseIds: number[],
  withDrafts: boolean,
): Promise<UnitRow[]> {
  if (courseIds.length === 0) return [];
  return rows<UnitRow>(
    db,
    sql`select ${UNIT_COLUMNS} from learning_units u
        where u.course_id = any(${intArray(courseIds)}) and u.deleted_at is null
          and (${withDrafts} or u.status <> 'draft')
        order by u.course_id, u.position, u.id`,
  );
}

export async function findUnit(db: Db, unitId: number): Promise<UnitRow | undefined> {
  const [row] = await rows<UnitRow>(
    db,
    sql`select ${UNIT_COLUMNS} from learning_units u where u.id = ${unitId} and u.deleted_at is null`,
  );
  return row;
}

export type VisibleItemRow = {
  id: number;
  unit_id: number;
  course_id: number;
  kind: ItemKind;
  title: string;
  counts_for_progress: boolean;
  max_points: number | null;
  due_at: string | null;
  late_until: string | null;
  unit_status: UnitStatus;
  done: boolean;
  state: 'not_started' | 'draft' | 'submitted' | 'graded' | 'returned';
  late: boolean;
  points: number | null;
};

/**
 * The state of a task for a learner, from their latest attempt and their published grade
 * (decision 0019 "Task state"): a published grade speaks for the attempt it judged (or for
 * none, an onsite task graded without one); a later attempt is a draft or submitted again.
 */
const TASK_STATE = sql`case
    when s.id is null then case when g.item_id is not null and g.submission_id is null then g.outcome::text else 'not_started' end
    when s.status = 'draft' then 'draft'
    when g.item_id is not null and (g.submission_id is null or g.submission_id = s.id) then g.outcome::text
    else 'submitted' end`;

/**
 * Items a learner (`studentId`) sees in released units of the courses `courseFilter` selects
 * (on `i`), with their dates, whether done, and their task state. For staff (`studentId` null)
 * the same items without a person: published, in released units, visible now.
 */
export async function findVisibleItems(
  db: Db,
  courseFilter: SQL,
  studentId: number | null,
): Promise<VisibleItemRow[]> {
  const me = studentId ?? 0;
  return rows<VisibleItemRow>(
    db,
    sql`select i.id, i.unit_id, i.course_id, i.kind, i.title, i.counts_for_progress,
          i.max_points::float8 as max_points,
          coalesce(d.due_at, i.due_at) as due_at, coalesce(d.late_until, i.late_until) as late_until,
          u.status as unit_status,
          (ip.item_id is not null) as done,
          ${TASK_STATE} as state,
          -- A task without a due date is never late (null < now() is null, not false).
          coalesce(s.late, false) or (s.id is null and coalesce(coalesce(d.due_at, i.due_at) < now(), false)) as late,
          case when g.outcome = 'graded' then g.points::float8 end as points
        from learning_items i
        join learning_units u on u.id = i.unit_id and u.deleted_at is null and ${UNIT_RELEASED}
        left join course_learners cl on cl.course_id = i.course_id and cl.student_id = ${me}
        left join item_class_dates d on d.item_id = i.id and d.class_id = cl.class_id
        left join item_progress ip on ip.item_id = i.id and ip.student_id = ${me}
        left join submissions s on s.item_id = i.id and s.student_id = ${me} and s.is_latest
        left join grades g on g.item_id = i.id and g.student_id = ${me} and g.is_published
        where ${courseFilter} and i.deleted_at is null and ${itemVisible()}
        order by u.position, u.id, i.position, i.id`,
  );
}

export type UnitItemRow = {
  id: number;
  kind: ItemKind;
  title: string;
  body: string;
  settings: Record<string, unknown>;
  is_published: boolean;
  counts_for_progress: boolean;
  delivery: TaskDelivery | null;
  max_points: number | null;
  due_at: string | null;
  late_until: string | null;
  done: boolean;
  state: VisibleItemRow['state'];
  late: boolean;
  points: number | null;
  file_name: string | null;
  file_mime: string | null;
  file_size: number | null;
};

/**
 * The items of one unit with their bodies: as `studentId` sees them (class dates, visibility,
 * state), or every live item for a preview (drafts included, no person).
 */
export async function findUnitItems(
  db: Db,
  unitId: number,
  studentId: number | null,
  preview: boolean,
): Promise<UnitItemRow[]> {
  const me = studentId ?? 0;
  return rows<UnitItemRow>(
    db,
    sql`select i.id, i.kind, i.title, i.body, i.settings, i.is_published, i.counts_for_progress,
          i.delivery, i.max_points::float8 as max_points,
          coalesce(d.due_at, i.due_at) as due_at, coalesce(d.late_until, i.late_until) as late_until,
          (ip.item_id is not null) as done,
          ${TASK_STATE} as state,
          -- A task without a due date is never late (null < now() is null, not false).
          coalesce(s.late, false) or (s.id is null and coalesce(coalesce(d.due_at, i.due_at) < now(), false)) as late,
          case when g.outcome = 'graded' then g.points::float8 end as points,
          f.mime as file_mime, f.size as file_size,
          (select up.filename from uploads up where up.file_id = f.id order by up.created_at limit 1) as file_name
        from learning_items i
        left join course_learners cl on cl.course_id = i.course_id and cl.student_id = ${me}
        left join item_class_dates d on d.item_id = i.id and d.class_id = cl.class_id
        left join item_progress ip on ip.item_id = i.id and ip.student_id = ${me}
        left join submissions s on s.item_id = i.id and s.student_id = ${me} and s.is_latest
        left join grades g on g.item_id = i.id and g.student_id = ${me} and g.is_published
        left join files f on i.settings->>'format' = 'file' and f.id::text = i.settings->>'fileId'
        where i.unit_id = ${unitId} and i.deleted_at is null
          and (${preview} or ${itemVisible()})
        order by i.position, i.id`,
  );
}

/** The released units before and after a unit in its course (learners skip the unopened). */
export async function findNeighbours(
  db: Db,
  unit: UnitRow,
  withDrafts: boolean,
): Promise<{ previous: number | null; next: number | null }> {
  const [row] = await rows<{ previous: number | null; next: number | null }>(
    db,
    sql`select
          (select u.id from learning_units u where u.course_id = ${unit.course_id} and u.deleted_at is null
             and (${withDrafts} or u.status <> 'draft')
             and (u.position, u.id) < (${unit.position}, ${unit.id}) order by u.position desc, u.id desc limit 1) as previous,
          (select u.id from learning_units u where u.course_id = ${unit.course_id} and u.deleted_at is null
             and (${withDrafts} or u.status <> 'draft')
             and (u.position, u.id) > (${unit.position}, ${unit.id}) order by u.position, u.id limit 1) as next`,
  );
  return { previous: row?.previous ?? null, next: row?.next ?? null };
}

/**
 * What a learner's answer depends on besides the content (their progress, attempts, published
 * grades) and which releases have come: with the content version, a page's ETag.
 */
export async function personalStamp(
  db: Db,
  courseId: number,
  studentId: number | null,
): Promise<string> {
  const me = studentId ?? 0;
  const [row] = await rows<{ stamp: string }>(
    db,
    sql`select concat_ws('.',
          (select count(*) from learning_units u where u.course_id = ${courseId} and u.deleted_at is null
             and u.opens_at <= now()),
          (select count(*) from learning_items i where i.course_id = ${courseId} and i.deleted_at is null
             and i.visible_from <= now()),
          (select count(*) from item_class_dates d join learning_items i on i.id = d.item_id
             where i.course_id = ${courseId} and (d.visible_from <= now() or d.due_at <= now())),
          (select count(*) from learning_items i where i.course_id = ${courseId} and i.deleted_at is null
             and i.due_at <= now()),
          (select count(*) || ':' || coalesce(max(extract(epoch from completed_at)), 0) from item_progress
             where student_id = ${me} and course_id = ${courseId}),
          (select count(*) || ':' || coalesce(max(extract(epoch from updated_at)), 0) from submissions
             where student_id = ${me} and course_id = ${courseId}),
          (select count(*) || ':' || coalesce(max(extract(epoch from updated_at)), 0) from grades
             where student_id = ${me} and course_id = ${courseId} and is_published)) as stamp`,
  );
  return row?.stamp ?? '';
}

export async function hasSubmissions(db: Db, where: SQL): Promise<boolean> {
  const [row] = await rows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from submissions s join learning_items i on i.id = s.item_id
        where ${where}) as found`,
  );
  return row?.found ?? false;
}
