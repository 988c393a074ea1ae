import type { z } from 'zod';
import type { cohortListQuerySchema, cohortPageSchema } from '@lantern/contracts/bachelor-cohorts';
import {
  COHORT_CODE_TEXTS,
  type Cohort,
  type CohortEdit,
  type CohortInput,
} from '@lantern/contracts/bachelor-cohorts';
import type { AuthContext } from '../../plugins/auth';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { AppError, invalidFields, notFound } from '../../lib/errors';
import { clcScope } from '../../lib/scope';
import * as repo from './cohorts.repository';
import {
  deleteCohortRow,
  hasMember,
  insertCohort,
  updateCohortRow,
} from './cohorts-edit.repository';

const toCohort = (r: repo.CohortRow): Cohort => ({
  id: r.id,
  code: r.code,
  intakeTerm: r.intake_term,
  members: r.members,
  lastImportAt: r.last_import_at,
  lastImportFile: r.last_import_file,
  version: r.version,
});

/** Whether an error is the unique index on a programme's cohort codes. */
const isCodeTaken = (error: unknown): boolean => {
  let current: unknown = error;
  for (let i = 0; i < 3 && current; i += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

export async function listCohorts(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  query: z.output<typeof cohortListQuerySchema>,
): Promise<z.infer<typeof cohortPageSchema>> {
  const found = await repo.listCohorts(deps.db, {
    programmeId,
    scope: clcScope(auth),
    q: query.q,
    sort: query.sort,
    dir: query.dir,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    items: found.items.map(toCohort),
    total: found.total,
    page: query.page,
    limit: query.limit,
  };
}

export async function getCohort(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  cohortId: number,
): Promise<Cohort> {
  const row = await repo.getCohort(deps.db, { programmeId, cohortId, scope: clcScope(auth) });
  if (!row) throw notFound('The cohort');
  return toCohort(row);
}

/** A new cohort: its code unique in the programme whatever its case. */
export async function createCohort(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  input: CohortInput,
): Promise<Cohort> {
  try {
    const id = await deps.db.transaction(async (tx) => {
      const row = await insertCohort(tx, programmeId, input, auth.user.jwlId);
      if (!row) throw new Error('The cohort could not be saved.');
      await audit(tx, auth, {
        action: 'cohort.created',
        entityType: 'ba_cohort',
        entityId: row.id,
        changes: { programmeId, code: input.code, intakeTerm: input.intakeTerm },
      });
      return row.id;
    });
    return await getCohort(deps, auth, programmeId, id);
  } catch (error) {
    if (isCodeTaken(error)) throw invalidFields({ code: COHORT_CODE_TEXTS.taken });
    throw error;
  }
}

/** The code and intake term; 409 when someone saved the cohort since it was read. */
export async function editCohort(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  cohortId: number,
  input: CohortEdit,
): Promise<Cohort> {
  const before = await getCohort(deps, auth, programmeId, cohortId);
  try {
    await deps.db.transaction(async (tx) => {
      const row = await updateCohortRow(tx, programmeId, cohortId, input);
      if (!row)
        throw new AppError(
          409,
          'CONFLICT',
          'Someone else changed this cohort meanwhile. Reload it and try again.',
          { current: before },
        );
      await audit(tx, auth, {
        action: 'cohort.updated',
        entityType: 'ba_cohort',
        entityId: cohortId,
        changes: {
          code: { from: before.code, to: input.code },
          intakeTerm: { from: before.intakeTerm, to: input.intakeTerm },
        },
      });
    });
  } catch (error) {
    if (isCodeTaken(error)) throw invalidFields({ code: COHORT_CODE_TEXTS.taken });
    throw error;
  }
  return getCohort(deps, auth, programmeId, cohortId);
}

/** Deletes a cohort without students (its import history goes with it). */
export async function deleteCohort(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  cohortId: number,
): Promise<void> {
  const before = await getCohort(deps, auth, programmeId, cohortId);
  await deps.db.transaction(async (tx) => {
    // Every member counts, in reach of the caller or not.
    if (await hasMember(tx, cohortId))
      throw new AppError(409, 'CONFLICT', COHORT_CODE_TEXTS.notEmpty);
    await deleteCohortRow(tx, cohortId);
    await audit(tx, auth, {
      action: 'cohort.deleted',
      entityType: 'ba_cohort',
      entityId: cohortId,
      changes: { programmeId, code: before.code, intakeTerm: before.intakeTerm },
    });
  });
}
