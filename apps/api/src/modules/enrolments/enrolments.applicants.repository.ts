import { sql, type SQL } from 'drizzle-orm';
import type { Gender } from '@lantern/contracts/enums';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../plugins/auth';
import { rows } from '../../lib/sql';
import { auditActor, intArray, pgArray, textArray } from './enrolments.sql';

/** A username as people write their names: `first.last`, letters and digits only. */
export function usernameBase(firstName: string, lastName: string): string {
  const slug = (name: string) =>
    name
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/ı/g, 'i')
      .replace(/[^a-z0-9]/g, '');
  const base = [slug(firstName), slug(lastName)].filter(Boolean).join('.').slice(0, 52);
  // Names in other scripts leave nothing to build on; the number after it makes it unique.
  return base.length >= 3 ? base : 'student';
}

/**
 * Free usernames for new people: each base as is, or with the next free number. Reads the
 * usernames taken in those families once (one query for the whole file).
 */
export async function freeUsernames(db: Db, bases: string[]): Promise<string[]> {
  const families = [...new Set(bases)];
  if (families.length === 0) return [];
  // A join, not `= any(array)`: the array would be scanned once per user.
  const found = await rows<{ u: string }>(
    db,
    sql`select lower(u.username) as u
        from users u join unnest(${textArray(families)}) as f(base)
          on regexp_replace(lower(u.username), '[0-9]+$', '') = f.base`,
  );
  const taken = new Set(found.map((r) => r.u));
  return bases.map((base) => {
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base}${n}`;
    taken.add(name);
    return name;
  });
}

/**
 * Who may be matched as an existing person: someone in the request's CLCs, or anyone who is
 * only a student. Someone holding staff roles elsewhere is never attached by a CLC-bound user
 * (that would bring them, and their account, into that user's reach).
 */
export const matchable = (scope: number[] | null): SQL =>
  scope === null
    ? sql`true`
    : sql`(exists (select 1 from user_clcs uc where uc.user_id = u.jwl_id and uc.clc_id = any(${intArray(scope)}))
          or (u.system_role = 'user' and not exists (
                select 1 from user_roles ur where ur.user_id = u.jwl_id and ur.role_key <> 'STUDENT')))`;

export type MatchKey = {
  row: number;
  jwlId: number | null;
  email: string | null;
  firstName: string;
  lastName: string;
  birthDate: string | null;
};

export type MatchRow = {
  row: number;
  how: 'id' | 'name' | 'email';
  user_id: number;
  matchable: boolean;
  applied: boolean;
};

/**
 * The existing people each row may be: by JWL-ID; else by first and last name with the birth
 * date; else by e-mail with the birth date. One query for every row of a file.
 */
export async function matchPeople(
  db: Db,
  input: { programmeId: number; scope: number[] | null; keys: MatchKey[] },
): Promise<MatchRow[]> {
  if (input.keys.length === 0) return [];
  const k = input.keys;
  const columns = sql`u.jwl_id as user_id, ${matchable(input.scope)} as matchable,
    exists (select 1 from enrolments e where e.programme_id = ${input.programmeId} and e.user_id = u.jwl_id) as applied`;
  return rows<MatchRow>(
    db,
    sql`with input as (
          select * from unnest(
            ${intArray(k.map((r) => r.row))}, ${intArray(k.map((r) => r.jwlId))},
            ${textArray(k.map((r) => r.email?.toLowerCase() ?? null))},
            ${textArray(k.map((r) => r.firstName.toLowerCase()))},
            ${textArray(k.map((r) => r.lastName.toLowerCase()))},
            ${sql`${pgArray(k.map((r) => r.birthDate))}::text::date[]`}
          ) as t(row_no, jwl_id, email, first_name, last_name, birth_date)
        )
        select i.row_no as row, 'id' as how, ${columns}
        from input i join users u on u.jwl_id = i.jwl_id
        union all
        select i.row_no, 'name', ${columns}
        from input i
        join users u on lower(u.last_name) = i.last_name and lower(u.first_name) = i.first_name
        join student_profiles sp on sp.user_id = u.jwl_id and sp.birth_date = i.birth_date
        where i.jwl_id is null
        union all
        select i.row_no, 'email', ${columns}
        from input i
        join users u on lower(u.email) = i.email
        join student_profiles sp on sp.user_id = u.jwl_id and sp.birth_date = i.birth_date
        where i.jwl_id is null and i.email is not null`,
  );
}

export type NewPerson = {
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  gender: Gender | null;
  birthDate: string | null;
  clcId: number;
};

/**
 * Creates people without a password (they set it through their invitation), each with a
 * student profile, the STUDENT role, their CLC and an audit row, in one statement. Returns their JWL-IDs by username.
 */
export async function createPeople(
  db: Db,
  auth: AuthContext,
  people: NewPerson[],
): Promise<Map<string, number>> {
  if (people.length === 0) return new Map();
  const who = auditActor(auth);
  const created = await rows<{ jwl_id: number; username: string }>(
    db,
    sql`with input as (
          select * from unnest(
            ${textArray(people.map((p) => p.username))}, ${textArray(people.map((p) => p.email))},
            ${textArray(people.map((p) => p.firstName))}, ${textArray(people.map((p) => p.lastName))},
            ${textArray(people.map((p) => p.gender))}, ${textArray(people.map((p) => p.phone))},
            ${sql`${pgArray(people.map((p) => p.birthDate))}::text::date[]`},
            ${intArray(people.map((p) => p.clcId))}
          ) as t(username, email, first_name, last_name, gender, phone, birth_date, clc_id)
        ),
        u as (
          insert into users (username, email, first_name, last_name, gender, phone, last_role_key)
          select username, email, first_name, last_name, gender::gender, phone, 'STUDENT'
          from input
          returning jwl_id, username
        ),
        p as (
          insert into student_profiles (user_id, birth_date)
          select u.jwl_id, i.birth_date from u join input i on i.username = u.username
        ),
        r as (insert into user_roles (user_id, role_key) select jwl_id, 'STUDENT' from u),
        c as (
          insert into user_clcs (user_id, clc_id)
          select u.jwl_id, i.clc_id from u join input i on i.username = u.username
        ),
        logged as (
          insert into audit_log (actor_id, impersonator_id, action, entity_type, entity_id, changes, ip)
          select ${who.actorId}, ${who.impersonatorId}, 'student.created', 'user', u.jwl_id::text,
                 jsonb_strip_nulls(jsonb_build_object(
                   'username', i.username, 'firstName', i.first_name, 'lastName', i.last_name,
                   'email', i.email, 'phone', i.phone, 'gender', i.gender, 'birthDate', i.birth_date,
                   'roles', jsonb_build_array('STUDENT'),
                   'clcs', jsonb_build_array((select code from clcs where id = i.clc_id)))),
                 ${who.ip}
          from u join input i on i.username = u.username
        )
        select jwl_id, username from u`,
  );
  return new Map(created.map((c) => [c.username, c.jwl_id]));
}

/**
 * Makes people applicants of a programme at a CLC: the STUDENT role and the CLC membership
 * when missing, and the enrolment unless they already have one, with audit rows for what
 * changed. Set-based: one statement for any number of people. Returns the new enrolments.
 */
export async function applyPeople(
  db: Db,
  auth: AuthContext,
  input: {
    programmeId: number;
    /** `created`: made in the same transaction, with their role and CLC already. */
    people: { userId: number; clcId: number; created?: boolean }[];
    source: string;
  },
): Promise<{ id: number; user_id: number }[]> {
  if (input.people.length === 0) return [];
  const who = auditActor(auth);
  const log = (action: string, entityType: string, entityId: SQL, changes: SQL) =>
    sql`insert into audit_log (actor_id, impersonator_id, action, entity_type, entity_id, changes, ip)
        select ${who.actorId}, ${who.impersonatorId}, ${action}, ${entityType}, ${entityId}, ${changes}, ${who.ip}`;
  return rows<{ id: number; user_id: number }>(
    db,
    sql`with input as (
          select * from unnest(
            ${intArray(input.people.map((p) => p.userId))},
            ${intArray(input.people.map((p) => p.clcId))},
            ${sql`${pgArray(input.people.map((p) => p.created === true))}::text::bool[]`}
          ) as t(user_id, clc_id, created)
        ),
        role_added as (
          insert into user_roles (user_id, role_key)
          select user_id, 'STUDENT' from input where not created
          on conflict do nothing
          returning user_id
        ),
        clc_added as (
          insert into user_clcs (user_id, clc_id)
          select user_id, clc_id from input where not created
          on conflict do nothing
          returning user_id, clc_id
        ),
        enrolled as (
          insert into enrolments (programme_id, user_id, clc_id, state)
          select ${input.programmeId}, user_id, clc_id, 'applied' from input
          on conflict (programme_id, user_id) do nothing
          returning id, user_id, clc_id
        ),
        a1 as (${log('student.role_added', 'user', sql`r.user_id::text`, sql`jsonb_build_object('roles', jsonb_build_object('from', null, 'to', 'STUDENT'))`)} from role_added r),
        a2 as (${log('student.clc_added', 'user', sql`c.user_id::text`, sql`jsonb_build_object('clcs', jsonb_build_object('from', null, 'to', (select code from clcs where id = c.clc_id)))`)} from clc_added c),
        a3 as (${log(
          'applied',
          'enrolment',
          sql`e.id::text`,
          sql`jsonb_build_object('state', jsonb_build_object('from', null, 'to', 'applied'),
                'programmeId', ${input.programmeId}::int, 'clc', (select code from clcs where id = e.clc_id),
                'source', ${input.source}::text)`,
        )} from enrolled e)
        select id, user_id from enrolled`,
  );
}

export type ClcRow = { id: number; code: string; country: string };

/** Every CLC by id and code, with its country (phones are read in it). */
export async function findClcs(db: Db): Promise<ClcRow[]> {
  return rows<ClcRow>(db, sql`select id, code, country from clcs order by id`);
}
