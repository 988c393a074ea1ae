import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  smallint,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DEVICE_TYPES,
  EMPLOYEE_TYPES,
  GENDERS,
  RESIDENCY_STATUSES,
  SCHOOLING_LEVELS,
  SYSTEM_ROLES,
  USER_STATUSES,
} from '@lantern/contracts/enums';
import { IDENTIFICATION_TYPES } from '@lantern/contracts/people';

export const systemRoleEnum = pgEnum('system_role', SYSTEM_ROLES);
export const employeeTypeEnum = pgEnum('employee_type', EMPLOYEE_TYPES);
export const genderEnum = pgEnum('gender', GENDERS);
export const userStatusEnum = pgEnum('user_status', USER_STATUSES);
export const residencyStatusEnum = pgEnum('residency_status', RESIDENCY_STATUSES);
export const schoolingLevelEnum = pgEnum('schooling_level', SCHOOLING_LEVELS);
export const deviceTypeEnum = pgEnum('device_type', DEVICE_TYPES);
export const identificationTypeEnum = pgEnum('identification_type', IDENTIFICATION_TYPES);

const stamps = {
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

const wrongCase = (c: string) =>
  `((${c} = upper(${c}) and ${c} <> lower(${c}) and char_length(btrim(${c})) > 1) or (${c} = lower(${c}) and ${c} <> upper(${c})))`;

/** The expression of `users.check_flags` (see there); patterns as in data-checks.rules.ts. */
export const CHECK_FLAGS_SQL = sql.raw(`(
  (case when (chr(1) || first_name || chr(1) || last_name || chr(1) || username || chr(1) || coalesce(email, '') || chr(1)) ~ '\\x01 | \\x01| {2}' then 1 else 0 end)
  | (case when phone is not null and not (left(phone, 1) = '+' and substr(phone, 2, 1) between '1' and '9' and length(phone) between 8 and 16 and translate(substr(phone, 2), '0123456789', '') = '') then 2 else 0 end)
  | (case when email is not null and btrim(email) !~ '^([A-Za-z0-9_''+-]+\\.)*[A-Za-z0-9_''+-]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\\.)+[A-Za-z]{2,}$' then 4 else 0 end)
  | (case when (first_name || chr(1) || last_name) ~ '^[ .,;:_''"?!/()*+#0-9-]*\\x01|\\x01[ .,;:_''"?!/()*+#0-9-]*$' then 8 else 0 end)
  | (case when ${wrongCase('first_name')} or ${wrongCase('last_name')} then 16 else 0 end)
)::smallint`);

/** Everyone who signs in or is managed: students, applicants, staff. `jwlId` is the one ID of a person. */
export const users = pgTable(
  'users',
  {
    jwlId: integer('jwl_id').primaryKey().generatedAlwaysAsIdentity({ startWith: 10001 }),
    username: text('username').notNull(),
    email: text('email'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: genderEnum('gender'),
    phone: text('phone'),
    profilePhotoFileId: uuid('profile_photo_file_id'),
    systemRole: systemRoleEnum('system_role').notNull().default('user'),
    employeeType: employeeTypeEnum('employee_type'),
    status: userStatusEnum('status').notNull().default('active'),
    /** argon2id; null until the person sets a password through their one-time link. */
    passwordHash: text('password_hash'),
    /** The application role they chose last; a new sign-in starts in it. */
    lastRoleKey: text('last_role_key'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** The language chosen in the lms switcher (decision 0019): the person's, so a shared phone shows each their own. */
    locale: text('locale'),
    /**
     * The user data checker's one-row checks, kept by the database on every write, so that its
     * overview counts bits instead of running patterns over everyone. 1: leading, trailing or
     * doubled spaces; 2: a phone not in E.164 form; 4: an e-mail that is not valid; 8: a first
     * or last name without a letter; 16: a name in one case. Twins of the list's conditions in
     * apps/api/src/modules/data-checks/data-checks.repository.ts; its tests hold them equal.
     */
    checkFlags: smallint('check_flags').generatedAlwaysAs(CHECK_FLAGS_SQL),
    /**
     * Set by a data cleanup (restorable) or a merge: the person leaves every list and cannot
     * sign in, but their rows stay for the history.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** A merge's tombstone points at the person it was merged into. */
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => users.jwlId, {
      onDelete: 'set null',
    }),
    ...stamps,
  },
  (t) => [
    index('users_merged_into_idx').on(t.mergedIntoId),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_last_name_idx').on(sql`lower(${t.lastName})`, t.jwlId),
    // Contains-search on names and e-mails over 100,000 people (pg_trgm, see migration 0001).
    index('users_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.username} || ' ' || coalesce(${t.email}, ''))) gin_trgm_ops`,
    ),
  ],
);

/** Community learning centres. */
export const clcs = pgTable(
  'clcs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    code: text('code').notNull().unique(),
    /** Exactly four digits, the CLC's number in the finance system. */
    financeCode: text('finance_code').notNull(),
    maxStudents: integer('max_students'),
    minorPermission: boolean('minor_permission').notNull().default(false),
    minAgeForMinors: integer('min_age_for_minors'),
    isGel: boolean('is_gel').notNull().default(false),
    signeeName: text('signee_name'),
    signeeTitle: text('signee_title'),
    logoFileId: uuid('logo_file_id'),
    signatureFileId: uuid('signature_file_id'),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    address: text('address'),
    timeZone: text('time_zone').notNull(),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    /** International form (E.164). */
    contactPhone: text('contact_phone'),
    isActive: boolean('is_active').notNull().default(true),
    ...stamps,
  },
  (t) => [
    index('clcs_name_lower_idx').on(sql`lower(${t.name})`),
    index('clcs_country_idx').on(t.country),
  ],
);

/** Which CLCs a person belongs to. */
export const userClcs = pgTable(
  'user_clcs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    clcId: integer('clc_id')
      .notNull()
      .references(() => clcs.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clcId] }), index('user_clcs_clc_idx').on(t.clcId)],
);

