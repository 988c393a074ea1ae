import { sql } from 'drizzle-orm';
import type { ProgrammeType } from '@lantern/contracts/programme';
import type { ClassPhase } from '@lantern/contracts/teaching';
import type { ItemKind } from '@lantern/contracts/learning-enums';
import type {
  DueTask,
  LmsHome,
  MyGrade,
  MyGrades,
  MyGradesQuery,
  MyProgress,
} from '@lantern/contracts/learning-work';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { authoringReach, isAuthor, isLearner } from '../../../lib/learning-scope';
import { intArray, rows } from '../../../lib/sql';
import { studyBreakUntilSql } from '../learner-policy/public';
import { UNDER_REVIEW } from './work.repository';
import { TO_GRADE_FROM, toGradeWhere } from '../teaching/public';
import { BY_PERIOD, CLASS_PERIOD_JOIN, CLASS_PHASE, phaseIn } from '../../../lib/class-period';
import { iso } from '../../../lib/dates';

// The learner's own pages (decision 0019 "Web screens": learning, track): everything here is
// the caller's own, so the scope is their JWL-ID and nothing else.

/** Counted items of a course (the denominators of progress), as progress.ts counts them. */
const COUNTED_ITEMS = sql`select i.course_id, count(*)::int as items,
    count(*) filter (where i.max_points is not null)::int as tasks
  from learning_items i join learning_units u on u.id = i.unit_id
  where i.counts_for_progress and i.is_published and i.deleted_at is null
    and u.deleted_at is null and u.status <> 'draft'`;

type GradeRow = {
  item_id: number;
  kind: ItemKind;
  title: string;
  course_id: number;
  course_code: string;
  course_title: string;
  submission_id: number | null;
  outcome: 'graded' | 'returned';
  points: string | number | null;
  max_points: string | number;
  comment: string | null;
  published_at: Date | string;
  under_review: boolean;
};

const GRADE_COLUMNS = sql`g.item_id, i.kind, i.title, c.id as course_id, c.code as course_code,
  c.title as course_title, g.submission_id::int as submission_id, g.outcome, g.points, g.max_points,
  g.comment, g.published_at, ${UNDER_REVIEW} as under_review`;

/**
 * The first time the learner's own read returns a published grade, it is stamped seen: an
 * approved undo-publish then tells them the grade is under review (decision 0021 §2.5). An
 * impersonator's read is not the learner's.
 */
async function stampSeen(deps: Deps, auth: AuthContext, grades: readonly GradeRow[]) {
  if (auth.impersonating || grades.length === 0) return;
  await deps.db.execute(
    sql`update grades set learner_seen_at = now()
        where student_id = ${auth.user.jwlId} and is_published and learner_seen_at is null
          and item_id = any(${intArray(grades.map((g) => g.item_id))})`,
  );
}

const toGrade = (r: GradeRow): MyGrade => ({
  itemId: r.item_id,
  kind: r.kind,
  title: r.title,
  course: { id: r.course_id, code: r.course_code, title: r.course_title },
  submissionId: r.submission_id,
  outcome: r.outcome,
  points: r.points === null ? null : Number(r.points),
  maxPoints: Number(r.max_points),
  comment: r.comment,
  publishedAt: iso(r.published_at),
  underReview: r.under_review,
});

/** The lms home: own concentrations, what is due, grades, announcements; staff: classes. */
export async function getHome(deps: Deps, auth: AuthContext): Promise<LmsHome> {
  const me = auth.user.jwlId;
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const learner = isLearner(auth);
  const [concentrations, due, grades, announcements, breakRow, classes, authoring] =
    await Promise.all([
      learner ? ownConcentrations(deps, me) : Promise.resolve([]),
      learner ? dueSoon(deps, me, now) : Promise.resolve([]),
      learner
        ? rows<GradeRow>(
            deps.db,
            sql`select ${GRADE_COLUMNS} from grades g join learning_items i on i.id = g.item_id
                join programme_courses c on c.id = g.course_id
                where g.student_id = ${me} and g.is_published and i.deleted_at is null
                order by g.published_at desc, g.item_id limit 5`,
          )
        : Promise.resolve([]),
      rows<{ id: number; title: string; body: string; created_at: Date; is_read: boolean }>(
        deps.db,
        sql`select a.id, a.title, a.body, n.created_at, n.is_read from notifications n
            join announcements a on a.id = n.announcement_id
            where n.user_id = ${me} and n.type = 'announcement'
              and (n.expires_at is null or n.expires_at > now())
            order by n.created_at desc, n.id desc limit 3`,
      ),
      rows<{ until: string | null }>(
        deps.db,
        sql`select ${studyBreakUntilSql(me, today)} as until`,
      ),
      learner ? Promise.resolve({ classes: [], total: 0 }) : staffClasses(deps, auth),
      learner || !isAuthor(auth) ? Promise.resolve([]) : authorCourses(deps, auth),
    ]);
  await stampSeen(deps, auth, grades);
  return {
    isLearner: learner,
    concentrations,
    due,
    grades: grades.map(toGrade),
    announcements: announcements.map((a) => ({
      id: a.id,
      title: a.title,
      body: a.body,
      createdAt: iso(a.created_at),
      isRead: a.is_read,
    })),
    studyBreakUntil: breakRow[0]?.until ?? null,
    classes: classes.classes,
    classesTotal: classes.total,
    authoring,
  };
}

