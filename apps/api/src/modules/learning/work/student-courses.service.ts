import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { EnrolmentState, ProgrammeStatus, ProgrammeType } from '@lantern/contracts/programme';
import type {
  AdditionalCandidate,
  AdditionalCourseInput,
  AdditionalCourseUpdate,
  ClassOption,
  MyStudies,
  ReasonInput,
  StudentCourse,
  StudentCourses,
} from '@lantern/contracts/learning-work';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { audit } from '../../../lib/audit';
import { clcScope } from '../../../lib/scope';
import { containsPattern, inScope, rows } from '../../../lib/sql';
import { studentInScope } from '../../enrolments/public';

// The sis side of a student's courses (decision 0019 Routes, ACTIVE_COURSES and
// ADDITIONAL_COURSES): staff read them on the student's overview, drop and restore a course,
// and enrol the student in a course outside their programme. The student must be in the
// caller's CLC scope, as on every student route.

async function studentFor(db: Db, auth: AuthContext, studentId: number): Promise<void> {
  if (!(await studentInScope(db, studentId, clcScope(auth)))) throw notFound('The student');
}

type CourseRow = {
  course_id: number;
  code: string;
  title: string;
  programme_id: number;
  programme_code: string;
  programme_title: string;
  programme_type: ProgrammeType;
  programme_status: ProgrammeStatus;
  source: 'programme' | 'additional';
  status: 'active' | 'dropped' | 'read_only';
  class_id: number | null;
  class_name: string | null;
  enrolment_state: EnrolmentState | null;
  reason: string | null;
  items_done: number;
  items_total: number;
  tasks_submitted: number;
  tasks_total: number;
  points: string | number | null;
  max_points: string | number | null;
  scale_max: string | number | null;
  has_work: boolean;
  version: number | null;
};

/** The student's courses (learning, dropped, or read-only after the enrolment), with progress. */
export async function listCourses(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
): Promise<StudentCourses> {
  await studentFor(deps.db, auth, studentId);
  const list = await rows<CourseRow>(
    deps.db,
    sql`with mine as (
          select cl.course_id, cl.source, case when cl.may_submit then 'active' else 'read_only' end as status,
                 cl.class_id, cl.enrolment_id
          from course_learners cl where cl.student_id = ${studentId}
          union all
          select ce.course_id, ce.source::text, 'dropped', ce.class_id,
                 (select e.id from enrolments e join programme_courses c2 on c2.programme_id = e.programme_id
                   where c2.id = ce.course_id and e.user_id = ce.student_id limit 1)
          from course_enrolments ce where ce.student_id = ${studentId} and ce.status = 'dropped'
        )
        select c.id as course_id, c.code, c.title, p.id as programme_id, p.code as programme_code,
          p.title as programme_title, p.type as programme_type, p.status as programme_status,
          m.source, m.status, m.class_id, k.name as class_name, e.state as enrolment_state,
          ce.reason, ce.version,
          coalesce(cp.items_done, 0) as items_done, coalesce(cp.tasks_submitted, 0) as tasks_submitted,
          t.items_total, t.tasks_total, t.max_points, gs.scale_max,
          (select sum(g.points) from grades g join learning_items gi on gi.id = g.item_id
             join learning_units gu on gu.id = gi.unit_id
            where g.course_id = c.id and g.student_id = ${studentId} and g.is_published
              and gi.counts_for_progress and gi.deleted_at is null and gu.deleted_at is null
              and gu.status <> 'draft') as points,
          exists (select 1 from submissions s where s.course_id = c.id and s.student_id = ${studentId})
            or exists (select 1 from item_progress ip where ip.course_id = c.id and ip.student_id = ${studentId}) as has_work
        from mine m
        join programme_courses c on c.id = m.course_id
        join programmes p on p.id = c.programme_id
        left join classes k on k.id = m.class_id
        left join enrolments e on e.id = m.enrolment_id
        left join course_enrolments ce on ce.course_id = c.id and ce.student_id = ${studentId}
        left join course_progress cp on cp.course_id = c.id and cp.student_id = ${studentId}
        left join grading_schemas gs on gs.id = p.grading_schema_id
        cross join lateral (
          select count(*)::int as items_total,
                 count(*) filter (where i.max_points is not null)::int as tasks_total,
                 sum(i.max_points) as max_points
          from learning_items i join learning_units u on u.id = i.unit_id
          where i.course_id = c.id and i.counts_for_progress and i.is_published and i.deleted_at is null
            and u.deleted_at is null and u.status <> 'draft'
        ) t
        order by p.start_date desc, p.id, c.position, c.id`,
  );
  return { items: list.map(toCourse) };
}

