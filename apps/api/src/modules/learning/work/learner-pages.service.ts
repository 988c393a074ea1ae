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
import { isAuthor, isLearner } from '../../../lib/learning-scope';
import { iso } from '../../../lib/dates';
import {
  findLatestGrades,
  findMyGrades,
  findProgressCourses,
  findProgressUnits,
  markGradesSeen,
  type GradeRow,
} from './learner-pages.repository';
import {
  findAuthorCourses,
  findDueSoon,
  findHomeAnnouncements,
  findOwnConcentrations,
  findStaffClasses,
  findStudyBreakUntil,
} from './learner-home.repository';

export { HOME_CLASSES_LIMIT } from './learner-home.repository';

// The learner's own pages (decision 0019 "Web screens": learning, track): everything here is
// the caller's own, so the scope is their JWL-ID and nothing else.

/**
 * The first time the learner's own read returns a published grade, it is stamped seen: an
 * approved undo-publish then tells them the grade is under review (decision 0021 §2.5). An
 * impersonator's read is not the learner's.
 */
async function stampSeen(deps: Deps, auth: AuthContext, grades: readonly GradeRow[]) {
  if (auth.impersonating || grades.length === 0) return;
  await markGradesSeen(
    deps.db,
    auth.user.jwlId,
    grades.map((g) => g.item_id),
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
      learner ? findLatestGrades(deps.db, me) : Promise.resolve([]),
      findHomeAnnouncements(deps.db, me),
      findStudyBreakUntil(deps.db, me, today),
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

/** The learner's programmes (those of the courses they learn in), with their progress. */
function ownConcentrations(deps: Deps, me: number) {
  return findOwnConcentrations(deps.db, me).then((list) =>
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
  return findDueSoon(deps.db, me, now, until).then((list) =>
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

/**
 * The classes the caller staffs that run or are coming (class-period: running first), at most
 * HOME_CLASSES_LIMIT, with what waits for their grade; and how many there are in all.
 */
async function staffClasses(deps: Deps, auth: AuthContext) {
  const list = await findStaffClasses(deps.db, auth);
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
  return findAuthorCourses(deps.db, auth).then((list) =>
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
  const { items, total, courses } = await findMyGrades(deps.db, me, query);
  await stampSeen(deps, auth, items);
  return {
    items: items.map(toGrade),
    total,
    page: query.page,
    limit: query.limit,
    courses,
  };
}

/** The learner's progress per concentration, course and unit. */
export async function getMyProgress(deps: Deps, auth: AuthContext): Promise<MyProgress> {
  const me = auth.user.jwlId;
  const [courses, units] = await Promise.all([
    findProgressCourses(deps.db, me),
    findProgressUnits(deps.db, me),
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