type ConcentrationRow = {
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
function ownConcentrations(deps: Deps, me: number) {
  return rows<ConcentrationRow>(
    deps.db,
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
  ).then((list) =>
    list.map((r) => ({
      programme: {
        id: r.id,
        code: r.code,
        title: r.title,
        type: r.type,
        startDate: r.start_date,
        endDate: r.end_date,
      },
      firstCourseId: r.type === 'orientation' ? r.first_course_id : null,
      isFinished: r.status === 'finished',
      certificateCode: r.certificate_code,
      itemsDone: r.items_done,
      itemsTotal: r.items_total,
      tasksSubmitted: r.tasks_submitted,
      tasksTotal: r.tasks_total,
    })),
  );
}

/** Tasks due in the next 14 days that the learner has not handed in yet (at most 10). */
function dueSoon(deps: Deps, me: number, now: Date): Promise<DueTask[]> {
  const until = new Date(now.getTime() + 14 * 24 * 3600 * 1000);
  return rows<{
    item_id: number;
    kind: ItemKind;
    title: string;
    course_id: number;
    course_title: string;
    due_at: Date | string;
    status: 'draft' | 'submitted' | null;
  }>(
    deps.db,
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
  ).then((list) =>
    list.map((r) => ({
      itemId: r.item_id,
      kind: r.kind,
      title: r.title,
      course: { id: r.course_id, title: r.course_title },
      dueAt: iso(r.due_at),
      state: r.status === 'draft' ? 'draft' : 'not_started',
    })),
  );
}

/** "Your classes" on the lms home lists this many; "All my classes" has the rest. */
export const HOME_CLASSES_LIMIT = 10;

/**
 * The classes the caller staffs that run or are coming (class-period: running first), at most
 * HOME_CLASSES_LIMIT, with what waits for their grade; and how many there are in all.
 */
async function staffClasses(deps: Deps, auth: AuthContext) {
  const me = auth.user.jwlId;
  const list = await rows<{
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
    deps.db,
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
  return {
    classes: list.map((r) => ({
      id: r.id,
      name: r.name,
      programme: { id: r.programme_id, code: r.code, title: r.title },
      phase: r.phase,
      students: r.students,
      toGrade: r.to_grade,
    })),
    total: list[0]?.total ?? 0,
  };
}

function authorCourses(deps: Deps, auth: AuthContext) {
  return rows<{
    course_id: number;
    code: string;
    title: string;
    programme_id: number;
    programme_code: string;
    programme_title: string;
  }>(
    deps.db,
    sql`select c.id as course_id, c.code, c.title, p.id as programme_id, p.code as programme_code,
          p.title as programme_title
        from programme_courses c join programmes p on p.id = c.programme_id
        where p.status in ('preparing', 'applying', 'running') and ${authoringReach(sql`p.id`, auth)}
        order by (p.status = 'running') desc, p.start_date desc, c.position, c.id limit 20`,
  ).then((list) =>
    list.map((r) => ({
      courseId: r.course_id,
      code: r.code,
      title: r.title,
      programme: { id: r.programme_id, code: r.programme_code, title: r.programme_title },
    })),
  );
}

/** The learner's published grades and comments: filter by course, sort by date or course. */
export async function getMyGrades(
  deps: Deps,
  auth: AuthContext,
  query: MyGradesQuery,
): Promise<MyGrades> {
  const me = auth.user.jwlId;
  const where = sql`g.student_id = ${me} and g.is_published and i.deleted_at is null
    ${query.courseId ? sql`and g.course_id = ${query.courseId}` : sql``}`;
  const order =
    query.sort === 'course'
      ? sql`c.code, c.id, g.published_at desc, g.item_id`
      : sql`g.published_at desc, g.item_id`;
  const offset = (query.page - 1) * query.limit;
  const [items, total, courses] = await Promise.all([
    rows<GradeRow>(
      deps.db,
      sql`select ${GRADE_COLUMNS} from grades g join learning_items i on i.id = g.item_id
          join programme_courses c on c.id = g.course_id
          where ${where} order by ${order} limit ${query.limit} offset ${offset}`,
    ),
    rows<{ n: number }>(
      deps.db,
      sql`select count(*)::int as n from grades g join learning_items i on i.id = g.item_id where ${where}`,
    ),
    rows<{ id: number; code: string; title: string }>(
      deps.db,
      sql`select distinct c.id, c.code, c.title from grades g join programme_courses c on c.id = g.course_id
          where g.student_id = ${me} and g.is_published order by c.code, c.id`,
    ),
  ]);
  await stampSeen(deps, auth, items);
  return {
    items: items.map(toGrade),
    total: total[0]?.n ?? 0,
    page: query.page,
    limit: query.limit,
    courses,
  };
}

/** The learner's progress per concentration, course and unit. */
export async function getMyProgress(deps: Deps, auth: AuthContext): Promise<MyProgress> {
  const me = auth.user.jwlId;
  const [courses, units] = await Promise.all([
    rows<{
      programme_id: number;
      programme_code: string;
      programme_title: string;
      programme_type: ProgrammeType;
      id: number;
      code: string;
      title: string;
      items_done: number;
      items_total: number;
      tasks_submitted: number;
      tasks_total: number;
      points_published: string | number;
      last_activity_at: Date | string | null;
    }>(
      deps.db,
      sql`with mine as (select distinct cl.course_id from course_learners cl where cl.student_id = ${me}),
          totals as (${COUNTED_ITEMS} and i.course_id in (select course_id from mine) group by i.course_id)
          select p.id as programme_id, p.code as programme_code, p.title as programme_title,
            p.type as programme_type, c.id, c.code, c.title,
            coalesce(cp.items_done, 0) as items_done, coalesce(t.items, 0) as items_total,
            coalesce(cp.tasks_submitted, 0) as tasks_submitted, coalesce(t.tasks, 0) as tasks_total,
            coalesce(cp.points_published, 0) as points_published, cp.last_activity_at
          from mine m join programme_courses c on c.id = m.course_id
          join programmes p on p.id = c.programme_id
          left join totals t on t.course_id = c.id
          left join course_progress cp on cp.course_id = c.id and cp.student_id = ${me}
          order by p.start_date desc, p.id, c.position, c.id`,
    ),
    rows<{
      course_id: number;
      id: number;
      title: string;
      status: 'published' | 'closed';
      items_done: number;
      items_total: number;
      tasks_submitted: number;
      tasks_total: number;
    }>(
      deps.db,
      sql`select u.course_id, u.id, u.title, u.status,
            coalesce(up.items_done, 0) as items_done,
            count(i.id) filter (where i.counts_for_progress and i.is_published and i.deleted_at is null)::int as items_total,
            count(ip.item_id) filter (where ip.source = 'submitted' and i.counts_for_progress)::int as tasks_submitted,
            count(i.id) filter (where i.counts_for_progress and i.is_published and i.deleted_at is null
                                  and i.max_points is not null)::int as tasks_total
          from learning_units u
          left join unit_progress up on up.unit_id = u.id and up.student_id = ${me}
          left join learning_items i on i.unit_id = u.id
          left join item_progress ip on ip.item_id = i.id and ip.student_id = ${me}
            and i.is_published and i.deleted_at is null
          where u.deleted_at is null and u.status <> 'draft'
            and u.course_id in (select cl.course_id from course_learners cl where cl.student_id = ${me})
          group by u.id, up.items_done
          order by u.course_id, u.position, u.id`,
    ),
  ]);
  const concentrations: MyProgress['concentrations'] = [];
  for (const c of courses) {
    let entry = concentrations.find((x) => x.programme.id === c.programme_id);
    if (!entry) {
      entry = {
        programme: {
          id: c.programme_id,
          code: c.programme_code,
          title: c.programme_title,
          type: c.programme_type,
        },
        itemsDone: 0,
        itemsTotal: 0,
        tasksSubmitted: 0,
        tasksTotal: 0,
        courses: [],
      };
      concentrations.push(entry);
    }
    entry.itemsDone += c.items_done;
    entry.itemsTotal += c.items_total;
    entry.tasksSubmitted += c.tasks_submitted;
    entry.tasksTotal += c.tasks_total;
    entry.courses.push({
      id: c.id,
      code: c.code,
      title: c.title,
      itemsDone: c.items_done,
      itemsTotal: c.items_total,
      tasksSubmitted: c.tasks_submitted,
      tasksTotal: c.tasks_total,
      pointsPublished: Number(c.points_published),
      lastActivityAt: c.last_activity_at === null ? null : iso(c.last_activity_at),
      units: units
        .filter((u) => u.course_id === c.id)
        .map((u) => ({
          id: u.id,
          title: u.title,
          status: u.status,
          itemsDone: u.items_done,
          itemsTotal: u.items_total,
          tasksSubmitted: u.tasks_submitted,
          tasksTotal: u.tasks_total,
        })),
    });
  }
  return { concentrations };
}
