import type { z } from 'zod';
import type {
  CourseAuthoring,
  orderInputSchema,
  unitInputSchema,
  unitUpdateSchema,
} from '@lantern/contracts/learning-content';
import type { UnitStatus } from '@lantern/contracts/learning-enums';
import type { AuthContext } from '../../../plugins/auth';
import { audit } from '../../../lib/audit';
import type { Deps } from '../../../lib/deps';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { loadCourseToAuthor } from '../../../lib/learning-scope';
import { sanitiseRichText } from '../../../lib/rich-text';
import * as repo from './content.repository';
import {
  bumpCourse,
  bumpCourseCounted,
  hasSubmissionsError,
  stale,
  unitToAuthor,
  writeRevisions,
} from './authoring.shared';
import { unitHasSubmissions } from './content-authoring.repository';
import { findProgrammeRow } from './content-reading.repository';
import { findProgrammeClasses } from './content-items.repository';
import {
  bumpContentVersionAt,
  deleteUnitRow,
  findAuthoringItems,
  findLiveItemIds,
  findLiveUnitIds,
  insertUnit,
  publishUnitItems,
  setItemPositions,
  setSyllabus,
  setUnitPositions,
  transitionUnitRow,
  updateUnitRow,
  type Transition,
} from './content-units.repository';

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

/** The course as its authors see it: every live unit and item, drafts included. */
export async function getAuthoring(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
): Promise<CourseAuthoring> {
  const access = await loadCourseToAuthor(deps.db, auth, courseId);
  const [course, programme, units, items, classes] = await Promise.all([
    repo.getCourse(deps.db, courseId),
    findProgrammeRow(deps.db, access.programmeId),
    repo.findUnits(deps.db, [courseId], true),
    findAuthoringItems(deps.db, courseId),
    findProgrammeClasses(deps.db, access.programmeId),
  ]);
  if (!programme) throw notFound('The course');
  return {
    course: {
      id: course.id,
      code: course.code,
      title: course.title,
      contentVersion: course.content_version,
      copiedFromCourseId: course.copied_from_course_id,
    },
    programme: repo.toProgramme(programme),
    units: units.map((u) => {
      const own = items.filter((i) => i.unit_id === u.id);
      return {
        id: u.id,
        title: u.title,
        summary: u.summary,
        status: u.status,
        opensAt: iso(u.opens_at),
        hasSubmissions: own.some((i) => i.has_submissions),
        version: u.version,
        items: own.map((i) => ({
          id: i.id,
          kind: i.kind,
          title: i.title,
          isPublished: i.is_published,
          visibleFrom: iso(i.visible_from),
          delivery: i.delivery,
          maxPoints: i.max_points,
          dueAt: iso(i.due_at),
          format: i.format,
          hasSubmissions: i.has_submissions,
          version: i.version,
        })),
      };
    }),
    classes: classes.map((k) => ({ id: k.id, name: k.name, clcCode: k.clc_code })),
  };
}

export async function updateSyllabus(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
  input: { syllabus: string; contentVersion: number },
) {
  await loadCourseToAuthor(deps.db, auth, courseId);
  const syllabus = await sanitiseRichText(input.syllabus, 'syllabus');
  return deps.db.transaction(async (tx) => {
    const row = await setSyllabus(tx, courseId, syllabus, input.contentVersion);
    if (!row) throw stale('this course');
    await audit(tx, auth, {
      action: 'course.syllabus_updated',
      entityType: 'programme_course',
      entityId: courseId,
    });
    return { version: row.content_version, contentVersion: row.content_version };
  });
}

export async function createUnit(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
  input: z.output<typeof unitInputSchema>,
) {
  await loadCourseToAuthor(deps.db, auth, courseId);
  const summary = await sanitiseRichText(input.summary, 'summary');
  return deps.db.transaction(async (tx) => {
    const row = await insertUnit(tx, courseId, {
      title: input.title,
      summary,
      opensAt: input.opensAt,
    });
    if (!row) throw new Error('unit insert returned nothing');
    await bumpCourse(tx, courseId);
    await audit(tx, auth, {
      action: 'learning_unit.created',
      entityType: 'learning_unit',
      entityId: row.id,
      changes: { title: input.title },
    });
    return row;
  });
}

export async function updateUnit(
  deps: Deps,
  auth: AuthContext,
  unitId: number,
  input: z.output<typeof unitUpdateSchema>,
) {
  const { unit } = await unitToAuthor(deps.db, auth, unitId);
  const summary =
    input.summary === undefined ? unit.summary : await sanitiseRichText(input.summary, 'summary');
  return deps.db.transaction(async (tx) => {
    const row = await updateUnitRow(tx, unitId, input.version, {
      title: input.title ?? unit.title,
      summary,
      opensAt: input.opensAt === undefined ? unit.opens_at : input.opensAt,
    });
    if (!row) throw stale('this unit');
    const contentVersion = await bumpCourse(tx, unit.course_id);
    await audit(tx, auth, {
      action: 'learning_unit.updated',
      entityType: 'learning_unit',
      entityId: unitId,
      changes:
        input.title && input.title !== unit.title ? { title: [unit.title, input.title] } : {},
    });
    return { version: row.version, contentVersion };
  });
}

