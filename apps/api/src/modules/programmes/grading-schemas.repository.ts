import { and, asc, eq, sql } from 'drizzle-orm';
import { DROPDOWN_OPTIONS_LIMIT } from '@lantern/contracts/constants';
import type { Db } from '@lantern/db/client';
import { gradingSchemas } from '@lantern/db/schema/programmes';

const COLUMNS = {
  id: gradingSchemas.id,
  name: gradingSchemas.name,
  scaleMax: gradingSchemas.scaleMax,
  passMark: gradingSchemas.passMark,
  bands: gradingSchemas.bands,
  /** How many programmes use it: the form warns that an edit changes them all. */
  // Its own alias: Drizzle leaves columns of a single-table select unqualified.
  programmes: sql<number>`(select count(*)::int from programmes p where p.grading_schema_id = "grading_schemas"."id")`,
  version: gradingSchemas.version,
};

export type GradingSchemaValues = {
  name: string;
  scaleMax: number;
  passMark: number;
  bands: { label: string; min: number }[];
};

/** Every grading schema by name, up to the dropdown limit (spec §9). */
export async function findGradingSchemas(db: Db) {
  return db
    .select(COLUMNS)
    .from(gradingSchemas)
    .orderBy(asc(sql`lower(${gradingSchemas.name})`), asc(gradingSchemas.id))
    .limit(DROPDOWN_OPTIONS_LIMIT);
}

export async function getGradingSchema(db: Db, id: number) {
  const [row] = await db.select(COLUMNS).from(gradingSchemas).where(eq(gradingSchemas.id, id));
  return row ?? null;
}

/** Names are unique whatever their case. */
export async function nameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: gradingSchemas.id })
    .from(gradingSchemas)
    .where(
      and(
        eq(sql`lower(${gradingSchemas.name})`, name.toLowerCase()),
        exceptId ? sql`${gradingSchemas.id} <> ${exceptId}` : undefined,
      ),
    );
  return Boolean(row);
}

export async function insertGradingSchema(db: Db, values: GradingSchemaValues): Promise<number> {
  const [row] = await db.insert(gradingSchemas).values(values).returning({ id: gradingSchemas.id });
  if (!row) throw new Error('The grading schema could not be saved.');
  return row.id;
}

/** Updates at the version the editor saw; false when someone else changed it since. */
export async function updateGradingSchema(
  db: Db,
  id: number,
  version: number,
  values: GradingSchemaValues,
): Promise<boolean> {
  const updated = await db
    .update(gradingSchemas)
    .set({ ...values, version: sql`${gradingSchemas.version} + 1`, updatedAt: new Date() })
    .where(and(eq(gradingSchemas.id, id), eq(gradingSchemas.version, version)))
    .returning({ id: gradingSchemas.id });
  return updated.length > 0;
}

/**
 * Records the schema as it now is under its version (decision 0019): a grade keeps the version
 * it was given under, so an edit never rewrites what an old grade meant. In the edit's
 * transaction.
 */
export async function recordGradingSchemaVersion(
  db: Db,
  id: number,
  createdBy: number,
): Promise<void> {
  await db.execute(
    sql`insert into grading_schema_versions (grading_schema_id, version, scale_max, pass_mark, bands, created_by)
        select id, version, scale_max, pass_mark, bands, ${createdBy} from grading_schemas where id = ${id}
        on conflict do nothing`,
  );
}