function toCourse(r: CourseRow): StudentCourse {
  const max = r.max_points === null ? 0 : Number(r.max_points);
  const scale = r.scale_max === null ? null : Number(r.scale_max);
  return {
    courseId: r.course_id,
    code: r.code,
    title: r.title,
    programme: {
      id: r.programme_id,
      code: r.programme_code,
      title: r.programme_title,
      type: r.programme_type,
      status: r.programme_status,
    },
    source: r.source,
    status: r.status,
    class:
      r.class_id !== null && r.class_name !== null ? { id: r.class_id, name: r.class_name } : null,
    enrolmentState: r.enrolment_state,
    reason: r.reason,
    itemsDone: r.items_done,
    itemsTotal: r.items_total,
    tasksSubmitted: r.tasks_submitted,
    tasksTotal: r.tasks_total,
    result:
      max > 0 && scale !== null
        ? Math.round((Number(r.points ?? 0) / max) * scale * 100) / 100
        : null,
    scaleMax: scale,
    hasWork: r.has_work,
    version: r.version,
  };
}

type Standing = {
  in_programme: boolean;
  row_source: 'programme' | 'additional' | null;
  row_status: 'active' | 'dropped' | null;
  version: number | null;
};

async function standing(tx: Db, studentId: number, courseId: number): Promise<Standing | null> {
  const [row] = await rows<Standing>(
    tx,
    sql`select exists (select 1 from enrolments e join programme_courses c on c.programme_id = e.programme_id
                        where c.id = ${courseId} and e.user_id = ${studentId}
                          and e.state in ('active', 'completed', 'failed')) as in_programme,
               ce.source as row_source, ce.status as row_status, ce.version
        from programme_courses pc
        left join course_enrolments ce on ce.course_id = pc.id and ce.student_id = ${studentId}
        where pc.id = ${courseId}`,
  );
  if (!row || (!row.in_programme && row.row_source !== 'additional')) return null;
  return row;
}

const checkVersion = (s: Standing, version: number | null | undefined) => {
  if (version != null && s.version !== null && s.version !== version)
    throw new AppError(
      409,
      'STALE_VERSION',
      'This course was changed meanwhile. Please reload and try again.',
    );
};

/** Takes a course out of the student's learning (their work is kept; restore brings it back). */
export async function dropCourse(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
  courseId: number,
  input: ReasonInput,
): Promise<StudentCourses> {
  await studentFor(deps.db, auth, studentId);
  await deps.db.transaction(async (tx) => {
    const s = await standing(tx, studentId, courseId);
    if (!s) throw notFound('The course');
    if (s.row_status === 'dropped')
      throw new AppError(409, 'CONFLICT', 'This course is dropped already.');
    checkVersion(s, input.version);
    await tx.execute(
      sql`insert into course_enrolments (course_id, student_id, source, status, reason, created_by)
          values (${courseId}, ${studentId}, 'programme', 'dropped', ${input.reason}, ${auth.user.jwlId})
          on conflict (course_id, student_id) do update
            set status = 'dropped', reason = excluded.reason, version = course_enrolments.version + 1,
                updated_at = now()`,
    );
    await audit(tx, auth, {
      action: 'course.drop',
      entityType: 'user',
      entityId: studentId,
      changes: { courseId, reason: input.reason },
    });
  });
  return listCourses(deps, auth, studentId);
}

/** Brings a dropped course back. */
export async function restoreCourse(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
  courseId: number,
  input: ReasonInput,
): Promise<StudentCourses> {
  await studentFor(deps.db, auth, studentId);
  await deps.db.transaction(async (tx) => {
    const s = await standing(tx, studentId, courseId);
    if (!s) throw notFound('The course');
    if (s.row_status !== 'dropped')
      throw new AppError(409, 'CONFLICT', 'This course is not dropped.');
    checkVersion(s, input.version);
    await tx.execute(
      sql`update course_enrolments set status = 'active', reason = ${input.reason},
            version = version + 1, updated_at = now()
          where course_id = ${courseId} and student_id = ${studentId}`,
    );
    await audit(tx, auth, {
      action: 'course.restore',
      entityType: 'user',
      entityId: studentId,
      changes: { courseId, reason: input.reason },
    });
  });
  return listCourses(deps, auth, studentId);
}

/**
 * The classes of a programme at the student's CLCs, as a json array (null when none): where an
 * additional course's learner may learn. One definition for the candidates and for a move.
 */
const classesAtStudentClcs = (programmeId: SQL, studentId: number): SQL =>
  sql`(select json_agg(json_build_object('id', k.id, 'name', k.name, 'clcCode', cc.code) order by k.name)
         from classes k join clcs cc on cc.id = k.clc_id
        where k.programme_id = ${programmeId}
          and k.clc_id in (select uc.clc_id from user_clcs uc where uc.user_id = ${studentId}))`;

/**
 * Courses the student could take in addition: courses of running programmes offered in the
 * caller's CLC scope that the student does not have yet, with the classes at the student's CLCs.
 */
