import { sql, type SQL } from 'drizzle-orm';
import type {
  ClassDetail,
  ClassListQuery,
  ClassPage,
  ClassPhase,
  ClassProgress,
  ClassStudentsQuery,
  QueuePage,
  QueueQuery,
  SubmissionView,
} from '@lantern/contracts/teaching';
import { rubricSchema } from '@lantern/contracts/teaching';
import type { ProgrammeStatus, ProgrammeType } from '@lantern/contracts/programme';
import type { ItemKind } from '@lantern/contracts/learning-enums';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { notFound } from '../../../lib/errors';
import { decodeCursor, encodeCursor } from '../../../lib/cursor';
import { learnerReach, loadCourseInReach } from '../../../lib/learning-scope';
import { containsPattern, intArray, rows } from '../../../lib/sql';
import {
  BY_PERIOD,
  CLASS_END,
  CLASS_PERIOD_JOIN,
  CLASS_PHASE,
  CLASS_START,
  phaseIn,
} from '../../../lib/class-period';
import { withImageLinks } from '../content/public';
import { findGrade } from './grade-events';
import { gradeOut } from './grading.service';
import { whyNotGrade } from './responsibility';
import { TO_GRADE_FROM, toGradeWhere } from './responsibility.repository';
import { similarityBadges } from '../../similarity/public';
import * as repo from './teaching.repository';

// What the people who teach read: their classes (class_root), a class's students × tasks, its
// progress, the grading queue and one submission with its grade.

const iso = (v: Date | string | null): string | null =>
  v === null ? null : new Date(v).toISOString();
const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

const CLASS_ORDER: Record<Exclude<ClassListQuery['sort'], 'period'>, SQL> = {
  name: sql`lower(k.name)`,
  programme: sql`lower(p.code)`,
  clc: sql`lower(c.code)`,
  students: sql`students`,
  toGrade: sql`to_grade`,
  late: sql`late`,
};

