import { sql } from 'drizzle-orm';
import type { ConversionRule } from '@lantern/contracts/bachelor-credits';
import type { Db } from '@lantern/db/client';
import { rows } from '../../../lib/sql';

/** A person's name in SQL, of the users row under that alias. */
export const NAME = (alias: string) =>
  sql.raw(`(${alias}.first_name || ' ' || ${alias}.last_name)`);

/** The programme's grading schema (id, version, scale) or none. */
export async function programmeSchemaRow(db: Db, programmeId: number) {
  const [row] = await rows<{ id: number | null; version: number | null; scale_max: string | null }>(
    db,
    sql`select gs.id, gs.version, gs.scale_max from programmes p
        left join grading_schemas gs on gs.id = p.grading_schema_id where p.id = ${programmeId}`,
  );
  return row;
}

export type ConversionRow = {
  id: number;
  from_schema_id: number;
  from_name: string;
  to_schema_id: number;
  to_name: string;
  version: number;
  rules: ConversionRule[];
  created_by: string | null;
  created_at: string | Date;
  current: boolean;
};

export const gradingSchemaRows = (db: Db) =>
  rows<{ id: number; name: string; version: number; scale_max: string; pass_mark: string }>(
    db,
    sql`select id, name, version, scale_max, pass_mark from grading_schemas order by name`,
  );

export const conversionRows = (db: Db, filter: { fromSchemaId?: number; toSchemaId?: number }) =>
  rows<ConversionRow>(
    db,
    sql`select c.id, c.from_schema_id, f.name as from_name, c.to_schema_id, t.name as to_name,
            c.version, c.rules, ${NAME('u')} as created_by, c.created_at,
            c.version = max(c.version) over (partition by c.from_schema_id, c.to_schema_id) as current
          from grade_conversions c
          join grading_schemas f on f.id = c.from_schema_id
          join grading_schemas t on t.id = c.to_schema_id
          left join users u on u.jwl_id = c.created_by
          where ${filter.fromSchemaId ? sql`c.from_schema_id = ${filter.fromSchemaId}` : sql`true`}
            and ${filter.toSchemaId ? sql`c.to_schema_id = ${filter.toSchemaId}` : sql`true`}
          order by f.name, t.name, c.version desc`,
  );

/** Which of the two schemas exist. */
export const schemasAmong = (db: Db, fromSchemaId: number, toSchemaId: number) =>
  rows<{ id: number }>(
    db,
    sql`select id from grading_schemas where id in (${fromSchemaId}, ${toSchemaId})`,
  );

/**
 * The next version of the from → to table, written. Versions of one pair are serialised: two
 * creators at once get 1 and 2, never a clash.
 */
export async function insertConversionVersion(
  db: Db,
  input: { fromSchemaId: number; toSchemaId: number; rules: unknown },
  createdBy: number,
) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext('grade_conversions'), ${input.fromSchemaId} * 100003 + ${input.toSchemaId})`,
  );
  const [row] = await rows<{ id: number; version: number }>(
    db,
    sql`insert into grade_conversions (from_schema_id, to_schema_id, version, rules, created_by)
          select ${input.fromSchemaId}, ${input.toSchemaId}, coalesce(max(version), 0) + 1,
            ${JSON.stringify(input.rules)}::jsonb, ${createdBy}
          from grade_conversions where from_schema_id = ${input.fromSchemaId}
            and to_schema_id = ${input.toSchemaId}
          returning id, version`,
  );
  return row;
}

/** The newest conversion from one schema to another, or null. */
export async function currentConversion(db: Db, fromSchemaId: number, toSchemaId: number) {
  const [row] = await rows<{ id: number; version: number; rules: ConversionRule[] }>(
    db,
    sql`select id, version, rules from grade_conversions
        where from_schema_id = ${fromSchemaId} and to_schema_id = ${toSchemaId}
        order by version desc limit 1`,
  );
  return row ?? null;
}
