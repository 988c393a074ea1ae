import { sql, type SQL } from 'drizzle-orm';
import type { Gender } from '@lantern/contracts/enums';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../plugins/auth';
import {
  analyzeAfterBulkWrite,
  intArray,
  jsonParam,
  pgArray,
  rows,
  textArray,
} from '../../lib/sql';
import { auditActor } from '../../lib/audit';
import { inPieces, slicer } from '../../lib/slices';

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

/** The n-th username of a family: the base itself, then base2, base3, … */
const nthUsername = (base: string, n: number) => (n === 1 ? base : `${base}${String(n)}`);

/** Candidate usernames looked up by one statement. */
const PROBE_PIECE = 2_000;

/**
 * Free usernames for new people: each base as is, or with the next free number, in the order
 * given. Looks the candidates up by equality (the unique index on the lowercased username),
 * so the cost follows the families' sizes, not the number of users: each family is probed
 * for four times as many names as it needs (at least 4), then for four times as many as it
 * last probed, until every person has a name: one round mostly, a few for large families.
 * A round's candidates go in pieces of `PROBE_PIECE`, so that a file of 20,000 new people
 * does not build one array of 80,000 names in one go on the HTTP thread (decision 0017).
 */
export async function freeUsernames(db: Db, bases: string[]): Promise<string[]> {
  const need = new Map<string, number>();
  for (const base of bases) need.set(base, (need.get(base) ?? 0) + 1);
  const taken = new Set<string>();
  /** The numbers of each family looked up so far: 1 … probed. */
  const probed = new Map<string, number>();
  let short = [...need.keys()];
  for (;;) {
    const candidates: string[] = [];
    for (const base of short) {
      const from = probed.get(base) ?? 0;
      const to = Math.max(4, 4 * (need.get(base) ?? 1), 4 * from);
      for (let n = from + 1; n <= to; n += 1) candidates.push(nthUsername(base, n));
      probed.set(base, to);
    }
    const found = await inPieces(candidates, PROBE_PIECE, (piece) =>
      // A join, not `= any(array)`: the array would be scanned once per user.
      rows<{ u: string }>(
        db,
        sql`select lower(u.username) as u
            from unnest(${textArray(piece)}) as c(name)
            join users u on lower(u.username) = c.name`,
      ),
    );
    for (const r of found) taken.add(r.u);
    // Each person the lowest number free of the taken and of those given before them.
    const next = new Map<string, number>();
    const given = new Set<string>();
    const names: string[] = [];
    const ranOut = new Set<string>();
    const pause = slicer();
    for (const base of bases) {
      await pause();
      let n = next.get(base) ?? 1;
      let name = nthUsername(base, n);
      while (taken.has(name) || given.has(name)) {
        n += 1;
        name = nthUsername(base, n);
      }
      if (n > (probed.get(base) ?? 0)) ranOut.add(base);
      next.set(base, n + 1);
      given.add(name);
      names.push(name);
    }
    if (ranOut.size === 0) return names;
    short = [...ranOut];
  }
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
 * date, or by e-mail with the birth date. One query for every row of a file (or the one row of
 * a hand entry), set-based and bounded by the people born on the rows' days: the rows are
 * joined to the people of their birth date first (`student_profiles_birth_date_idx`, an index
 * probe for a few rows, a hash for thousands), and only those are compared by name and e-mail
 * through the users' primary key. Both steps are materialised so the planner cannot start
 * from the names instead: a common name held by hundreds of people (a re-run of a file finds
 * every person it created among them) made that order cost 3 million rows for 20,000.
 */
export async function matchPeople(
  db: Db,
  input: { programmeId: number; scope: number[] | null; keys: MatchKey[] },
): Promise<MatchRow[]> {
  const columns = sql`u.jwl_id as user_id, ${matchable(input.scope)} as matchable,
    exists (select 1 from enrolments e where e.programme_id = ${input.programmeId} and e.user_id = u.jwl_id) as applied`;
  const rowNos = (keys: MatchKey[]) => intArray(keys.map((r) => r.row));
  const byId = input.keys.filter((r) => r.jwlId !== null);
  const byPerson = input.keys.filter((r) => r.jwlId === null && r.birthDate !== null);
  const ways: SQL[] = [];
  if (byId.length > 0)
    ways.push(sql`select i.row_no as row, 'id' as how, ${columns}
      from unnest(${rowNos(byId)}, ${intArray(byId.map((r) => r.jwlId))}) as i(row_no, jwl_id)
      join users u on u.jwl_id = i.jwl_id`);
  if (byPerson.length > 0)
    ways.push(sql`select c.row_no as row,
        case when lower(u.first_name) = c.first_name and lower(u.last_name) = c.last_name
          then 'name' else 'email' end as how, ${columns}
      from candidates c join users u on u.jwl_id = c.user_id
      where (lower(u.last_name) = c.last_name and lower(u.first_name) = c.first_name)
        or lower(u.email) = c.email`);
  if (ways.length === 0) return [];
  const candidates =
    byPerson.length === 0
      ? sql``
      : sql`with keyed as materialized (
            select * from unnest(${rowNos(byPerson)},
              ${textArray(byPerson.map((r) => r.firstName.toLowerCase()))},
              ${textArray(byPerson.map((r) => r.lastName.toLowerCase()))},
              ${textArray(byPerson.map((r) => r.email?.toLowerCase() ?? null))},
              ${pgArray(byPerson.map((r) => r.birthDate))}::text::date[])
              as i(row_no, first_name, last_name, email, birth_date)
          ),
          candidates as materialized (
            select k.row_no, k.first_name, k.last_name, k.email, sp.user_id
            from keyed k join student_profiles sp on sp.birth_date = k.birth_date
          ) `;
  return rows<MatchRow>(db, sql`${candidates}${sql.join(ways, sql` union all `)}`);
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
  /** The CLC's code, as the audit row names it. */
  clcCode: string;
};

/**
 * What an application's audit row says: the move into `applied`, the programme, the CLC, where
 * it came from and who applied (the one audit row of a person an applicant path writes).
 */
const applicationChanges = (programmeId: number, source: string, state: EntryState): SQL =>
  sql`jsonb_build_object('state', jsonb_build_object('from', null, 'to', ${state}::text),
        'programmeId', ${programmeId}::int, 'source', ${source}::text)`;

/** The state a new enrolment starts in: an applicant, or (a cohort import) an active student. */
export type EntryState = 'applied' | 'active';

/**
 * Creates people as applicants of a programme: each without a password (they set it through
 * their invitation), with a student profile, the STUDENT role, their CLC, the enrolment and
 * one audit row (`applied`, on the enrolment, naming the person as created), all in one
 * statement fed by one JSON parameter. Their JWL-IDs and enrolment ids are drawn from the
 * sequences first, so every table reads them from the input rather than from a join on what
 * was inserted; and as the people are new, their enrolments are plain inserts (no conflict to
 * look for). Returns the enrolments.
 */
export async function createApplicants(
  db: Db,
  auth: AuthContext,
  input: { programmeId: number; people: NewPerson[]; source: string; state?: EntryState },
): Promise<{ id: number; user_id: number; username?: string }[]> {
  if (input.people.length === 0) return [];
  const state = input.state ?? 'applied';
  const who = auditActor(auth);
  const people = input.people.map((p) => ({
    username: p.username,
    first_name: p.firstName,
    last_name: p.lastName,
    email: p.email,
    phone: p.phone,
    gender: p.gender,
    birth_date: p.birthDate,
    clc_id: p.clcId,
    clc_code: p.clcCode,
  }));
  return rows<{ id: number; user_id: number; username: string }>(
    db,
    sql`with input as materialized (
          select nextval(pg_get_serial_sequence('users', 'jwl_id'))::int as jwl_id,
                 nextval(pg_get_serial_sequence('enrolments', 'id'))::int as enrolment_id, r.*
          from json_to_recordset(${jsonParam(people)}::json) as r(
            username text, first_name text, last_name text, email text, phone text,
            gender gender, birth_date date, clc_id int, clc_code text)
        ),
        u as (
          insert into users (jwl_id, username, email, first_name, last_name, gender, phone, last_role_key)
          overriding system value
          select jwl_id, username, email, first_name, last_name, gender, phone, 'STUDENT'
          from input
        ),
        p as (insert into student_profiles (user_id, birth_date) select jwl_id, birth_date from input),
        r as (insert into user_roles (user_id, role_key) select jwl_id, 'STUDENT' from input),
        c as (insert into user_clcs (user_id, clc_id) select jwl_id, clc_id from input),
        enrolled as (
          insert into enrolments (id, programme_id, user_id, clc_id, state)
          select enrolment_id, ${input.programmeId}, jwl_id, clc_id, ${state}::enrolment_state from input
        ),
        -- The person as the row records them, empty fields left out.
        logged as (
          insert into audit_log (actor_id, impersonator_id, action, entity_type, entity_id, changes, ip)
          select ${who.actorId}, ${who.impersonatorId}, ${state}::text, 'enrolment', enrolment_id::text,
            ${applicationChanges(input.programmeId, input.source, state)}
              || jsonb_build_object('clc', clc_code, 'userId', jwl_id,
                'created', jsonb_strip_nulls(jsonb_build_object('username', username,
                  'firstName', first_name, 'lastName', last_name, 'email', email,
                  'phone', phone, 'gender', gender, 'birthDate', birth_date,
                  'roles', jsonb_build_array('STUDENT'), 'clcs', jsonb_build_array(clc_code)))),
            ${who.ip}
          from input
        )
        select enrolment_id as id, jwl_id as user_id, username from input`,
  );
}

/**
 * Makes existing people applicants of a programme at a CLC: the STUDENT role and the CLC
 * membership when missing, and the enrolment unless they already have one. One audit row a
 * person: `applied` on the new enrolment, saying what else was added (`added.roles`,
 * `added.clcs`); a person whose enrolment another writer made meanwhile gets
 * `student.applicant_updated` when a role or CLC was still added. Set-based: one statement for
 * any number of people. Returns the new enrolments.
 */
export async function applyPeople(
  db: Db,
  auth: AuthContext,
  input: {
    programmeId: number;
    people: { userId: number; clcId: number }[];
    source: string;
    state?: EntryState;
  },
): Promise<{ id: number; user_id: number }[]> {
  if (input.people.length === 0) return [];
  const who = auditActor(auth);
  const state = input.state ?? 'applied';
  return rows<{ id: number; user_id: number }>(
    db,
    sql`with input as (
          select * from unnest(
            ${intArray(input.people.map((p) => p.userId))},
            ${intArray(input.people.map((p) => p.clcId))}
          ) as t(user_id, clc_id)
        ),
        role_added as (
          insert into user_roles (user_id, role_key)
          select user_id, 'STUDENT' from input
          on conflict do nothing
          returning user_id
        ),
        clc_added as (
          insert into user_clcs (user_id, clc_id)
          select user_id, clc_id from input
          on conflict do nothing
          returning user_id, clc_id
        ),
        enrolled as (
          insert into enrolments (programme_id, user_id, clc_id, state)
          select ${input.programmeId}, user_id, clc_id, ${state}::enrolment_state from input
          on conflict (programme_id, user_id) do nothing
          returning id, user_id, clc_id
        ),
        changed as (
          select i.user_id, e.id as enrolment_id, k.code as clc_code,
            jsonb_strip_nulls(jsonb_build_object(
              'roles', case when ra.user_id is not null then jsonb_build_array('STUDENT') end,
              'clcs', case when ca.user_id is not null then jsonb_build_array(k.code) end)) as added
          from input i
          join clcs k on k.id = i.clc_id
          left join enrolled e on e.user_id = i.user_id
          left join role_added ra on ra.user_id = i.user_id
          left join clc_added ca on ca.user_id = i.user_id
        ),
        logged as (
          insert into audit_log (actor_id, impersonator_id, action, entity_type, entity_id, changes, ip)
          select ${who.actorId}, ${who.impersonatorId},
            case when enrolment_id is null then 'student.applicant_updated' else ${state}::text end,
            case when enrolment_id is null then 'user' else 'enrolment' end,
            coalesce(enrolment_id, user_id)::text,
            case when enrolment_id is null then jsonb_build_object('added', added)
              else ${applicationChanges(input.programmeId, input.source, state)}
                || jsonb_build_object('clc', clc_code, 'userId', user_id)
                || case when added = '{}'::jsonb then '{}'::jsonb else jsonb_build_object('added', added) end
            end,
            ${who.ip}
          from changed
          where enrolment_id is not null or added <> '{}'::jsonb
        )
        select id, user_id from enrolled`,
  );
}

export type ClcRow = { id: number; code: string; country: string };

/** Every CLC by id and code, with its country (phones are read in it). */
export async function findClcs(db: Db): Promise<ClcRow[]> {
  return rows<ClcRow>(db, sql`select id, code, country from clcs order by id`);
}

/** The tables an import writes to in bulk, analyzed after a large import (analyzeAfterBulkWrite). */
const IMPORT_TABLES = ['users', 'student_profiles', 'user_roles', 'user_clcs', 'enrolments'];

export const analyzeImportTables = (db: Db) => analyzeAfterBulkWrite(db, IMPORT_TABLES);