/** class_root: the classes the caller teaches or oversees, with what waits to be graded. */
export async function listClasses(
  deps: Deps,
  auth: AuthContext,
  query: ClassListQuery,
): Promise<ClassPage> {
  const readable = repo.classReadable(auth);
  const filters: SQL[] = [readable];
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
  const found = await rows<{
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
    deps.db,
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
  const clcs = await rows<{ id: number; code: string; name: string }>(
    deps.db,
    sql`select distinct c.id, c.code, c.name from classes k join clcs c on c.id = k.clc_id
        where ${readable} order by c.code`,
  );
  return {
    items: found.map((r) => ({
      id: r.id,
      name: r.name,
      programme: {
        id: r.programme_id,
        code: r.programme_code,
        title: r.programme_title,
        type: r.programme_type,
        status: r.programme_status,
      },
      clc: { id: r.clc_id, code: r.clc_code, name: r.clc_name },
      phase: r.phase,
      startDate: r.start_date,
      endDate: r.end_date,
      students: r.students,
      toGrade: r.to_grade,
      late: r.late,
    })),
    total: found[0]?.total ?? 0,
    page: query.page,
    limit: query.limit,
    clcs,
  };
}

type ClassHead = {
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

async function loadClass(deps: Deps, auth: AuthContext, classId: number) {
  const [k] = await rows<ClassHead>(
    deps.db,
    sql`select k.id, k.name, c.id as clc_id, c.code as clc_code, c.name as clc_name,
          p.id as programme_id, p.code as programme_code, p.title as programme_title,
          p.type as programme_type
        from classes k join programmes p on p.id = k.programme_id join clcs c on c.id = k.clc_id
        where k.id = ${classId} and ${repo.classReadable(auth)}`,
  );
  if (!k) throw notFound('The class');
  const courses = await rows<{ id: number; code: string; title: string }>(
    deps.db,
    // A bachelor classroom teaches its offering's course only (decision 0022).
    sql`select c.id, c.code, c.title from programme_courses c
        left join (ba_classrooms r join ba_offerings o on o.id = r.offering_id) on r.class_id = ${classId}
        where c.programme_id = ${k.programme_id} and (r.class_id is null or o.course_id = c.id)
        order by c.position, c.id`,
  );
  return { k, courses };
}

function pickCourse(courses: { id: number }[], courseId: number | undefined): number | null {
  if (courseId === undefined) return courses[0]?.id ?? null;
  if (!courses.some((c) => c.id === courseId)) throw notFound('The course');
  return courseId;
}

const classHeadOut = (k: ClassHead) => ({
  id: k.id,
  name: k.name,
  clc: { id: k.clc_id, code: k.clc_code, name: k.clc_name },
  programme: {
    id: k.programme_id,
    code: k.programme_code,
    title: k.programme_title,
    type: k.programme_type,
  },
});

/** class/:classId, Students: the class's learners × the course's tasks, 50 a page. */
export async function getClass(
  deps: Deps,
  auth: AuthContext,
  classId: number,
  query: ClassStudentsQuery,
): Promise<ClassDetail> {
  const { k, courses } = await loadClass(deps, auth, classId);
  const courseId = pickCourse(courses, query.courseId);
  const base = {
    class: classHeadOut(k),
    courses,
    courseId,
    page: query.page,
    limit: query.limit,
  };
  if (courseId === null) return { ...base, tasks: [], notSubmitted: {}, students: [], total: 0 };
  const tasks = await repo.findTasks(deps.db, courseId);
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
  const learners = await rows<{
    student_id: number;
    first_name: string;
    last_name: string;
    last_activity_at: Date | string | null;
    total: number;
  }>(
    deps.db,
    sql`select cl.student_id, u.first_name, u.last_name, cp.last_activity_at,
          count(*) over ()::int as total
        from course_learners cl join users u on u.jwl_id = cl.student_id
        left join course_progress cp on cp.student_id = cl.student_id and cp.course_id = cl.course_id
        where ${sql.join(filters, sql` and `)}
        order by ${order}
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const taskIds = tasks.map((t) => t.id);
  const cells = await repo.findCells(
    deps.db,
    courseId,
    learners.map((l) => l.student_id),
    taskIds,
  );
  const byKey = new Map(cells.map((c) => [`${String(c.student_id)}:${String(c.item_id)}`, c]));
  const missing = taskIds.length
    ? await rows<{ item_id: number; n: number }>(
        deps.db,
        sql`select i.id as item_id, count(cl.student_id)::int as n
            from unnest(${intArray(taskIds)}) as i(id)
            cross join course_learners cl
            where cl.course_id = ${courseId} and cl.class_id = ${classId} and ${learnerReach('cl', auth)}
              and not exists (select 1 from submissions s where s.item_id = i.id
                                and s.student_id = cl.student_id and s.submitted_at is not null)
            group by i.id`,
      )
    : [];
  return {
    ...base,
    tasks: tasks.map((t) => ({
      id: t.id,
      unitId: t.unit_id,
      unitTitle: t.unit_title,
      title: t.title,
      kind: t.kind,
      delivery: t.delivery,
      maxPoints: Number(t.max_points),
      dueAt: iso(t.due_at),
    })),
    notSubmitted: Object.fromEntries(
      taskIds.map((id) => [String(id), missing.find((m) => m.item_id === id)?.n ?? 0]),
    ),
    students: learners.map((l) => ({
      studentId: l.student_id,
      firstName: l.first_name,
      lastName: l.last_name,
      lastActivityAt: iso(l.last_activity_at),
      cells: tasks.map((t) => {
        const c = byKey.get(`${String(l.student_id)}:${String(t.id)}`);
        return {
          state: repo.cellState(c),
          late: c?.sub_late ?? false,
          points: repo.cellPoints(c),
          published: c?.g_published ?? false,
          submissionId: c && c.sub_status === 'submitted' ? num(c.sub_id) : null,
        };
      }),
    })),
    total: learners[0]?.total ?? 0,
  };
}

/** class/:classId/progress: per learner and per unit, from the progress counters. */
export async function getClassProgress(
  deps: Deps,
  auth: AuthContext,
  classId: number,
  courseIdAsked: number | undefined,
): Promise<ClassProgress> {
  const { courses } = await loadClass(deps, auth, classId);
  const courseId = pickCourse(courses, courseIdAsked);
  if (courseId === null) return { courseId, itemsTotal: 0, tasksTotal: 0, units: [], students: [] };
  const units = await rows<{ id: number; title: string; items: number; tasks: number }>(
    deps.db,
    sql`select u.id, u.title, count(i.id)::int as items,
          (count(i.id) filter (where i.max_points is not null))::int as tasks
        from learning_units u
        left join learning_items i on i.unit_id = u.id and i.deleted_at is null and i.is_published
          and i.counts_for_progress
        where u.course_id = ${courseId} and u.deleted_at is null and u.status in ('published', 'closed')
        group by u.id order by u.position, u.id`,
  );
  const students = await rows<{
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
    deps.db,
    sql`select cl.student_id, u.first_name, u.last_name, cp.items_done, cp.tasks_submitted,
          cp.tasks_graded, cp.points_published, cp.last_activity_at,
          (select sum(g.max_points) from grades g where g.student_id = cl.student_id
             and g.course_id = cl.course_id and g.is_published and g.outcome = 'graded') as max_published
        from course_learners cl join users u on u.jwl_id = cl.student_id
        left join course_progress cp on cp.student_id = cl.student_id and cp.course_id = cl.course_id
        where cl.course_id = ${courseId} and cl.class_id = ${classId} and ${learnerReach('cl', auth)}
        order by lower(u.last_name), lower(u.first_name), u.jwl_id`,
  );
  const done = await rows<{ unit_id: number; done: string | number }>(
    deps.db,
    sql`select up.unit_id, sum(up.items_done) as done
        from unit_progress up
        where up.course_id = ${courseId}
          and up.student_id = any(${intArray(students.map((s) => s.student_id))})
        group by up.unit_id`,
  );
  const learners = Math.max(students.length, 1);
  return {
    courseId,
    itemsTotal: units.reduce((n, u) => n + u.items, 0),
    tasksTotal: units.reduce((n, u) => n + u.tasks, 0),
    units: units.map((u) => {
      const d = Number(done.find((x) => x.unit_id === u.id)?.done ?? 0);
      return {
        id: u.id,
        title: u.title,
        items: u.items,
        averageDone: u.items > 0 ? Math.min(1, d / (u.items * learners)) : 0,
      };
    }),
    students: students.map((s) => {
      const max = Number(s.max_published ?? 0);
      return {
        studentId: s.student_id,
        firstName: s.first_name,
        lastName: s.last_name,
        itemsDone: s.items_done ?? 0,
        tasksSubmitted: s.tasks_submitted ?? 0,
        tasksGraded: s.tasks_graded ?? 0,
        soFarPercent:
          max > 0 ? Math.round((Number(s.points_published ?? 0) / max) * 1000) / 10 : null,
        lastActivityAt: iso(s.last_activity_at),
      };
    }),
  };
}

const queueCondition = (query: {
  itemId?: number | undefined;
  classId?: number | undefined;
  state?: QueueQuery['state'];
}): SQL[] => {
  const f: SQL[] = [];
  if (query.itemId) f.push(sql`s.item_id = ${query.itemId}`);
  if (query.classId) f.push(sql`cl.class_id = ${query.classId}`);
  if (query.state === 'late') f.push(sql`s.late`);
  if (query.state === 'resubmitted') f.push(sql`s.attempt > 1`);
  if (query.state === 'submitted') f.push(sql`not s.late and s.attempt = 1`);
  return f;
};

/** The grading queue of a course: latest attempts waiting for a grade, oldest first, keyset. */
export async function gradingQueue(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
  query: QueueQuery,
): Promise<QueuePage> {
  await loadCourseInReach(deps.db, auth, courseId);
  const filters = [sql`s.course_id = ${courseId}`, toGradeWhere(auth), ...queueCondition(query)];
  if (query.cursor) {
    const c = decodeCursor(query.cursor, 'submitted', 'asc');
    filters.push(sql`(s.submitted_at, s.id) > (${c.value}::timestamptz, ${c.id})`);
  }
  const found = await rows<{
    id: string | number;
    item_id: number;
    item_title: string;
    item_kind: ItemKind;
    student_id: number;
    first_name: string;
    last_name: string;
    class_name: string | null;
    attempt: number;
    late: boolean;
    submitted_at: Date | string;
    /** The time at full (microsecond) precision, for the cursor. */
    submitted_key: string;
    has_draft: boolean;
  }>(
    deps.db,
    sql`select s.id, s.item_id, i.title as item_title, i.kind as item_kind, s.student_id,
          u.first_name, u.last_name, k.name as class_name, s.attempt, s.late, s.submitted_at, s.submitted_at::text as submitted_key,
          (g.item_id is not null and not g.is_published) as has_draft
        from ${TO_GRADE_FROM}
        join users u on u.jwl_id = s.student_id
        left join classes k on k.id = cl.class_id
        where ${sql.join(filters, sql` and `)}
        order by s.submitted_at, s.id
        limit ${query.limit + 1}`,
  );
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  const badges = await similarityBadges(
    deps,
    auth,
    page.map((r) => Number(r.id)),
  );
  return {
    items: page.map((r) => ({
      ...(badges ? { similarity: badges.get(Number(r.id)) ?? null } : {}),
      submissionId: Number(r.id),
      itemId: r.item_id,
      itemTitle: r.item_title,
      itemKind: r.item_kind,
      studentId: r.student_id,
      firstName: r.first_name,
      lastName: r.last_name,
      className: r.class_name,
      attempt: r.attempt,
      late: r.late,
      submittedAt: iso(r.submitted_at) ?? '',
      hasDraft: r.has_draft,
    })),
    nextCursor:
      found.length > query.limit && last
        ? encodeCursor({
            sort: 'submitted',
            dir: 'asc',
            value: last.submitted_key,
            id: Number(last.id),
          })
        : null,
  };
}

/** The neighbours of a submission in its class's grading queue (oldest first). */
async function neighbours(deps: Deps, auth: AuthContext, s: repo.SubmissionRow) {
  const found = await rows<{ id: string | number }>(
    deps.db,
    sql`select s.id from ${TO_GRADE_FROM}
        where s.course_id = ${s.course_id}
          and ${s.class_id === null ? sql`cl.class_id is null` : sql`cl.class_id = ${s.class_id}`}
          and (s.id = ${s.id} or ${toGradeWhere(auth)})
        order by s.submitted_at, s.id limit 500`,
  );
  const ids = found.map((r) => Number(r.id));
  const at = ids.indexOf(Number(s.id));
  if (at < 0) return { previousId: null, nextId: null };
  return { previousId: ids[at - 1] ?? null, nextId: ids[at + 1] ?? null };
}

/** The type of a file the browser shows inline; others are downloaded. */
const INLINE = /^(application\/pdf|image\/(png|jpeg|webp)|audio\/|video\/)/;

/**
 * A signed link to a file; `inline` is signed into it (decision 0019, "Serving"), so the grade
 * page can frame a PDF while the file route still decides what may be shown inline.
 */
function fileLink(deps: Deps, fileId: string, inline: boolean): string {
  return deps.files.signedUrl(fileId, { inline });
}

/** grade/:submissionId: the work, its attempts, the grade, and whether the caller may grade. */
export async function getSubmission(
  deps: Deps,
  auth: AuthContext,
  submissionId: number,
): Promise<SubmissionView> {
  const s = await repo.findSubmission(deps.db, auth, submissionId);
  if (!s) throw notFound('The submission');
  const delivery = s.delivery ?? 'online';
  const [files, attempts, grade, around] = await Promise.all([
    repo.findSubmissionFiles(deps.db, submissionId),
    repo.findAttempts(deps.db, s.item_id, s.student_id),
    findGrade(deps.db, s.item_id, s.student_id),
    neighbours(deps, auth, s),
  ]);
  const why = whyNotGrade(auth, { delivery }, s.in_grading_scope);
  const rubric = rubricSchema.safeParse(s.rubric);
  return {
    submission: {
      id: Number(s.id),
      attempt: s.attempt,
      status: s.status,
      text: s.text,
      wordCount: s.word_count,
      late: s.late,
      submittedAt: iso(s.submitted_at),
      files: files.map((f) => ({
        id: f.id,
        name: f.name,
        mime: f.mime,
        size: f.size,
        url: fileLink(deps, f.id, INLINE.test(f.mime)),
        downloadUrl: fileLink(deps, f.id, false),
      })),
    },
    // A learner's drafts are theirs: staff see the attempts handed in.
    attempts: attempts
      .filter((a) => a.status === 'submitted')
      .map((a) => ({
        id: Number(a.id),
        attempt: a.attempt,
        status: a.status,
        submittedAt: iso(a.submitted_at),
        late: a.late,
      })),
    task: {
      id: s.item_id,
      title: s.item_title,
      // What the learner answered, so an edit made since does not change what is graded.
      instructions: await withImageLinks(deps, s.answered_body ?? s.item_body),
      instructionsChanged: s.answered_body !== null && s.answered_body !== s.item_body,
      kind: s.kind,
      delivery,
      maxPoints: Number(s.max_points ?? 0),
      grading: s.grading ?? 'points',
      rubric: rubric.success ? rubric.data : null,
      dueAt: iso(s.due_at),
      courseId: s.course_id,
      courseTitle: s.course_title,
    },
    student: {
      id: s.student_id,
      firstName: s.first_name,
      lastName: s.last_name,
      classId: s.class_id,
      className: s.class_name,
    },
    grade: grade ? gradeOut(grade, await repo.userName(deps.db, grade.gradedBy)) : null,
    mayGrade: why === null,
    mayNotGradeReason: why,
    mayOverride: why === null && auth.rights.has('SUBMISSION__EDIT'),
    ...around,
    ...(await similarityBadges(deps, auth, [Number(s.id)]).then((b) =>
      b ? { similarity: b.get(Number(s.id)) ?? null } : {},
    )),
  };
}
