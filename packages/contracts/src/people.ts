import { z } from 'zod';
import {
  DEVICE_TYPES,
  EMPLOYEE_TYPES,
  GENDERS,
  RESIDENCY_STATUSES,
  SCHOOLING_LEVELS,
  SYSTEM_ROLES,
  USER_STATUSES,
} from './enums';
import { STUDENT_AGE } from './constants';
import { VALIDATION } from './messages';
import { pageOf } from './common';
import { clcRefSchema } from './current-user';

export const IDENTIFICATION_TYPES = ['none', 'passport', 'localId'] as const;

/** The kinds of people the sis manages; each is a user holding the matching role. */
export const PERSON_KINDS = [
  'student',
  'facilitator',
  'lead-facilitator',
  'lead-faculty',
  'coordinator',
  'user',
] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .default(null);
const required = (max: number) =>
  z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, VALIDATION.required)
    .max(max, `At most ${max} characters`);
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: VALIDATION.select });
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? null : v), choice(values).nullable()).default(null);
const country = z
  .preprocess(
    (v) => (v === '' ? null : v),
    z
      .string({ error: VALIDATION.select })
      .regex(/^[A-Z]{2}$/, VALIDATION.select)
      .nullable(),
  )
  .default(null);
const year = z
  .number({ error: VALIDATION.number })
  .int(VALIDATION.number)
  .min(1900, VALIDATION.number)
  .max(2100, VALIDATION.number);

/** Age in whole years on a day (UTC), for the date-of-birth rule. */
export function ageOn(birthDate: string, today: Date = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d))
    age -= 1;
  return age;
}

export const birthDateSchema = z
  .string({ error: VALIDATION.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, VALIDATION.date)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), VALIDATION.date)
  .refine((v) => {
    const age = ageOn(v);
    return age >= STUDENT_AGE.min && age <= STUDENT_AGE.max;
  }, VALIDATION.dateOfBirth);

/** Fields every person has. Username: letters, digits, dot, dash, underscore. */
export const personBaseSchema = z.object({
  username: required(60).pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{3,60}$/, '3 to 60 letters, digits, dots, dashes or underscores'),
  ),
  firstName: required(100),
  lastName: required(100),
  email: z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : v.toLowerCase()))
    .pipe(z.email({ error: VALIDATION.email }).nullable())
    .nullable()
    .default(null),
  phone: text(40),
  gender: optionalChoice(GENDERS),
  clcIds: z
    .array(z.number().int().positive(), { error: VALIDATION.multiSelect })
    .min(1, VALIDATION.multiSelect)
    .max(200),
});

/** The student fields of spec §3. */
export const studentProfileSchema = z.object({
  birthDate: birthDateSchema,
  birthCountry: country,
  birthPlace: text(120),
  nationality: country,
  nativeLanguage: text(80),
  countryOfOrigin: country,
  countryOfResidence: country,
  countryOfSchool: country,
  residencyStatus: optionalChoice(RESIDENCY_STATUSES),
  schoolingLevel: optionalChoice(SCHOOLING_LEVELS),
  vocationalSchool: z.boolean({ error: VALIDATION.boolean }).default(false),
  vocationalName: text(200),
  vocationalCountry: country,
  vocationalSubjects: text(500),
  vocationalYears: z
    .number({ error: VALIDATION.number })
    .int(VALIDATION.number)
    .min(0)
    .max(10)
    .nullable()
    .default(null),
  vocationalCompleted: z.boolean({ error: VALIDATION.boolean }).nullable().default(null),
  vocationalCompletionYear: year.nullable().default(null),
  unhcrNumber: text(40),
  identificationType: choice(IDENTIFICATION_TYPES).default('none'),
  identificationNumber: text(60),
  otherCommunication: text(300),
  deviceType: optionalChoice(DEVICE_TYPES),
  cefrLevel: z
    .number({ error: VALIDATION.select })
    .int()
    .min(0, VALIDATION.select)
    .max(7, VALIDATION.select)
    .nullable()
    .default(null),
});

const identificationNeedsNumber = (v: {
  identificationType: string;
  identificationNumber: string | null;
}) => v.identificationType === 'none' || Boolean(v.identificationNumber);

export const studentInputSchema = personBaseSchema
  .extend(studentProfileSchema.shape)
  .refine(identificationNeedsNumber, {
    path: ['identificationNumber'],
    message: VALIDATION.required,
  });
export type StudentInput = z.input<typeof studentInputSchema>;

