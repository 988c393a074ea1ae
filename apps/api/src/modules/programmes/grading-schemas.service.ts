import type { GradingSchema, GradingSchemaInput } from '@lantern/contracts/programme';
import type { AuthContext } from '../../plugins/auth';
import { AppError, invalidFields, notFound } from '../../lib/errors';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { diff } from '../../lib/history';
import { isUniqueViolation } from './programmes.db-errors';
import * as repo from './grading-schemas.repository';

const NAME_IN_USE = 'This name is already in use';
const nameInUse = () => invalidFields({ name: NAME_IN_USE });

const staleVersion = () =>
  new AppError(
    409,
    'STALE_VERSION',
    'Someone else changed this grading schema while you were editing it. Reload it to see their changes, then edit again.',
  );

/** The bands highest first, as the table stores them, whatever order the form sent. */
const valuesOf = (data: GradingSchemaInput): repo.GradingSchemaValues => ({
  name: data.name,
  scaleMax: data.scaleMax,
  passMark: data.passMark,
  bands: [...data.bands].sort((a, b) => b.min - a.min),
});

/** A name another save took between our check and our write: the same field error. */
async function guardName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'grading_schemas_name_key')) throw nameInUse();
    throw error;
  }
}

async function getOrFail(deps: Deps, id: number): Promise<GradingSchema> {
  const row = await repo.getGradingSchema(deps.db, id);
  if (!row) throw notFound('The grading schema');
  return row;
}

export async function createGradingSchema(
  deps: Deps,
  auth: AuthContext,
  data: GradingSchemaInput,
): Promise<GradingSchema> {
  if (await repo.nameTaken(deps.db, data.name)) throw nameInUse();
  const values = valuesOf(data);
  const id = await guardName(() =>
    deps.db.transaction(async (tx) => {
      const created = await repo.insertGradingSchema(tx, values);
      await repo.recordGradingSchemaVersion(tx, created, auth.user.jwlId);
      await audit(tx, auth, {
        action: 'grading_schema.created',
        entityType: 'grading_schema',
        entityId: created,
        changes: { ...values },
      });
      return created;
    }),
  );
  return getOrFail(deps, id);
}

export async function updateGradingSchema(
  deps: Deps,
  auth: AuthContext,
  id: number,
  version: number,
  data: GradingSchemaInput,
): Promise<GradingSchema> {
  const current = await getOrFail(deps, id);
  if (await repo.nameTaken(deps.db, data.name, id)) throw nameInUse();
  const values = valuesOf(data);
  await guardName(() =>
    deps.db.transaction(async (tx) => {
      if (!(await repo.updateGradingSchema(tx, id, version, values))) throw staleVersion();
      await repo.recordGradingSchemaVersion(tx, id, auth.user.jwlId);
      await audit(tx, auth, {
        action: 'grading_schema.updated',
        entityType: 'grading_schema',
        entityId: id,
        // jsonb returns keys in its own order; rebuild the bands so only real changes show.
        changes: diff(
          { ...current, bands: current.bands.map((b) => ({ label: b.label, min: b.min })) },
          values,
        ),
      });
    }),
  );
  return getOrFail(deps, id);
}
