import type {
  ClassDetail,
  ClassListQuery,
  ClassPage,
  ClassProgress,
  ClassStudentsQuery,
} from '@lantern/contracts/teaching';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { notFound } from '../../../lib/errors';
import {
  countNotSubmitted,
  findClassCourses,
  findClassHead,
  findClassLearners,
  findClassPage,
  findProgressStudents,
  findProgressUnits,
  findReadableClcs,
  findUnitsDone,
  type ClassHead,
} from './teaching-classes.repository';
import * as repo from './teaching.repository';

// What the people who teach read: their classes (class_root), a class's students × tasks and its
// progress. The grading queue and one submission with its grade are reads-grading.service.ts.
const iso = (v: Date | string | null): string | null =>
  v === null ? null : new Date(v).toISOString();
const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** class_root: the classes the caller teaches or oversees, with what waits to be graded. */
export async function listClasses(
  deps: Deps,
  auth: AuthContext,
  query: ClassListQuery,
): Promise<ClassPage> {
  const found = await findClassPage(deps.db, auth, query);
  const clcs = await findReadableClcs(deps.db, auth);
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

async function loadClass(deps: Deps, auth: AuthContext, classId: number) {
  const k = await findClassHead(deps.db, auth, classId);
  if (!k) throw notFound('The class');
  const courses = await findClassCourses(deps.db, k.programme_id, classId);
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
  const learners = await findClassLearners(deps.db, auth, courseId, classId, query);
  const taskIds = tasks.map((t) => t.id);
  const cells = await repo.findCells(
    deps.db,
    courseId,
    learners.map((l) => l.student_id),
    taskIds,
  );
  const byKey = new Map(cells.map((c) => [`${String(c.student_id)}:${String(c.item_id)}`, c]));
  const missing = taskIds.length
    ? await countNotSubmitted(deps.db, auth, courseId, classId, taskIds)
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
  const units = await findProgressUnits(deps.db, courseId);
  const students = await findProgressStudents(deps.db, auth, courseId, classId);
  const done = await findUnitsDone(
    deps.db,
    courseId,
    students.map((s) => s.student_id),
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