/** A unit goes as a tombstone with its items; refused once a learner has work in it. */
export async function deleteUnit(deps: Deps, auth: AuthContext, unitId: number, version: number) {
  const { unit } = await unitToAuthor(deps.db, auth, unitId);
  return deps.db.transaction(async (tx) => {
    if (await unitHasSubmissions(tx, unitId)) throw hasSubmissionsError('This unit');
    const row = await deleteUnitRow(tx, unitId, version);
    if (!row) throw stale('this unit');
    const contentVersion = await bumpCourseCounted(tx, unit.course_id);
    await audit(tx, auth, {
      action: 'learning_unit.deleted',
      entityType: 'learning_unit',
      entityId: unitId,
      changes: { title: unit.title },
    });
    return { version: version + 1, contentVersion };
  });
}

/** The order must name every live row of the list once. */
function assertSameSet(given: number[], live: number[], what: string) {
  const set = new Set(given);
  if (set.size !== given.length || given.length !== live.length || live.some((id) => !set.has(id)))
    throw badRequest(`The new order must name every ${what} once.`, {
      ids: `The new order must name every ${what} once.`,
    });
}

/** Orders a course's units, at the course's content version. */
export async function orderUnits(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
  input: z.output<typeof orderInputSchema>,
) {
  await loadCourseToAuthor(deps.db, auth, courseId);
  return deps.db.transaction(async (tx) => {
    const live = await findLiveUnitIds(tx, courseId);
    assertSameSet(
      input.ids,
      live.map((r) => r.id),
      'unit of the course',
    );
    const row = await bumpContentVersionAt(tx, courseId, input.version);
    if (!row) throw stale('this course');
    await setUnitPositions(tx, input.ids);
    await audit(tx, auth, {
      action: 'learning_unit.reordered',
      entityType: 'programme_course',
      entityId: courseId,
      changes: { order: input.ids },
    });
    return { version: row.content_version, contentVersion: row.content_version };
  });
}

/** Orders a unit's items, at the course's content version. */
export async function orderItems(
  deps: Deps,
  auth: AuthContext,
  unitId: number,
  input: z.output<typeof orderInputSchema>,
) {
  const { unit } = await unitToAuthor(deps.db, auth, unitId);
  return deps.db.transaction(async (tx) => {
    const live = await findLiveItemIds(tx, unitId);
    assertSameSet(
      input.ids,
      live.map((r) => r.id),
      'item of the unit',
    );
    const row = await bumpContentVersionAt(tx, unit.course_id, input.version);
    if (!row) throw stale('this course');
    await setItemPositions(tx, input.ids);
    await audit(tx, auth, {
      action: 'learning_item.reordered',
      entityType: 'learning_unit',
      entityId: unitId,
      changes: { order: input.ids },
    });
    return { version: row.content_version, contentVersion: row.content_version };
  });
}

const FROM: Record<
  Transition,
  { from: UnitStatus; to: UnitStatus; refusal: string; action: string }
> = {
  publish: {
    from: 'draft',
    to: 'published',
    refusal: 'Only a draft unit can be published.',
    action: 'published',
  },
  unpublish: {
    from: 'published',
    to: 'draft',
    refusal: 'Only a published unit can be taken back to draft.',
    action: 'unpublished',
  },
  close: {
    from: 'published',
    to: 'closed',
    refusal: 'Only a published unit can be closed.',
    action: 'closed',
  },
  reopen: {
    from: 'closed',
    to: 'published',
    refusal: 'Only a closed unit can be reopened.',
    action: 'reopened',
  },
};

/**
 * Publishing a unit publishes its items in the same transaction; unpublishing is refused once
 * there is work in it; closing keeps it readable and takes no new work (decision 0019).
 */
export async function transitionUnit(
  deps: Deps,
  auth: AuthContext,
  unitId: number,
  transition: Transition,
  version: number,
) {
  const { unit } = await unitToAuthor(deps.db, auth, unitId);
  const step = FROM[transition];
  return deps.db.transaction(async (tx) => {
    if (transition === 'unpublish' && (await unitHasSubmissions(tx, unitId)))
      throw new AppError(
        409,
        'HAS_SUBMISSIONS',
        'This unit has submissions: it cannot go back to draft. Close it instead.',
      );
    const row = await transitionUnitRow(tx, unitId, transition, step, version, auth.user.jwlId);
    if (!row) {
      if (unit.version !== version) throw stale('this unit');
      throw new AppError(409, 'CONFLICT', step.refusal);
    }
    if (transition === 'publish') {
      const published = await publishUnitItems(tx, unitId);
      await writeRevisions(
        tx,
        published.map((r) => r.id),
        auth,
      );
    }
    const contentVersion = await bumpCourseCounted(tx, unit.course_id);
    await audit(tx, auth, {
      action: `learning_unit.${step.action}`,
      entityType: 'learning_unit',
      entityId: unitId,
      changes: { status: [unit.status, row.status] },
    });
    return { version: row.version, contentVersion };
  });
}
