import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { CheckField } from '@lantern/contracts/data-checks';
import { jsonParam, rows } from '../../lib/sql';

/** The users columns a fix writes (the profile's are written by setProfileField). */
const USER_COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  username: 'username',
  email: 'email',
  phone: 'phone',
  employeeType: 'employee_type',
} as const satisfies Partial<Record<CheckField, string>>;
export type UserField = keyof typeof USER_COLUMNS;
export const isUserField = (field: CheckField): field is UserField => field in USER_COLUMNS;

/**
 * Sets one field of a person at the version the editor saw and moves the version on; false when
 * the version is stale (or the person was removed). Profile fields also move the user's version.
 */
export async function setField(
  db: Db,
  id: number,
  version: number,
  field: CheckField,
  value: string | null,
): Promise<boolean> {
  const set = isUserField(field)
    ? field === 'employeeType'
      ? sql`, employee_type = ${value}::employee_type`
      : sql`, ${sql.identifier(USER_COLUMNS[field])} = ${value}`
    : sql``;
  const updated = await rows<{ id: number }>(
    db,
    sql`update users set version = version + 1, updated_at = now() ${set}
        where jwl_id = ${id} and version = ${version} and deleted_at is null
        returning jwl_id as id`,
  );
  if (updated.length === 0) return false;
  if (field === 'birthDate')
    await db.execute(sql`insert into student_profiles (user_id, birth_date) values (${id}, ${value}::date)
      on conflict (user_id) do update set birth_date = excluded.birth_date`);
  if (field === 'identificationNumber')
    await db.execute(sql`insert into student_profiles (user_id, identification_number) values (${id}, ${value})
      on conflict (user_id) do update set identification_number = excluded.identification_number`);
  return true;
}

export type BulkChange = {
  id: number;
  version: number;
  after: Partial<Record<UserField, string | null>>;
  before: Partial<Record<UserField, string | null>>;
};

const column = (field: UserField) => sql.identifier(USER_COLUMNS[field]);
const BULK_FIELDS = ['firstName', 'lastName', 'username', 'email', 'phone'] as const;

/**
 * Applies many people's changes in one statement; a person is changed only while their version
 * and every field's value are still what the preview saw. Answers the ids it changed.
 */
export async function applyChanges(db: Db, changes: BulkChange[]): Promise<number[]> {
  if (changes.length === 0) return [];
  const sets = BULK_FIELDS.map(
    (f) => sql`${column(f)} = case when c.a ? ${f} then c.a->>${f} else u.${column(f)} end`,
  );
  const guards = BULK_FIELDS.map(
    (f) => sql`(not c.b ? ${f} or u.${column(f)} is not distinct from c.b->>${f})`,
  );
  const changed = await rows<{ id: number }>(
    db,
    sql`update users u set ${sql.join(sets, sql`, `)}, version = u.version + 1, updated_at = now()
        from jsonb_to_recordset(${jsonParam(changes.map((c) => ({ id: c.id, v: c.version, a: c.after, b: c.before })))}::jsonb)
          as c(id int, v int, a jsonb, b jsonb)
        where u.jwl_id = c.id and u.version = c.v and u.deleted_at is null and ${sql.join(guards, sql` and `)}
        returning u.jwl_id as id`,
  );
  return changed.map((r) => r.id);
}
