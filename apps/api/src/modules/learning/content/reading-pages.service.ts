import { createHash } from 'node:crypto';
import type {
  CourseOutline,
  ResourceView,
  TaskView,
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
import { isLearner } from '../../../lib/learning-scope';
import * as repo from './content.repository';
import { findProgrammeRow, findVisibleItemsOfCourse } from './content-reading.repository';
import { fileLink } from './files';
import {
  availabilityOf,
  countsOf,
  isTask,
  iso,
  loadReadableCourse,
  withImageLinks,
} from './reading.service';

// A course's outline and a unit as their readers see them, each with its ETag.

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
      const [programme, units, items] = await Promise.all([
        findProgrammeRow(deps.db, access.programmeId),
        repo.findUnits(deps.db, [courseId], false),
        findVisibleItemsOfCourse(deps.db, courseId, learner ? auth.user.jwlId : null),
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
      const [programme, items, neighbours] = await Promise.all([
        findProgrammeRow(deps.db, access.programmeId),
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