export async function additionalCandidates(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
  q: string | undefined,
): Promise<{ items: AdditionalCandidate[] }> {
  await studentFor(deps.db, auth, studentId);
  const scope = clcScope(auth);
  const list = await rows<{
    course_id: number;
    code: string;
    title: string;
    programme_id: number;
    programme_code: string;
    programme_title: string;
    programme_type: ProgrammeType;
    classes: ClassOption[] | null;
  }>(
    deps.db,
    sql`select c.id as course_id, c.code, c.title, p.id as programme_id, p.code as programme_code,
          p.title as programme_title, p.type as programme_type,
          ${classesAtStudentClcs(sql`p.id`, studentId)} as classes
        from programme_courses c join programmes p on p.id = c.programme_id
        where p.status = 'running' and p.type <> 'orientation'
          and exists (select 1 from programme_clcs pc where pc.programme_id = p.id and ${inScope(sql`pc.clc_id`, scope)})
          and not exists (select 1 from course_learners cl where cl.course_id = c.id and cl.student_id = ${studentId})
          and not exists (select 1 from course_enrolments ce where ce.course_id = c.id and ce.student_id = ${studentId})
          ${q ? sql`and (c.code ilike ${containsPattern(q)} or c.title ilike ${containsPattern(q)} or p.title ilike ${containsPattern(q)})` : sql``}
        order by p.start_date desc, p.id, c.position, c.id
        limit 50`,
  );
  return {
    items: list.map((r) => ({
      courseId: r.course_id,
      code: r.code,
      title: r.title,
      programme: {
        id: r.programme_id,
        code: r.programme_code,
        title: r.programme_title,
        type: r.programme_type,
      },
      classes: r.classes ?? [],
    })),
  };
}

async function assertClassOfCourse(
  tx: Db,
  courseId: number,
  classId: number | null,
): Promise<void> {
  if (classId === null) return;
  const [row] = await rows<{ id: number }>(
    tx,
    sql`select k.id from classes k join programme_courses c on c.programme_id = k.programme_id
        where k.id = ${classId} and c.id = ${courseId}`,
  );
  if (!row)
    throw badRequest('The class is not a class of this course’s programme.', {
      classId: 'The class is not a class of this course’s programme.',
    });
}

/** Enrols the student in a course outside their programme, with a class to learn in. */
export async function addAdditional(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
  input: AdditionalCourseInput,
): Promise<StudentCourses> {
  const { items } = await additionalCandidates(deps, auth, studentId, undefined);
  await deps.db.transaction(async (tx) => {
    const [candidate] = await rows<{ ok: boolean }>(
      tx,
      sql`select true as ok from programme_courses c join programmes p on p.id = c.programme_id
          where c.id = ${input.courseId} and p.status = 'running' and p.type <> 'orientation'
            and exists (select 1 from programme_clcs pc where pc.programme_id = p.id and ${inScope(sql`pc.clc_id`, clcScope(auth))})`,
    );
    if (!candidate) throw notFound('The course');
    if (!items.some((c) => c.courseId === input.courseId))
      throw new AppError(409, 'ALREADY_EXISTS', 'The student has this course already.');
    await assertClassOfCourse(tx, input.courseId, input.classId);
    await tx.execute(
      sql`insert into course_enrolments (course_id, student_id, source, status, class_id, reason, created_by)
          values (${input.courseId}, ${studentId}, 'additional', 'active', ${input.classId}, ${input.reason}, ${auth.user.jwlId})`,
    );
    await audit(tx, auth, {
      action: 'course.additional.add',
      entityType: 'user',
      entityId: studentId,
      changes: { courseId: input.courseId, classId: input.classId, reason: input.reason },
    });
  });
  return listCourses(deps, auth, studentId);
}

async function lockAdditional(tx: Db, studentId: number, courseId: number) {
  const [row] = await rows<{ version: number; class_id: number | null }>(
    tx,
    sql`select version, class_id from course_enrolments
        where course_id = ${courseId} and student_id = ${studentId} and source = 'additional' for update`,
  );
  if (!row) throw notFound('The additional course');
  return row;
}

/** The classes an additional course's learner may be moved to (its programme's, at their CLCs). */
export async function additionalClassOptions(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
  courseId: number,
): Promise<{ items: ClassOption[] }> {
  await studentFor(deps.db, auth, studentId);
  const [row] = await rows<{ classes: ClassOption[] | null }>(
    deps.db,
    sql`select ${classesAtStudentClcs(sql`c.programme_id`, studentId)} as classes
        from course_enrolments ce join programme_courses c on c.id = ce.course_id
        where ce.course_id = ${courseId} and ce.student_id = ${studentId} and ce.source = 'additional'`,
  );
  if (!row) throw notFound('The additional course');
  return { items: row.classes ?? [] };
}

