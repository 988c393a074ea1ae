import type {
  Concentration,
  DueItem,
  Itinerary,
  Syllabus,
  UnitAvailability,
} from '@lantern/contracts/learning-content';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { notFound } from '../../../lib/errors';
import { isLearner } from '../../../lib/learning-scope';
import * as repo from './content.repository';
import {
  findConcentrationProgramme,
  findLearnerCourses,
  findReadableCourse,
  findReadableCourses,
  findVisibleItemsOfCourses,
} from './content-reading.repository';
import { fileLink } from './files';

// The reading pages of a programme and a course (decision 0019); the outline and the unit are in
// reading-pages.service.ts.

/** A course the caller may read: in course reach (decision 0019), or one they may author. */
export async function loadReadableCourse(db: Db, auth: AuthContext, courseId: number) {
  const row = await findReadableCourse(db, auth, courseId);
  if (!row) throw notFound('The course');
  return { courseId: row.id, programmeId: row.programme_id, mayAuthor: row.may_author };
}

async function loadConcentration(db: Db, auth: AuthContext, programmeId: number) {
  const programme = await findConcentrationProgramme(db, auth, programmeId);
  if (!programme) throw notFound('The concentration');
  const courses = await findReadableCourses(db, auth, programmeId);
  // Someone who learns in the programme's courses sees them as a learner (with their progress).
  const learning = isLearner(auth)
    ? await findLearnerCourses(db, auth.user.jwlId, programmeId)
    : [];
  return { programme, courses, isLearner: learning.length > 0 };
}

export function availabilityOf(unit: {
  status: string;
  opens_at: string | null;
}): UnitAvailability {
  if (unit.status === 'closed') return 'closed';
  if (unit.opens_at !== null && new Date(unit.opens_at).getTime() > Date.now()) return 'not_open';
  return 'open';
}

export const iso = (value: string | Date | null): string | null =>
  value === null ? null : new Date(value).toISOString();

export const isTask = (row: { max_points: number | null }) => row.max_points !== null;

/** A course's counts from the items its learner (or anyone, for staff) sees. */
export function countsOf(items: repo.VisibleItemRow[], learner: boolean) {
  const counted = items.filter((i) => i.counts_for_progress);
  return {
    itemsTotal: counted.length,
    itemsDone: learner ? counted.filter((i) => i.done).length : null,
    tasksTotal: items.filter(isTask).length,
  };
}

const STILL_OPEN = new Set(['not_started', 'draft', 'returned']);

function dueList(items: repo.VisibleItemRow[], titles: Map<number, string>, learner: boolean) {
  const now = Date.now();
  return items
    .filter(
      (i) =>
        isTask(i) &&
        i.due_at !== null &&
        i.unit_status !== 'closed' &&
        (learner
          ? STILL_OPEN.has(i.state) &&
            (i.late_until === null || new Date(i.late_until).getTime() >= now)
          : new Date(i.due_at).getTime() >= now),
    )
    .sort((a, b) => new Date(a.due_at ?? 0).getTime() - new Date(b.due_at ?? 0).getTime())
    .slice(0, 20)
    .map((i): DueItem => ({
      itemId: i.id,
      title: i.title,
      kind: i.kind,
      courseId: i.course_id,
      courseTitle: titles.get(i.course_id) ?? '',
      unitId: i.unit_id,
      dueAt: iso(i.due_at) ?? '',
      late: new Date(i.due_at ?? 0).getTime() < now,
      maxPoints: i.max_points,
      state: learner ? i.state : null,
    }));
}

export async function getConcentration(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
): Promise<Concentration> {
  const {
    programme,
    courses,
    isLearner: learner,
  } = await loadConcentration(deps.db, auth, programmeId);
  const ids = courses.map((c) => c.id);
  const items =
    ids.length === 0
      ? []
      : await findVisibleItemsOfCourses(deps.db, ids, learner ? auth.user.jwlId : null);
  const units = await repo.findUnits(deps.db, ids, false);
  const titles = new Map(courses.map((c) => [c.id, c.title]));
  return {
    programme: repo.toProgramme(programme),
    isLearner: learner,
    courses: courses.map((c) => {
      const own = items.filter((i) => i.course_id === c.id);
      const graded = own.filter((i) => i.state === 'graded' && i.points !== null);
      return {
        id: c.id,
        code: c.code,
        title: c.title,
        unitCount: units.filter((u) => u.course_id === c.id).length,
        ...countsOf(own, learner),
        pointsPublished: learner ? graded.reduce((sum, i) => sum + (i.points ?? 0), 0) : null,
      };
    }),
    due: dueList(items, titles, learner),
  };
}

export async function getItinerary(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
): Promise<Itinerary> {
  const {
    programme,
    courses,
    isLearner: learner,
  } = await loadConcentration(deps.db, auth, programmeId);
  const ids = courses.map((c) => c.id);
  const [units, items] = await Promise.all([
    repo.findUnits(deps.db, ids, false),
    ids.length === 0
      ? Promise.resolve([])
      : findVisibleItemsOfCourses(deps.db, ids, learner ? auth.user.jwlId : null),
  ]);
  return {
    programme: repo.toProgramme(programme),
    isLearner: learner,
    courses: courses.map((c) => ({
      id: c.id,
      code: c.code,
      title: c.title,
      units: units
        .filter((u) => u.course_id === c.id)
        .map((u) => {
          const own = items.filter((i) => i.unit_id === u.id);
          const dues = own
            .filter((i) => isTask(i) && i.due_at !== null)
            .map((i) => new Date(i.due_at ?? 0).getTime())
            .sort((a, b) => a - b);
          const first = dues[0];
          const last = dues.at(-1);
          return {
            id: u.id,
            title: u.title,
            availability: availabilityOf(u),
            opensAt: iso(u.opens_at),
            itemsTotal: countsOf(own, learner).itemsTotal,
            itemsDone: countsOf(own, learner).itemsDone,
            firstDueAt: first === undefined ? null : new Date(first).toISOString(),
            lastDueAt: last === undefined ? null : new Date(last).toISOString(),
          };
        }),
    })),
  };
}

export async function getSyllabus(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
): Promise<Syllabus> {
  await loadReadableCourse(deps.db, auth, courseId);
  const course = await repo.getCourse(deps.db, courseId);
  return {
    courseId,
    syllabus: await withImageLinks(deps, course.syllabus),
    contentVersion: course.content_version,
  };
}

/** Course images are stored as `lantern-file:<id>`; readers get signed links to them. */
export async function withImageLinks(deps: Deps, html: string): Promise<string> {
  if (!html.includes('lantern-file:')) return html;
  return html.replace(/src="lantern-file:([0-9a-f-]{36})"/gi, (_m, id: string) => {
    return `src="${fileLink(deps, id).replace(/&/g, '&amp;')}"`;
  });
}
