import { sql, type SQL } from 'drizzle-orm';
import type { CohortField } from '@lantern/contracts/bachelor-cohorts';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../plugins/auth';
import { auditActor } from '../../lib/audit';
import { baCohortImports } from '@lantern/db/schema/bachelor';
import {
  analyzeAfterBulkWrite,
  containsPattern,
  inScope,
  intArray,
  jsonParam,
  rows,
} from '../../lib/sql';

/** A cohort of a programme, with its members in the caller's reach and its last import. */
export type CohortRow = {
  id: number;
  code: string;
  intake_term: string;
  members: number;
  last_import_at: string | null;
  last_import_file: string | null;
  version: number;
};

const SORT_COLUMNS: Record<string, SQL> = {
  code: sql`lower(c.code)`,
  intakeTerm: sql`c.intake_term`,
  members: sql`members`,
  lastImportAt: sql`last_import_at`,
};

const cohortColumns = (scope: number[] | null) => sql`c.id, c.code, c.intake_term, c.version,
  (select count(*)::int from ba_cohort_members m join enrolments e on e.id = m.enrolment_id
    where m.cohort_id = c.id and ${inScope(sql`e.clc_id`, scope)}) as members,
  li.created_at::text as last_import_at, li.file_name as last_import_file`;
const lastImportJoin = sql`left join lateral (
    select i.created_at, i.file_name from ba_cohort_imports i
    where i.cohort_id = c.id order by i.created_at desc, i.id desc limit 1) li on true`;