export const facilitatorInputSchema = personBaseSchema.extend({
  employeeType: choice(EMPLOYEE_TYPES),
});
export const coordinatorInputSchema = personBaseSchema;
export const userInputSchema = personBaseSchema.extend({
  systemRole: choice(SYSTEM_ROLES).default('user'),
  status: choice(USER_STATUSES).default('active'),
  employeeType: optionalChoice(EMPLOYEE_TYPES),
  roles: z
    .array(z.string().min(1).max(60), { error: VALIDATION.multiSelect })
    .min(1, VALIDATION.multiSelect)
    .max(30),
});

export const personUpdateSchema = <T extends z.ZodType>(data: T) =>
  z.object({ version: z.number({ error: VALIDATION.number }).int().min(1), data });

export const personSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  systemRole: z.enum(SYSTEM_ROLES),
  employeeType: z.enum(EMPLOYEE_TYPES).nullable(),
  status: z.enum(USER_STATUSES),
  roles: z.array(z.string()),
  clcs: z.array(clcRefSchema),
  profilePhoto: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  hasPassword: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Person = z.infer<typeof personSchema>;

const nullableText = z.string().nullable();
/** A student as the API answers it: plain values, no input transforms (responses are encoded). */
export const studentSchema = personSchema.extend({
  birthDate: nullableText,
  birthCountry: nullableText,
  birthPlace: nullableText,
  nationality: nullableText,
  nativeLanguage: nullableText,
  countryOfOrigin: nullableText,
  countryOfResidence: nullableText,
  countryOfSchool: nullableText,
  residencyStatus: z.enum(RESIDENCY_STATUSES).nullable(),
  schoolingLevel: z.enum(SCHOOLING_LEVELS).nullable(),
  vocationalSchool: z.boolean(),
  vocationalName: nullableText,
  vocationalCountry: nullableText,
  vocationalSubjects: nullableText,
  vocationalYears: z.number().int().nullable(),
  vocationalCompleted: z.boolean().nullable(),
  vocationalCompletionYear: z.number().int().nullable(),
  unhcrNumber: nullableText,
  identificationType: z.enum(IDENTIFICATION_TYPES),
  identificationNumber: nullableText,
  otherCommunication: nullableText,
  deviceType: z.enum(DEVICE_TYPES).nullable(),
  cefrLevel: z.number().int().nullable(),
  certificatePhoto: nullableText,
});
export type Student = z.infer<typeof studentSchema>;

/** A save answers the record and what the user should know but that did not stop it. */
export const savedSchema = <T extends z.ZodType>(record: T) =>
  z.object({ record, warnings: z.record(z.string(), z.string()) });

export const PERSON_SORTS = [
  'id',
  'lastName',
  'firstName',
  'username',
  'email',
  'clc',
  'status',
  'createdAt',
  'lastSignInAt',
  'nationality',
  'birthDate',
] as const;
export type PersonSort = (typeof PERSON_SORTS)[number];

export const personListQuerySchema = z.object({
  page: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100_000).default(1),
  limit: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100).default(25),
  q: z.string().trim().max(200).optional(),
  clc: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: z.enum(USER_STATUSES).optional(),
  gender: z.enum(GENDERS).optional(),
  nationality: z
    .string()
    .regex(/^[A-Z]{2}$/, VALIDATION.select)
    .optional(),
  residencyStatus: z.enum(RESIDENCY_STATUSES).optional(),
  employeeType: z.enum(EMPLOYEE_TYPES).optional(),
  role: z.string().trim().min(1).max(60).optional(),
  sort: z.enum(PERSON_SORTS).default('lastName'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  /* Keyset paging: the page after or before a row the caller saw (its `next`/`prev`), so a deep
   * page costs what the first does; `page` then only numbers it. Without either, `page` is an
   * offset (a jump to a page by its number). */
  after: z.string().max(400).optional(),
  before: z.string().max(400).optional(),
});
export type PersonListQuery = z.infer<typeof personListQuerySchema>;

export const personListItemSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  status: z.enum(USER_STATUSES),
  employeeType: z.enum(EMPLOYEE_TYPES).nullable(),
  roles: z.array(z.string()),
  clcs: z.array(z.string()),
  nationality: z.string().nullable(),
  residencyStatus: z.enum(RESIDENCY_STATUSES).nullable(),
  birthDate: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PersonListItem = z.infer<typeof personListItemSchema>;
export const personPageSchema = pageOf(personListItemSchema).extend({
  /** The cursor of the page after this one (null on the last page), for `after`. */
  next: z.string().nullable(),
  /** The cursor of the page before this one (null on the first page), for `before`. */
  prev: z.string().nullable(),
});
export type PersonPage = z.infer<typeof personPageSchema>;

export const emailInUseSchema = z.object({
  count: z.number().int(),
  warning: z.string().nullable(),
});

export const STUDENT_PHOTO_KINDS = ['profile', 'certificate'] as const;
