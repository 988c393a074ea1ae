import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type {
  Concentration,
  CourseOutline,
  DueItem,
  Itinerary,
  ResourceView,
  Syllabus,
  TaskView,
  UnitAvailability,
  UnitItem,
  UnitView,
} from '@lantern/contracts/learning-content';
import {
  ITEM_KINDS,
  resourceSettingsSchema,
  submissionFileRules,
} from '@lantern/contracts/learning-kinds';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { notFound } from '../../../lib/errors';
import { authoringReach, courseReach, isLearner } from '../../../lib/learning-scope';
import { intArray, rows } from '../../../lib/sql';
import * as repo from './content.repository';
import { fileLink } from './files';

/** A course the caller may read: in course reach (decision 0019), or one they may author. */
export async function loadReadableCourse(db: Db, auth: AuthContext, courseId: number) {
  const [row] = await rows<{ id: number; programme_id: number; may_author: boolean }>(
    db,
    sql`select c.id, c.programme_id, ${authoringReach(sql`p.id`, auth)} as may_author
        from programme_courses c join programmes p on p.id = c.programme_id
        where c.id = ${courseId}
          and (${courseReach(sql`c.id`, sql`p.id`, auth)} or ${authoringReach(sql`p.id`, auth)})`,
  );
  if (!row) throw notFound('The course');
  return { courseId: row.id, programmeId: row.programme_id, mayAuthor: row.may_author };
}

/** The programme's courses the caller reads: a learner's own, else every one in reach. */
function readableCourses(auth: AuthContext): SQL {
  return sql`(${courseReach(sql`c.id`, sql`p.id`, auth)} or ${authoringReach(sql`p.id`, auth)})`;
}