/** What only students have, beside their user row (spec §3). */
export const studentProfiles = pgTable(
  'student_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    birthDate: date('birth_date', { mode: 'string' }),
    birthCountry: text('birth_country'),
    birthPlace: text('birth_place'),
    nationality: text('nationality'),
    nativeLanguage: text('native_language'),
    countryOfOrigin: text('country_of_origin'),
    countryOfResidence: text('country_of_residence'),
    countryOfSchool: text('country_of_school'),
    residencyStatus: residencyStatusEnum('residency_status'),
    schoolingLevel: schoolingLevelEnum('schooling_level'),
    vocationalSchool: boolean('vocational_school').notNull().default(false),
    vocationalName: text('vocational_name'),
    vocationalCountry: text('vocational_country'),
    vocationalSubjects: text('vocational_subjects'),
    vocationalYears: integer('vocational_years'),
    vocationalCompleted: boolean('vocational_completed'),
    vocationalCompletionYear: integer('vocational_completion_year'),
    unhcrNumber: text('unhcr_number'),
    identificationType: identificationTypeEnum('identification_type').notNull().default('none'),
    identificationNumber: text('identification_number'),
    otherCommunication: text('other_communication'),
    deviceType: deviceTypeEnum('device_type'),
    /** CEFR level 0 (below A1) to 7 (C2). */
    cefrLevel: integer('cefr_level'),
    certificatePhotoFileId: uuid('certificate_photo_file_id'),
  },
  (t) => [
    // The applicant matcher finds a person by birth date first (then name or e-mail).
    index('student_profiles_birth_date_idx').on(t.birthDate, t.userId),
    index('student_profiles_nationality_idx').on(t.nationality),
    index('student_profiles_residency_idx').on(t.residencyStatus),
  ],
);
