import { randomUUID } from 'node:crypto';
import {
  ENROLMENT_STATES,
  type Programme,
  type ProgrammeInput,
  type ProgrammeListQuery,
  type ProgrammeType,
} from '@lantern/contracts/programme';
import { VALIDATION } from '@lantern/contracts/messages';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../plugins/auth';
import { AppError, invalidFields, notFound } from '../../lib/errors';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { diff } from '../../lib/history';
import { findClcRefs } from '../../lib/people';
import { clcScope } from '../../lib/scope';
import { isUniqueViolation, MAX_INT } from './programmes.db-errors';
import * as repo from './programmes.repository';

export const CODE_IN_USE = 'This code is already in use';

export const staleProgramme = () =>
  new AppError(
    409,
    'STALE_VERSION',
    'Someone else changed this programme while you were editing it. Reload it to see their changes, then edit again.',
  );

export function toProgramme(row: repo.ProgrammeRow): Programme {
  const { gradingSchemaId, gradingSchemaName, createdAt, updatedAt, ...rest } = row;
  return {
    ...rest,
    gradingSchema:
      gradingSchemaId === null ? null : { id: gradingSchemaId, name: gradingSchemaName ?? '' },
    // Every state is there, zero when no one is in it, so the page needs no guessing.
    enrolments: Object.fromEntries(
      ENROLMENT_STATES.map((state) => [state, row.enrolments[state] ?? 0]),
    ) as Programme['enrolments'],
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

export async function findProgrammeList(deps: Deps, auth: AuthContext, query: ProgrammeListQuery) {
  const { items, total } = await repo.findProgrammes(deps.db, clcScope(auth), query);
  return { items, total, page: query.page, limit: query.limit };
}

export async function getProgrammeDetail(
  deps: Deps,
  auth: AuthContext,
  id: number,
  type?: ProgrammeType,
): Promise<Programme> {
  const row = await repo.getProgramme(deps.db, clcScope(auth), id, type);
  if (!row) throw notFound('The programme');
  return toProgramme(row);
}

const fieldError = invalidFields;

/**
 * What the schema cannot know: a free code within the type, a grading schema that exists, CLCs
 * that exist within the editor's reach (those the programme already has may stay), and course
 * ids that belong to the programme. Throws one 400 naming every wrong field.
 */
async function check(
  deps: Deps,
  auth: AuthContext,
  type: ProgrammeType,
  data: ProgrammeInput,
  current?: repo.ProgrammeRow,
) {
  const fields: Record<string, string> = {};
  if (await repo.codeTaken(deps.db, type, data.code, current?.id)) fields.code = CODE_IN_USE;
  const gradingSchema =
    data.gradingSchemaId <= MAX_INT
      ? await repo.gradingSchemaName(deps.db, data.gradingSchemaId)
      : null;
  if (gradingSchema === null) fields.gradingSchemaId = VALIDATION.select;
  const scope = clcScope(auth);
  const had = new Set(current?.clcs.map((c) => c.id));
  const clcIds = [...new Set(data.clcIds)];
  const clcs = await findClcRefs(
    deps.db,
    clcIds.filter((id) => id <= MAX_INT),
  );
  const known = new Set(clcs.map((c) => c.id));
  if (clcIds.some((id) => !known.has(id) || (scope && !scope.includes(id) && !had.has(id))))
    fields.clcIds = VALIDATION.select;
  const courseIds = new Set(current?.courses.map((c) => c.id));
  const sent = new Set<number>();
  data.courses.forEach((course, i) => {
    if (course.id === undefined) return;
    if (!courseIds.has(course.id) || sent.has(course.id))
      fields[`courses.${i}.id`] = 'This course is not one of the programme’s courses';
    sent.add(course.id);
  });
  if (Object.keys(fields).length > 0) throw fieldError(fields);
  // CLCs beyond the editor's reach stay on the programme: they cannot see them to keep them.
  const kept = scope ? [...had].filter((id) => !scope.includes(id) && !clcIds.includes(id)) : [];
  const refs = [...clcs, ...(current?.clcs ?? []).filter((c) => kept.includes(c.id))];
  return {
    gradingSchema: gradingSchema ?? '',
    clcIds: refs.map((c) => c.id),
    clcCodes: refs.map((c) => c.code).sort(),
  };
}

const valuesOf = (data: ProgrammeInput): Omit<repo.ProgrammeValues, 'type'> => ({
  code: data.code,
  internalName: data.internalName,
  title: data.title,
  startDate: data.startDate,
  endDate: data.endDate,
  gradingSchemaId: data.gradingSchemaId,
  certifyingUniversity: data.certifyingUniversity,
  certificateText: data.certificateText,
});

/** The programme's own fields as the history shows them (the grading schema by name). */
const LOGGED = [
  'code',
  'internalName',
  'title',
  'startDate',
  'endDate',
  'certifyingUniversity',
  'certificateText',
] as const;
const logged = (v: Record<(typeof LOGGED)[number], string | null>) =>
  Object.fromEntries(LOGGED.map((key) => [key, v[key]]));

const courseSummary = (courses: { code: string; title: string; units: number }[]) =>
  courses.map((c) => ({ code: c.code, title: c.title, units: c.units }));

/** A code another save took between our check and our write: the same field error. */
async function guardCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'programmes_type_code_key'))
      throw fieldError({ code: CODE_IN_USE });
    throw error;
  }
}