/** Moves the student to another class for an additional course. */
export async function updateAdditional(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
  courseId: number,
  input: AdditionalCourseUpdate,
): Promise<StudentCourses> {
  await studentFor(deps.db, auth, studentId);
  await deps.db.transaction(async (tx) => {
    const row = await lockAdditional(tx, studentId, courseId);
    if (row.version !== input.version)
      throw new AppError(
        409,
        'STALE_VERSION',
        'This course was changed meanwhile. Please reload and try again.',
      );
    await assertClassOfCourse(tx, courseId, input.classId);
    await tx.execute(
      sql`update course_enrolments set class_id = ${input.classId}, version = version + 1, updated_at = now()
          where course_id = ${courseId} and student_id = ${studentId}`,
    );
    await audit(tx, auth, {
      action: 'course.additional.move',
      entityType: 'user',
      entityId: studentId,
      changes: { courseId, from: row.class_id, to: input.classId },
    });
  });
  return listCourses(deps, auth, studentId);
}

/** Removes an additional course given by mistake: refused once there is work (drop it instead). */
export async function removeAdditional(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
  courseId: number,
): Promise<StudentCourses> {
  await studentFor(deps.db, auth, studentId);
  await deps.db.transaction(async (tx) => {
    await lockAdditional(tx, studentId, courseId);
    const [work] = await rows<{ has: boolean }>(
      tx,
      sql`select exists (select 1 from submissions where course_id = ${courseId} and student_id = ${studentId})
              or exists (select 1 from item_progress where course_id = ${courseId} and student_id = ${studentId})
              or exists (select 1 from grades where course_id = ${courseId} and student_id = ${studentId}) as has`,
    );
    if (work?.has)
      throw new AppError(
        409,
        'HAS_WORK',
        'The student has work in this course, so it cannot be removed: drop it instead.',
      );
    await tx.execute(
      sql`delete from course_enrolments where course_id = ${courseId} and student_id = ${studentId}`,
    );
    await audit(tx, auth, {
      action: 'course.additional.remove',
      entityType: 'user',
      entityId: studentId,
      changes: { courseId },
    });
  });
  return listCourses(deps, auth, studentId);
}

/** The caller's own programmes, states, study breaks and certificates (read-only). */
export async function myStudies(deps: Deps, auth: AuthContext): Promise<MyStudies> {
  const me = auth.user.jwlId;
  const today = new Date().toISOString().slice(0, 10);
  const [enrolments, breaks] = await Promise.all([
    rows<{
      id: number;
      programme_id: number;
      code: string;
      title: string;
      type: ProgrammeType;
      start_date: string | null;
      end_date: string | null;
      state: EnrolmentState;
      clc_id: number | null;
      clc_code: string | null;
      class_id: number | null;
      class_name: string | null;
      certificate_code: string | null;
      issued_on: string | null;
    }>(
      deps.db,
      sql`select e.id, p.id as programme_id, p.code, p.title, p.type, p.start_date::text, p.end_date::text,
            e.state, e.clc_id, cc.code as clc_code, e.class_id, k.name as class_name,
            ct.code as certificate_code, ct.issued_on::text
          from enrolments e join programmes p on p.id = e.programme_id
          left join clcs cc on cc.id = e.clc_id
          left join classes k on k.id = e.class_id
          left join certificates ct on ct.enrolment_id = e.id and ct.revoked_at is null
          where e.user_id = ${me}
          order by p.start_date desc, p.id`,
    ),
    rows<{ enrolment_id: number; starts_on: string; ends_on: string }>(
      deps.db,
      sql`select sb.enrolment_id, sb.starts_on::text, sb.ends_on::text from study_breaks sb
          join enrolments e on e.id = sb.enrolment_id where e.user_id = ${me}
          order by sb.starts_on`,
    ),
  ]);
  return {
    programmes: enrolments.map((e) => ({
      programme: {
        id: e.programme_id,
        code: e.code,
        title: e.title,
        type: e.type,
        startDate: e.start_date,
        endDate: e.end_date,
      },
      state: e.state,
      clc: e.clc_id !== null && e.clc_code !== null ? { id: e.clc_id, code: e.clc_code } : null,
      class:
        e.class_id !== null && e.class_name !== null
          ? { id: e.class_id, name: e.class_name }
          : null,
      breaks: breaks
        .filter((b) => b.enrolment_id === e.id)
        .map((b) => ({
          startsOn: b.starts_on,
          endsOn: b.ends_on,
          current: e.state === 'active' && b.starts_on <= today && b.ends_on >= today,
        })),
      certificate:
        e.certificate_code !== null && e.issued_on !== null
          ? { code: e.certificate_code, issuedOn: e.issued_on }
          : null,
    })),
  };
}