export async function listCohorts(
  db: Db,
  input: {
    programmeId: number;
    scope: number[] | null;
    q: string | undefined;
    sort: string;
    dir: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
): Promise<{ items: CohortRow[]; total: number }> {
  const where = sql`c.programme_id = ${input.programmeId}
    ${input.q ? sql`and (c.code ilike ${containsPattern(input.q)} or c.intake_term ilike ${containsPattern(input.q)})` : sql``}`;
  const order = SORT_COLUMNS[input.sort] ?? sql`c.intake_term`;
  const dir = input.dir === 'asc' ? sql`asc` : sql`desc`;
  const [items, [count]] = await Promise.all([
    rows<CohortRow>(
      db,
      sql`select ${cohortColumns(input.scope)} from ba_cohorts c ${lastImportJoin}
          where ${where}
          order by ${order} ${dir} nulls last, c.id ${dir}
          limit ${input.limit} offset ${input.offset}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from ba_cohorts c where ${where}`),
  ]);
  return { items, total: count?.n ?? 0 };
}

export async function getCohort(
  db: Db,
  input: { programmeId: number; cohortId: number; scope: number[] | null },
): Promise<CohortRow | undefined> {
  const [row] = await rows<CohortRow>(
    db,
    sql`select ${cohortColumns(input.scope)} from ba_cohorts c ${lastImportJoin}
        where c.programme_id = ${input.programmeId} and c.id = ${input.cohortId}`,
  );
  return row;
}

/** A person as the file's row names them, now: their fields, enrolment and cohort. */
export type PersonNow = {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  gender: string | null;
  birth_date: string | null;
  enrolment_id: number | null;
  state: string | null;
  clc_code: string | null;
  cohort_id: number | null;
  cohort_code: string | null;
  imported: Record<string, string | null> | null;
};

/** The people the file's rows matched, as they are now (one statement for the whole file). */
export async function peopleNow(
  db: Db,
  input: { programmeId: number; userIds: number[] },
): Promise<PersonNow[]> {
  if (input.userIds.length === 0) return [];
  return rows<PersonNow>(
    db,
    sql`select u.jwl_id as user_id, u.first_name, u.last_name, u.email, u.phone,
          u.gender::text as gender, sp.birth_date::text as birth_date,
          e.id as enrolment_id, e.state::text as state, k.code as clc_code,
          m.cohort_id, c.code as cohort_code, m.imported
        from unnest(${intArray(input.userIds)}) as i(id)
        join users u on u.jwl_id = i.id
        left join student_profiles sp on sp.user_id = u.jwl_id
        left join enrolments e on e.user_id = u.jwl_id and e.programme_id = ${input.programmeId}
        left join clcs k on k.id = e.clc_id
        left join ba_cohort_members m on m.enrolment_id = e.id
        left join ba_cohorts c on c.id = m.cohort_id`,
  );
}

/** The members the cohort's last import listed (who a new file may no longer list). */
export async function lastListed(
  db: Db,
  cohortId: number,
): Promise<{ user_id: number; first_name: string; last_name: string }[]> {
  return rows(
    db,
    sql`select e.user_id, u.first_name, u.last_name
        from ba_cohort_members m
        join enrolments e on e.id = m.enrolment_id
        join users u on u.jwl_id = e.user_id
        where m.cohort_id = ${cohortId}
          and m.last_import_id = (select i.id from ba_cohort_imports i where i.cohort_id = ${cohortId}
                                  order by i.created_at desc, i.id desc limit 1)`,
  );
}

/** A person's fields as a cohort file sets them (only `fields` are written). */
export type PersonUpdate = {
  userId: number;
  enrolmentId: number;
  fields: CohortField[];
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  gender: string | null;
  birthDate: string | null;
  clcId: number;
};

/**
 * Writes the changed fields of people, set-based: names, e-mail, phone and gender on the user,
 * the birth date on the student profile, the CLC on the enrolment (and the person's CLCs).
 * A field not in a person's `fields` is left as it is, a hand edit included.
 */
export async function updatePeople(db: Db, people: PersonUpdate[]): Promise<void> {
  if (people.length === 0) return;
  const input = sql`json_to_recordset(${jsonParam(
    people.map((p) => ({
      user_id: p.userId,
      enrolment_id: p.enrolmentId,
      fields: p.fields,
      first_name: p.firstName,
      last_name: p.lastName,
      email: p.email,
      phone: p.phone,
      gender: p.gender,
      birth_date: p.birthDate,
      clc_id: p.clcId,
    })),
  )}::json) as r(user_id int, enrolment_id int, fields text[], first_name text, last_name text,
      email text, phone text, gender gender, birth_date date, clc_id int)`;
  const set = (field: CohortField, column: string) =>
    sql`${sql.raw(column)} = case when ${field}::text = any(r.fields) then r.${sql.raw(column)} else t.${sql.raw(column)} end`;
  await db.execute(sql`update users t set
      ${set('firstName', 'first_name')}, ${set('lastName', 'last_name')}, ${set('email', 'email')},
      ${set('phone', 'phone')}, ${set('gender', 'gender')}, version = t.version + 1,
      updated_at = now()
    from ${input} where t.jwl_id = r.user_id`);
  await db.execute(sql`update student_profiles t set ${set('birthDate', 'birth_date')}
    from ${input} where t.user_id = r.user_id and 'birthDate' = any(r.fields)`);
  await db.execute(sql`with moved as (
      update enrolments t set clc_id = r.clc_id, version = t.version + 1, updated_at = now()
      from ${input} where t.id = r.enrolment_id and 'clcCode' = any(r.fields)
      returning t.user_id, t.clc_id)
    insert into user_clcs (user_id, clc_id) select user_id, clc_id from moved
    on conflict do nothing`);
}

/** Applicants of the programme listed by the file become active students, each audited. */
export async function activate(
  db: Db,
  auth: AuthContext,
  input: { enrolmentIds: number[]; cohortId: number },
): Promise<void> {
  if (input.enrolmentIds.length === 0) return;
  const who = auditActor(auth);
  await db.execute(sql`with moved as (
      update enrolments set state = 'active', version = version + 1, updated_at = now()
      where id = any(${intArray(input.enrolmentIds)}) and state = 'applied'
      returning id)
    insert into audit_log (actor_id, impersonator_id, action, entity_type, entity_id, changes, ip)
    select ${who.actorId}, ${who.impersonatorId}, 'enrolment.active', 'enrolment', id::text,
      jsonb_build_object('state', jsonb_build_object('from', 'applied', 'to', 'active'),
        'source', 'cohort-import', 'cohortId', ${input.cohortId}::int), ${who.ip}
    from moved`);
}

/** The file's members with the values it wrote, as of this import (set-based upsert). */
export async function upsertMembers(
  db: Db,
  input: {
    cohortId: number;
    importId: number;
    members: { enrolmentId: number; imported: Record<string, string | null> }[];
  },
): Promise<void> {
  if (input.members.length === 0) return;
  await db.execute(sql`insert into ba_cohort_members (cohort_id, enrolment_id, imported, last_import_id)
    select ${input.cohortId}, r.enrolment_id, r.imported, ${input.importId}
    from json_to_recordset(${jsonParam(
      input.members.map((m) => ({ enrolment_id: m.enrolmentId, imported: m.imported })),
    )}::json) as r(enrolment_id int, imported jsonb)
    on conflict (cohort_id, enrolment_id)
    do update set imported = excluded.imported, last_import_id = excluded.last_import_id`);
}

/** The record of an import: its file and counts; its id. */
export async function insertCohortImport(
  tx: Db,
  input: {
    cohortId: number;
    fileId: string;
    fileName: string;
    sha256: string;
    rows: number;
    added: number;
    changed: number;
    unlisted: number;
    createdBy: number;
  },
) {
  const [saved] = await tx
    .insert(baCohortImports)
    .values(input)
    .returning({ id: baCohortImports.id });
  return saved;
}

/** The tables a large import writes to, analyzed after it (see analyzeAfterBulkWrite). */
const IMPORT_TABLES = [
  'users',
  'student_profiles',
  'user_roles',
  'user_clcs',
  'enrolments',
  'ba_cohort_members',
];

export const analyzeImportTables = (db: Db) => analyzeAfterBulkWrite(db, IMPORT_TABLES);
