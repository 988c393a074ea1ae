// Generated students into the database, a batch per statement
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { clcRefs, column, takenUsernames, type Cell } from './insert-rows';
import { generateStudents, type GeneratedStudent } from './students';

async function insertStudentBatch(
  db: Db,
  rows: GeneratedStudent[],
  passwordHash: string | null,
): Promise<void> {
  const c = (read: (row: GeneratedStudent) => Cell) => column(rows, read);
  // One statement: users, then their role, CLC and profile, joined back by username.
  await db.execute(sql`
    with input as (
      select * from unnest(
        ${c((r) => r.username)}::text::text[], ${c((r) => r.email)}::text::text[],
        ${c((r) => r.firstName)}::text::text[], ${c((r) => r.lastName)}::text::text[],
        ${c((r) => r.gender)}::text::text[], ${c((r) => r.phone)}::text::text[],
        ${c((r) => r.status)}::text::text[], ${c((r) => r.createdAt)}::text::timestamptz[],
        ${c((r) => r.lastSignInAt)}::text::timestamptz[], ${c((r) => r.clcId)}::text::int[],
        ${c((r) => r.birthDate)}::text::date[], ${c((r) => r.birthCountry)}::text::text[],
        ${c((r) => r.birthPlace)}::text::text[], ${c((r) => r.nationality)}::text::text[],
        ${c((r) => r.nativeLanguage)}::text::text[], ${c((r) => r.countryOfOrigin)}::text::text[],
        ${c((r) => r.countryOfResidence)}::text::text[], ${c((r) => r.countryOfSchool)}::text::text[],
        ${c((r) => r.residencyStatus)}::text::text[], ${c((r) => r.schoolingLevel)}::text::text[],
        ${c((r) => r.vocationalSchool)}::text::bool[], ${c((r) => r.vocationalName)}::text::text[],
        ${c((r) => r.vocationalCountry)}::text::text[], ${c((r) => r.vocationalSubjects)}::text::text[],
        ${c((r) => r.vocationalYears)}::text::int[], ${c((r) => r.vocationalCompleted)}::text::bool[],
        ${c((r) => r.vocationalCompletionYear)}::text::int[], ${c((r) => r.unhcrNumber)}::text::text[],
        ${c((r) => r.identificationType)}::text::text[], ${c((r) => r.identificationNumber)}::text::text[],
        ${c((r) => r.otherCommunication)}::text::text[], ${c((r) => r.deviceType)}::text::text[],
        ${c((r) => r.cefrLevel)}::text::int[]
      ) as t(username, email, first_name, last_name, gender, phone, status, created_at,
             last_sign_in_at, clc_id, birth_date, birth_country, birth_place, nationality,
             native_language, country_of_origin, country_of_residence, country_of_school,
             residency_status, schooling_level, vocational_school, vocational_name,
             vocational_country, vocational_subjects, vocational_years, vocational_completed,
             vocational_completion_year, unhcr_number, identification_type,
             identification_number, other_communication, device_type, cefr_level)
    ),
    u as (
      insert into users (username, email, first_name, last_name, gender, phone, system_role,
                         status, password_hash, last_role_key, last_sign_in_at, created_at, updated_at)
      select username, email, first_name, last_name, gender::gender, phone, 'user',
             status::user_status, ${passwordHash}::text, 'STUDENT', last_sign_in_at, created_at, created_at
      from input
      returning jwl_id, username
    ),
    r as (insert into user_roles (user_id, role_key) select jwl_id, 'STUDENT' from u),
    m as (
      insert into user_clcs (user_id, clc_id)
      select u.jwl_id, i.clc_id from u join input i on i.username = u.username
    )
    insert into student_profiles (user_id, birth_date, birth_country, birth_place, nationality,
      native_language, country_of_origin, country_of_residence, country_of_school,
      residency_status, schooling_level, vocational_school, vocational_name, vocational_country,
      vocational_subjects, vocational_years, vocational_completed, vocational_completion_year,
      unhcr_number, identification_type, identification_number, other_communication,
      device_type, cefr_level)
    select u.jwl_id, i.birth_date, i.birth_country, i.birth_place, i.nationality,
      i.native_language, i.country_of_origin, i.country_of_residence, i.country_of_school,
      i.residency_status::residency_status, i.schooling_level::schooling_level,
      i.vocational_school, i.vocational_name, i.vocational_country, i.vocational_subjects,
      i.vocational_years, i.vocational_completed, i.vocational_completion_year, i.unhcr_number,
      i.identification_type::identification_type, i.identification_number,
      i.other_communication, i.device_type::device_type, i.cefr_level
    from u join input i on i.username = u.username`);
}

export type InsertStudentsOptions = {
  clcIds: number[];
  count: number;
  seed: number;
  /** The same hash for everyone (demo sign-ins); null (default): no password until they set one. */
  passwordHash?: string | null;
  /** Rows per statement (default 1000). */
  batchSize?: number;
  today?: Date;
  flaws?: boolean;
};

export type InsertedCounts = { students: number; batches: number };

/**
 * Inserts `count` generated students over the CLCs: users (system role user, no password),
 * the STUDENT role, their CLC and a student profile. Each batch is one statement, so each is
 * its own short transaction (PGlite has one connection; nothing waits long behind it).
 */
export async function insertStudents(
  db: Db,
  options: InsertStudentsOptions,
): Promise<InsertedCounts> {
  const refs = await clcRefs(db, options.clcIds);
  const taken = await takenUsernames(db);
  const batchSize = options.batchSize ?? 1000;
  let batch: GeneratedStudent[] = [];
  let students = 0;
  let batches = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await insertStudentBatch(db, batch, options.passwordHash ?? null);
    students += batch.length;
    batches += 1;
    batch = [];
  };
  for (const student of generateStudents({
    clcs: refs,
    count: options.count,
    seed: options.seed,
    taken,
    ...(options.today ? { today: options.today } : {}),
    ...(options.flaws === undefined ? {} : { flaws: options.flaws }),
  })) {
    batch.push(student);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  // Fresh statistics for the planner after a bulk load (PGlite runs no autovacuum).
  await db.execute(sql`analyze users, user_roles, user_clcs, student_profiles`);
  return { students, batches };
}