export async function createProgramme(
  deps: Deps,
  auth: AuthContext,
  type: ProgrammeType,
  data: ProgrammeInput,
): Promise<Programme> {
  const checked = await check(deps, auth, type, data);
  const values = { type, ...valuesOf(data) };
  const id = await guardCode(() =>
    deps.db.transaction(async (tx) => {
      const created = await repo.insertProgramme(tx, values);
      await repo.replaceClcs(tx, created, checked.clcIds);
      await repo.insertCourses(
        tx,
        created,
        data.courses.map((c, position) => ({
          code: c.code,
          title: c.title,
          units: c.units,
          position,
        })),
      );
      await audit(tx, auth, {
        action: 'programme.created',
        entityType: 'programme',
        entityId: created,
        changes: {
          type,
          ...logged(values),
          gradingSchema: checked.gradingSchema,
          clcs: checked.clcCodes,
          courses: courseSummary(data.courses),
        },
      });
      return created;
    }),
  );
  return getProgrammeDetail(deps, auth, id, type);
}

/**
 * Replaces the courses by id: the ones sent with an id are updated, those without are added,
 * the others removed — unless a removed one has results, which would be lost.
 */
async function replaceCourses(tx: Db, current: repo.ProgrammeRow, data: ProgrammeInput) {
  const keptIds = new Set(data.courses.flatMap((c) => (c.id === undefined ? [] : [c.id])));
  const removed = current.courses.filter((c) => !keptIds.has(c.id));
  const withResults = await repo.coursesWithResults(
    tx,
    removed.map((c) => c.id),
  );
  if (withResults.length > 0)
    throw new AppError(
      409,
      'CONFLICT',
      `${withResults.length === 1 ? 'The course' : 'The courses'} ${withResults.join(', ')} ${withResults.length === 1 ? 'has' : 'have'} results and cannot be removed.`,
    );
  await repo.deleteCourses(
    tx,
    current.id,
    removed.map((c) => c.id),
  );
  const before = new Map(current.courses.map((c) => [c.id, c]));
  // Course codes are unique per programme: a code that moves from one course to another
  // (a swap) would collide half-way, so renamed courses step through a free code first.
  for (const course of data.courses) {
    const old = course.id === undefined ? undefined : before.get(course.id);
    if (old && course.id !== undefined && old.code.toLowerCase() !== course.code.toLowerCase())
      await repo.updateCourse(tx, current.id, course.id, { code: `~${randomUUID()}` });
  }
  const added: repo.CourseValues[] = [];
  for (const [position, course] of data.courses.entries()) {
    const values = { code: course.code, title: course.title, units: course.units, position };
    if (course.id === undefined) added.push(values);
    else await repo.updateCourse(tx, current.id, course.id, values);
  }
  await repo.insertCourses(tx, current.id, added);
}

export async function updateProgramme(
  deps: Deps,
  auth: AuthContext,
  type: ProgrammeType,
  id: number,
  version: number,
  data: ProgrammeInput,
): Promise<Programme> {
  const current = await repo.getProgramme(deps.db, clcScope(auth), id, type);
  if (!current) throw notFound('The programme');
  const checked = await check(deps, auth, type, data, current);
  const values = valuesOf(data);
  await guardCode(() =>
    deps.db.transaction(async (tx) => {
      if (!(await repo.updateProgramme(tx, id, version, values))) throw staleProgramme();
      await repo.replaceClcs(tx, id, checked.clcIds);
      await replaceCourses(tx, current, data);
      await audit(tx, auth, {
        action: 'programme.updated',
        entityType: 'programme',
        entityId: id,
        changes: diff(
          {
            ...logged(current),
            gradingSchema: current.gradingSchemaName,
            clcs: current.clcs.map((c) => c.code).sort(),
            courses: courseSummary(current.courses),
          },
          {
            ...logged(values),
            gradingSchema: checked.gradingSchema,
            clcs: checked.clcCodes,
            courses: courseSummary(data.courses),
          },
        ),
      });
    }),
  );
  return getProgrammeDetail(deps, auth, id, type);
}