async function loadConcentration(db: Db, auth: AuthContext, programmeId: number) {
  const programme = await repo.findProgramme(
    db,
    programmeId,
    sql`(exists (select 1 from programme_courses c where c.programme_id = p.id and ${courseReach(sql`c.id`, sql`p.id`, auth)})
         or ${authoringReach(sql`p.id`, auth)})`,
  );
  if (!programme) throw notFound('The concentration');
  const courses = await repo.findCourses(
    db,
    sql`c.programme_id = ${programmeId} and ${readableCourses(auth)}`,
  );
  // Someone who learns in the programme's courses sees them as a learner (with their progress).
  const learning = isLearner(auth)
    ? await rows<{ course_id: number }>(
        db,
        sql`select course_id from course_learners where student_id = ${auth.user.jwlId}
            and course_id = any(select id from programme_courses where programme_id = ${programmeId})`,
      )
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

const iso = (value: string | Date | null): string | null =>
  value === null ? null : new Date(value).toISOString();

const isTask = (row: { max_points: number | null }) => row.max_points !== null;

/** A course's counts from the items its learner (or anyone, for staff) sees. */
function countsOf(items: repo.VisibleItemRow[], learner: boolean) {
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
      : await repo.findVisibleItems(
          deps.db,
          sql`i.course_id = any(${intArray(ids)})`,
          learner ? auth.user.jwlId : null,
        );
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
      : repo.findVisibleItems(
          deps.db,
          sql`i.course_id = any(${intArray(ids)})`,
          learner ? auth.user.jwlId : null,
        ),
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

/** A page answer with its ETag: the content version, the reader and what is personal to them. */
export type Tagged<T> = { etag: string; build: () => Promise<T> };

async function etagOf(
  db: Db,
  kind: string,
  courseId: number,
  contentVersion: number,
  auth: AuthContext,
  learner: boolean,
  extra = '',
) {
  const stamp = await repo.personalStamp(db, courseId, learner ? auth.user.jwlId : null);
  const hash = createHash('sha256')
    .update(`${kind}|${auth.user.jwlId}|${String(learner)}|${stamp}|${extra}`)
    .digest('base64url')
    .slice(0, 16);
  return `W/"${contentVersion}-${hash}"`;
}

export async function getOutline(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
): Promise<Tagged<CourseOutline>> {
  const access = await loadReadableCourse(deps.db, auth, courseId);
  const course = await repo.getCourse(deps.db, courseId);
  const learnerRow = isLearner(auth)
    ? await repo.findLearnerRow(deps.db, courseId, auth.user.jwlId)
    : undefined;
  const learner = learnerRow !== undefined;
  const canAuthor =
    access.mayAuthor &&
    (auth.rights.has('COURSE_DOCUMENT__EDIT') || auth.rights.has('COURSE_TASK__EDIT'));
  const etag = await etagOf(
    deps.db,
    'outline',
    courseId,
    course.content_version,
    auth,
    learner,
    String(canAuthor),
  );
  return {
    etag,
    build: async () => {
      const [[programme], units, items] = await Promise.all([
        rows<Parameters<typeof repo.toProgramme>[0]>(
          deps.db,
          sql`select ${repo.PROGRAMME_COLUMNS} from programmes p where p.id = ${access.programmeId}`,
        ),
        repo.findUnits(deps.db, [courseId], false),
        repo.findVisibleItems(
          deps.db,
          sql`i.course_id = ${courseId}`,
          learner ? auth.user.jwlId : null,
        ),
      ]);
      if (!programme) throw notFound('The course');
      return {
        course: {
          id: course.id,
          code: course.code,
          title: course.title,
          contentVersion: course.content_version,
          hasSyllabus: course.syllabus.trim() !== '',
        },
        programme: repo.toProgramme(programme),
        isLearner: learner,
        canAuthor,
        units: units.map((u) => {
          const own = items.filter((i) => i.unit_id === u.id);
          const counts = countsOf(own, learner);
          return {
            id: u.id,
            title: u.title,
            summary: u.summary,
            availability: availabilityOf(u),
            opensAt: iso(u.opens_at),
            resources: own.filter((i) => !isTask(i)).length,
            tasks: counts.tasksTotal,
            itemsTotal: counts.itemsTotal,
            itemsDone: counts.itemsDone,
          };
        }),
      };
    },
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

function resourceView(deps: Deps, row: repo.UnitItemRow): ResourceView | null {
  const parsed = resourceSettingsSchema.safeParse(row.settings);
  if (!parsed.success) return { format: 'text' };
  const settings = parsed.data;
  switch (settings.format) {
    case 'text':
      return { format: 'text' };
    case 'link':
      return { format: 'link', url: settings.url };
    case 'video':
      return { format: 'video', embedUrl: settings.url };
    case 'file':
      return {
        format: 'file',
        fileName: row.file_name ?? 'Document',
        mimeType: row.file_mime ?? 'application/octet-stream',
        size: row.file_size ?? 0,
        url: fileLink(deps, settings.fileId),
      };
  }
}

function numberSetting(settings: Record<string, unknown>, key: string): number | null {
  const value = settings[key];
  return typeof value === 'number' ? value : null;
}

function taskView(row: repo.UnitItemRow, learner: boolean): TaskView | null {
  const spec = ITEM_KINDS[row.kind];
  if (!spec.graded) return null;
  const rules = submissionFileRules(row.kind, row.settings);
  return {
    delivery: row.delivery ?? 'online',
    maxPoints: row.max_points ?? 0,
    dueAt: iso(row.due_at),
    lateUntil: iso(row.late_until),
    minWords: numberSetting(row.settings, 'minWords'),
    maxWords: numberSetting(row.settings, 'maxWords'),
    accept: rules?.accept ?? [],
    maxFiles: rules?.maxFiles ?? null,
    maxAttempts: numberSetting(row.settings, 'maxAttempts'),
    answerRoute: spec.answerRoute,
    mine: learner ? { state: row.state, late: row.late, points: row.points } : null,
  };
}

/**
 * A unit as a learner reads it (their visible items with states), as staff read it (the same
 * items, no person), or as a preview (every live item, drafts marked; COURSE_PREVIEW__DISPLAY).
 */
export async function getUnit(
  deps: Deps,
  auth: AuthContext,
  unitId: number,
  preview: boolean,
): Promise<Tagged<UnitView>> {
  const unit = await repo.findUnit(deps.db, unitId);
  if (!unit) throw notFound('The unit');
  const access = await loadReadableCourse(deps.db, auth, unit.course_id).catch(() => {
    throw notFound('The unit');
  });
  const learnerRow = isLearner(auth)
    ? await repo.findLearnerRow(deps.db, unit.course_id, auth.user.jwlId)
    : undefined;
  // A preview shows the unit as a learner would, to those who do not learn in the course.
  if (preview && learnerRow) throw notFound('The unit');
  const learner = !preview && learnerRow !== undefined;
  if (!preview && unit.status === 'draft') throw notFound('The unit');
  const course = await repo.getCourse(deps.db, unit.course_id);
  const availability = availabilityOf(unit);
  const etag = await etagOf(
    deps.db,
    preview ? `preview-${unitId}` : `unit-${unitId}`,
    unit.course_id,
    course.content_version,
    auth,
    learner,
  );
  return {
    etag,
    build: async () => {
      const [[programme], items, neighbours] = await Promise.all([
        rows<Parameters<typeof repo.toProgramme>[0]>(
          deps.db,
          sql`select ${repo.PROGRAMME_COLUMNS} from programmes p where p.id = ${access.programmeId}`,
        ),
        !preview && availability === 'not_open'
          ? Promise.resolve([])
          : repo.findUnitItems(deps.db, unitId, learner ? auth.user.jwlId : null, preview),
        repo.findNeighbours(deps.db, unit, preview),
      ]);
      if (!programme) throw notFound('The unit');
      const mapped: UnitItem[] = [];
      for (const row of items) {
        mapped.push({
          id: row.id,
          kind: row.kind,
          title: row.title,
          body: await withImageLinks(deps, row.body),
          isDraft: !row.is_published,
          countsForProgress: row.counts_for_progress,
          done: learner ? row.done : null,
          resource: row.kind === 'resource' ? resourceView(deps, row) : null,
          task: taskView(row, learner),
        });
      }
      return {
        unit: {
          id: unit.id,
          title: unit.title,
          summary: await withImageLinks(deps, unit.summary),
          availability,
          opensAt: iso(unit.opens_at),
          status: unit.status,
        },
        course: { id: course.id, code: course.code, title: course.title },
        programme: repo.toProgramme(programme),
        isLearner: learner,
        isPreview: preview,
        maySubmit:
          learner &&
          learnerRow.may_submit &&
          unit.status === 'published' &&
          availability === 'open',
        items: mapped,
        previousUnitId: neighbours.previous,
        nextUnitId: neighbours.next,
      };
    },
  };
}
