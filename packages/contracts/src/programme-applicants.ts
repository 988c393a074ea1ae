// Applicants: the fields of a new person, one added by hand, and one row of an applicant file.
import { z } from 'zod';
import { requiredText } from './common';
import { STUDENT_AGE } from './constants';
import { ageOn } from './people';
import type { Gender } from './enums';
import { VALIDATION } from './messages';
import { isCalendarDay } from './programme-dates';

/** A filled-in birth date: a calendar day at which a student is 15 to 100 today (spec §9). */
const applicantBirthDate = z
  .string()
  .trim()
  .refine(isCalendarDay, VALIDATION.date)
  .refine((v) => {
    const age = ageOn(v);
    return age >= STUDENT_AGE.min && age <= STUDENT_AGE.max;
  }, VALIDATION.dateOfBirth);

/** An empty text as absent (a form's empty field, a file's empty cell). */
const blankAsAbsent = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(schema.optional());

/**
 * The fields of a new person as an applicant: the add-applicant form and every row of an
 * applicant or cohort file check them with these very schemas, so the two give one message for
 * one value (decision 0022, as built: imports).
 */
export const applicantPersonFields = {
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: blankAsAbsent(
    z
      .string()
      .trim()
      .max(254, VALIDATION.email)
      .pipe(z.email({ error: VALIDATION.email })),
  ),
  /** Read in the CLC's country by the server (a valid number there, or VALIDATION.phone). */
  phone: blankAsAbsent(z.string().trim().max(40, VALIDATION.phone)),
  // Required on the form: with the name, it finds the person again.
  birthDate: z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, VALIDATION.required)
    .pipe(applicantBirthDate),
};

/** One applicant added by hand: an existing person by ID, or a new one. */
export const applicantInputSchema = z.union([
  z.object({
    studentId: z.coerce.number().int().positive(),
    clcId: z.coerce.number().int().positive(),
  }),
  z.object({
    ...applicantPersonFields,
    clcId: z.coerce.number({ error: VALIDATION.select }).int().positive(VALIDATION.select),
  }),
]);

/** The columns an applicant file has, in this order or by these headers (CSV or XLSX). */
export const APPLICANT_IMPORT_COLUMNS = [
  'jwlId',
  'firstName',
  'lastName',
  'email',
  'phone',
  'birthDate',
  'gender',
  'clcCode',
] as const;
export type ApplicantImportColumn = (typeof APPLICANT_IMPORT_COLUMNS)[number];

/**
 * Other headers a file may give a column, the one table of them (compared as `headerKey` does:
 * any script, NFKC, case-folded, letters and digits only). Arabic rosters name their columns in
 * Arabic, with or without hamza on the alef, so both spellings are listed.
 */
export const APPLICANT_IMPORT_ALIASES: Partial<Record<ApplicantImportColumn, string[]>> = {
  jwlId: ['id', 'studentId', 'رقم الطالب', 'الرقم الجامعي', 'JWL-ID'],
  firstName: ['givenName', 'forename', 'الاسم الأول', 'الاسم الاول', 'الاسم'],
  lastName: ['surname', 'familyName', 'اسم العائلة', 'العائلة', 'الكنية', 'اللقب'],
  email: [
    'eMail',
    'mail',
    'البريد الإلكتروني',
    'البريد الالكتروني',
    'البريد',
    'الإيميل',
    'الايميل',
  ],
  phone: ['phoneNumber', 'mobile', 'رقم الهاتف', 'الهاتف', 'الجوال', 'رقم الجوال', 'الموبايل'],
  birthDate: ['dateOfBirth', 'dob', 'تاريخ الميلاد', 'تاريخ الولادة'],
  gender: ['sex', 'الجنس', 'النوع'],
  clcCode: ['clc', 'المركز', 'رمز المركز'],
};

/** The words a file may write a gender with (any case), the one table of them. */
export const GENDER_WORDS: Record<string, Gender> = {
  m: 'm',
  male: 'm',
  f: 'f',
  female: 'f',
  o: 'o',
  other: 'o',
  ذكر: 'm',
  أنثى: 'f',
  انثى: 'f',
  آخر: 'o',
  اخر: 'o',
};

/** The gender cell's message: the spec's text, then the words a file may use. */
export const GENDER_IMPORT_MESSAGE = `${VALIDATION.select}. Accepted values: ${Object.keys(GENDER_WORDS).join(', ')}.`;

/** The largest JWL-ID (a PostgreSQL integer). */
const MAX_JWL_ID = 2_147_483_647;

/** Without a JWL-ID, the birth date is what tells people apart (and finds them again). */
export const birthDateOrJwlId = (
  row: { jwlId?: unknown; birthDate?: unknown },
  ctx: z.RefinementCtx,
) => {
  if (row.jwlId === undefined && row.birthDate === undefined)
    ctx.addIssue({ code: 'custom', path: ['birthDate'], message: VALIDATION.required });
};

/**
 * One row of an applicant (or cohort) file, its cells as text: the form's fields
 * (`applicantPersonFields`), plus the JWL-ID that names an existing person (then the birth date
 * may be left out), the gender as a word and the CLC by code. Which CLCs a row may name, and
 * the phone in that CLC's country, the server checks against the database.
 */
export const applicantImportRowObject = z.object({
  jwlId: blankAsAbsent(
    z
      .string()
      .regex(/^\d{1,10}$/, VALIDATION.number)
      .transform(Number)
      .refine((n) => n <= MAX_JWL_ID, VALIDATION.number),
  ),
  firstName: applicantPersonFields.firstName,
  lastName: applicantPersonFields.lastName,
  email: applicantPersonFields.email,
  phone: applicantPersonFields.phone,
  birthDate: blankAsAbsent(applicantBirthDate),
  gender: blankAsAbsent(
    z
      .string()
      .transform((v) => GENDER_WORDS[v.normalize('NFKC').toLowerCase()])
      .refine((v) => v !== undefined, GENDER_IMPORT_MESSAGE),
  ),
  clcCode: requiredText(20),
});
export const applicantImportRowSchema = applicantImportRowObject.superRefine(birthDateOrJwlId);
export type ApplicantImportRow = z.output<typeof applicantImportRowSchema>;
