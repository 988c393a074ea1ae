import { z } from 'zod';
import { historyEntrySchema } from './clc';
import { pageOf, requiredText } from './common';
import { STUDENT_AGE } from './constants';
import { ageOn } from './people';
import { PROGRAMME_STATUSES, PROGRAMME_TYPES, type Gender } from './enums';
import { VALIDATION } from './messages';
import type { Right } from './rights';

// The lists live in enums.ts, whose importers (the lms screens' contracts) do not load this
// module's schemas with them; they are exported here as well for the programme screens.
export { PROGRAMME_STATUSES, PROGRAMME_TYPES };
export type ProgrammeType = (typeof PROGRAMME_TYPES)[number];
export const PROGRAMME_TYPE_LABELS: Record<ProgrammeType, string> = {
  professional: 'Professional certificate',
  bachelor: 'Bachelor',
  language: 'Language',
  orientation: 'Orientation',
  gel: 'General English (GEL)',
};

/**
 * The path segment of a type in programme-scoped addresses, web (`programme/bachelor/:programme/…`,
 * spec §2) and API alike: `/api/{locale}/programme/{segment}/{id}/…`. A route under one segment
 * answers only for programmes of that type (docs/decisions/0006).
 */
export const PROGRAMME_TYPE_PATHS: Record<ProgrammeType, string> = {
  professional: 'professional-certificate',
  bachelor: 'bachelor',
  language: 'language',
  orientation: 'orientation',
  gel: 'gel',
};

export type ProgrammeStatus = (typeof PROGRAMME_STATUSES)[number];
export const PROGRAMME_STATUS_LABELS: Record<ProgrammeStatus, string> = {
  new: 'New',
  applying: 'Applying',
  preparing: 'Preparing',
  prep_done: 'Preparation done',
  running: 'Running',
  finished: 'Finished',
  cancelled: 'Cancelled',
};

type Transition<S extends string> = {
  label: string;
  from: readonly S[];
  to: S;
  right: Right;
  /** Asked before the action happens (the web shows it; the server needs nothing more). */
  confirm?: string;
};

/**
 * The programme's status machine (docs/decisions/0006). The server refuses any other move
 * with 409 and a sentence that says why; the web offers only the moves of this table.
 */
export const PROGRAMME_ACTIONS = {
  openApplications: {
    label: 'Open applications',
    from: ['new'],
    to: 'applying',
    right: 'PROGRAMME__EDIT',
  },
  startPreparing: {
    label: 'Start preparing',
    from: ['applying'],
    to: 'preparing',
    right: 'PROGRAMME__EDIT',
  },
  finishPreparing: {
    label: 'Preparation done',
    from: ['preparing'],
    to: 'prep_done',
    right: 'PROGRAMME__EDIT',
  },
  startProgramme: {
    label: 'Start programme',
    from: ['prep_done'],
    to: 'running',
    right: 'PROGRAMME__EDIT',
  },
  finishProgramme: {
    label: 'Finish programme',
    from: ['running'],
    to: 'finished',
    right: 'PROGRAMME__REVIEW_GRADES',
    confirm: 'Finish the programme? Every student must be passed or failed first.',
  },
  reopen: {
    label: 'Reopen programme',
    from: ['finished'],
    to: 'running',
    right: 'PROGRAMME__CLOSE',
    confirm: 'Reopen the programme? Grades and outcomes can be changed again.',
  },
  cancel: {
    label: 'Cancel programme',
    from: ['new', 'applying', 'preparing', 'prep_done', 'running'],
    to: 'cancelled',
    right: 'PROGRAMME__CLOSE',
    confirm: 'Cancel the programme? It cannot be started again.',
  },
} as const satisfies Record<string, Transition<ProgrammeStatus>>;
export type ProgrammeAction = keyof typeof PROGRAMME_ACTIONS;
export const PROGRAMME_ACTION_KEYS = Object.keys(PROGRAMME_ACTIONS) as ProgrammeAction[];

/** The extra warning of reopening when certificates were already issued (spec §4). */
export const REOPEN_CERTIFICATES_WARNING =
  'Certificates have already been issued for this programme. They stay valid unless you revoke them.';

/** Student-in-programme states of spec §4; `completed` is shown as 'Passed'. */
export const ENROLMENT_STATES = [
  'applied',
  'active',
  'declined',
  'withdrawn',
  'completed',
  'failed',
] as const;
export type EnrolmentState = (typeof ENROLMENT_STATES)[number];
export const ENROLMENT_STATE_LABELS: Record<EnrolmentState, string> = {
  applied: 'Applied',
  active: 'Active',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  completed: 'Passed',
  failed: 'Failed',
};

type EnrolmentTransition = Transition<EnrolmentState> & {
  /** The programme statuses in which the action may happen. */
  programme: readonly ProgrammeStatus[];
};

const OPEN: readonly ProgrammeStatus[] = ['applying', 'preparing', 'prep_done', 'running'];

/**
 * The student-in-programme machine (docs/decisions/0006). `suspend` keeps the state active and
 * starts a study break. Each action takes an optional reason and writes an audit row.
 */
export const ENROLMENT_ACTIONS = {
  accept: {
    label: 'Accept',
    from: ['applied'],
    to: 'active',
    right: 'PC_STUDENT__EDIT',
    programme: OPEN,
  },
  decline: {
    label: 'Decline',
    from: ['applied'],
    to: 'declined',
    right: 'PC_STUDENT__EDIT',
    programme: OPEN,
  },
  suspend: {
    label: 'Suspend (study break)',
    from: ['active'],
    to: 'active',
    right: 'PC_BREAK__EDIT',
    programme: OPEN,
  },
  withdraw: {
    label: 'Withdraw',
    from: ['applied', 'active'],
    to: 'withdrawn',
    right: 'PC_STUDENT__EDIT',
    programme: OPEN,
  },
  finalize: {
    label: 'Finalize (pass)',
    from: ['active'],
    to: 'completed',
    right: 'PROGRAMME__REVIEW_GRADES',
    programme: ['running'],
  },
  fail: {
    label: 'Fail',
    from: ['active'],
    to: 'failed',
    right: 'PROGRAMME__REVIEW_GRADES',
    programme: ['running'],
  },
  unfail: {
    label: 'Unfail',
    from: ['failed'],
    to: 'active',
    right: 'PROGRAMME__REVIEW_GRADES',
    programme: ['running'],
  },
  reactivate: {
    label: 'Reactivate',
    from: ['withdrawn', 'declined'],
    to: 'active',
    right: 'PC_STUDENT__EDIT',
    programme: OPEN,
  },
} as const satisfies Record<string, EnrolmentTransition>;
export type EnrolmentAction = keyof typeof ENROLMENT_ACTIONS;
export const ENROLMENT_ACTION_KEYS = Object.keys(ENROLMENT_ACTIONS) as EnrolmentAction[];

/** Programme statuses in which applicants may be added (one by one or imported). */
export const APPLICATION_STATUSES: readonly ProgrammeStatus[] = [
  'applying',
  'preparing',
  'prep_done',
];

// ---------------------------------------------------------------------------------------------
// Grading schemas

export const gradeBandSchema = z.object({
  label: requiredText(40),
  /** The lowest score of the band, on the schema's scale. */
  min: z.coerce.number({ error: VALIDATION.number }).min(0),
});

export const gradingSchemaInputSchema = z
  .object({
    name: requiredText(120),
    scaleMax: z.coerce.number({ error: VALIDATION.number }).positive().max(1000),
    passMark: z.coerce.number({ error: VALIDATION.number }).min(0),
    bands: z.array(gradeBandSchema).max(20).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.passMark > v.scaleMax)
      ctx.addIssue({ code: 'custom', path: ['passMark'], message: 'Must be within the scale' });
    v.bands.forEach((band, i) => {
      if (band.min > v.scaleMax)
        ctx.addIssue({
          code: 'custom',
          path: ['bands', i, 'min'],
          message: 'Must be within the scale',
        });
    });
  });
export type GradingSchemaInput = z.infer<typeof gradingSchemaInputSchema>;

export const gradingSchemaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scaleMax: z.number(),
  passMark: z.number(),
  bands: z.array(z.object({ label: z.string(), min: z.number() })),
  programmes: z.number().int(),
  version: z.number().int(),
});
export type GradingSchema = z.infer<typeof gradingSchemaSchema>;

// ---------------------------------------------------------------------------------------------
// Programmes

const isoDate = z
  .string({ error: VALIDATION.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, VALIDATION.date)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), VALIDATION.date);

export const PROGRAMME_CODE_TEXT = 'The programme code has exactly 3 digits';

export const courseInputSchema = z.object({
  /** Present for a course that exists (its results stay with it); absent for a new one. */
  id: z.coerce.number().int().positive().optional(),
  code: requiredText(20),
  title: requiredText(200),
  units: z.coerce
    .number({ error: VALIDATION.number })
    .int(VALIDATION.number)
    .min(1, 'At least 1')
    .max(60, 'At most 60'),
});
export type CourseInput = z.infer<typeof courseInputSchema>;

export const programmeInputSchema = z
  .object({
    code: z
      .string({ error: VALIDATION.required })
      .trim()
      .min(1, VALIDATION.required)
      .regex(/^\d{3}$/, PROGRAMME_CODE_TEXT),
    internalName: requiredText(120),
    title: requiredText(200),
    startDate: isoDate,
    endDate: isoDate,
    gradingSchemaId: z.coerce
      .number({ error: VALIDATION.select })
      .int()
      .positive(VALIDATION.select),
    certifyingUniversity: requiredText(200),
    certificateText: requiredText(2000),
    clcIds: z
      .array(z.coerce.number().int().positive(), { error: VALIDATION.multiSelect })
      .min(1, VALIDATION.multiSelect),
    courses: z.array(courseInputSchema).min(1, 'Add at least one course').max(60),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.endDate < v.startDate)
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: 'The end date must not be before the start date',
      });
    const seen = new Set<string>();
    v.courses.forEach((course, i) => {
      const key = course.code.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['courses', i, 'code'],
          message: 'Each course code once',
        });
      seen.add(key);
    });
  });
export type ProgrammeInput = z.infer<typeof programmeInputSchema>;

export const programmeUpdateSchema = programmeInputSchema.and(
  z.object({ version: z.coerce.number().int().positive() }),
);

export const courseSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  units: z.number().int(),
});

export const enrolmentCountsSchema = z.record(z.enum(ENROLMENT_STATES), z.number().int());

export const programmeSchema = z.object({
  id: z.number().int(),
  type: z.enum(PROGRAMME_TYPES),
  code: z.string(),
  internalName: z.string(),
  title: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(PROGRAMME_STATUSES),
  gradingSchema: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  certifyingUniversity: z.string().nullable(),
  certificateText: z.string().nullable(),
  clcs: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  courses: z.array(courseSchema),
  /** Students by state, and how many are on a study break today. */
  enrolments: enrolmentCountsSchema,
  onBreak: z.number().int(),
  certificates: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Programme = z.infer<typeof programmeSchema>;

export const PROGRAMME_SORTS = [
  'code',
  'title',
  'startDate',
  'endDate',
  'status',
  'students',
] as const;
export type ProgrammeSort = (typeof PROGRAMME_SORTS)[number];

export const programmeListQuerySchema = z.object({
  page: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100_000).default(1),
  limit: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100).default(25),
  q: z.string().trim().max(200).optional(),
  type: z.enum(PROGRAMME_TYPES).default('professional'),
  status: z.enum(PROGRAMME_STATUSES).optional(),
  year: z.coerce.number().int().min(1990).max(2200).optional(),
  clc: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  sort: z.enum(PROGRAMME_SORTS).default('startDate'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type ProgrammeListQuery = z.infer<typeof programmeListQuerySchema>;

export const programmeListItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(PROGRAMME_TYPES),
  code: z.string(),
  title: z.string(),
  internalName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(PROGRAMME_STATUSES),
  clcs: z.array(z.string()),
  students: z.number().int(),
  applicants: z.number().int(),
});
export type ProgrammeListItem = z.infer<typeof programmeListItemSchema>;
export const programmePageSchema = pageOf(programmeListItemSchema);

export const programmeTransitionSchema = z.object({
  action: z.enum(PROGRAMME_ACTION_KEYS as [ProgrammeAction, ...ProgrammeAction[]]),
  version: z.coerce.number().int().positive(),
});

// ---------------------------------------------------------------------------------------------
// Students in a programme

export const studyBreakSchema = z.object({
  id: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string(),
  reason: z.string().nullable(),
  /** True while today (UTC) lies within the break. */
  current: z.boolean(),
});
export type StudyBreak = z.infer<typeof studyBreakSchema>;

export const studyBreakInputSchema = z
  .object({
    startsOn: isoDate,
    endsOn: isoDate,
    reason: z.string().trim().max(500).optional(),
  })
  .refine((v) => v.endsOn >= v.startsOn, {
    path: ['endsOn'],
    message: 'The end date must not be before the start date',
  });

export const enrolmentSchema = z.object({
  id: z.number().int(),
  programmeId: z.number().int(),
  student: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    email: z.string().nullable(),
  }),
  state: z.enum(ENROLMENT_STATES),
  clc: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  class: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  onBreak: studyBreakSchema.nullable(),
  reason: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

export const ENROLMENT_SORTS = [
  'lastName',
  'firstName',
  'id',
  'state',
  'clc',
  'updatedAt',
] as const;
export const enrolmentListQuerySchema = z.object({
  page: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100_000).default(1),
  limit: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100).default(50),
  q: z.string().trim().max(200).optional(),
  state: z.enum(ENROLMENT_STATES).optional(),
  clc: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  onBreak: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  sort: z.enum(ENROLMENT_SORTS).default('lastName'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export const enrolmentPageSchema = pageOf(enrolmentSchema);

/** One action on one or many enrolments; the allowed ones happen, the others are reported. */
export const enrolmentActionInputSchema = z.object({
  action: z.enum(ENROLMENT_ACTION_KEYS as [EnrolmentAction, ...EnrolmentAction[]]),
  enrolmentIds: z
    .array(z.coerce.number().int().positive())
    .min(1, VALIDATION.multiSelect)
    .max(5000),
  reason: z.string().trim().max(500).optional(),
  /** For `suspend`: the study break's end (it starts today). */
  breakEndsOn: isoDate.optional(),
});
export const enrolmentActionResultSchema = z.object({
  done: z.array(z.number().int()),
  refused: z.array(z.object({ enrolmentId: z.number().int(), reason: z.string() })),
});
export type EnrolmentActionResult = z.infer<typeof enrolmentActionResultSchema>;

/** A real calendar day written YYYY-MM-DD (not 2001-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

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

/** The text encodings an imported CSV is read in: detected, or chosen by the person. */
export const IMPORT_ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'windows-1252',
  'windows-1256',
] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];
export const IMPORT_ENCODING_LABELS: Record<ImportEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252 (Western European)',
  'windows-1256': 'Windows-1256 (Arabic)',
};

/** How a file writes its dates with slashes: day first, or month first (a US export). */
export const DATE_ORDERS = ['dmy', 'mdy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];
export const DATE_FORMATS = { iso: 'YYYY-MM-DD', dmy: 'DD/MM/YYYY', mdy: 'MM/DD/YYYY' } as const;

/** What every file import's query takes: a dry run, and the reading the person chose. */
export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  encoding: z.enum(IMPORT_ENCODINGS).optional(),
  dateOrder: z.enum(DATE_ORDERS).optional(),
});
export type ImportReadOptions = { encoding?: ImportEncoding; dateOrder?: DateOrder };

/** A row's person as the file will write them: name and the fields that tell people apart. */
export const readingPersonSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  jwlId: z.number().int().nullable(),
  birthDate: z.string().nullable(),
  email: z.string().nullable(),
  clcCode: z.string().nullable(),
});
export type ReadingPerson = z.infer<typeof readingPersonSchema>;
/** Rows a dry run shows with their people (the counts are always whole). */
export const READING_PEOPLE_LIMIT = 200;

/** How the file was read, shown in the dry run so a person sees what will be written. */
export const fileReadingSchema = z.object({
  /** The text encoding (null for XLSX, which says its own). */
  encoding: z.enum(IMPORT_ENCODINGS).nullable(),
  /** True when the encoding was detected, false when the person chose it. */
  encodingDetected: z.boolean(),
  /**
   * How the dates are written: ISO, DD/MM/YYYY or MM/DD/YYYY as the file's values decide (or
   * the person chose), `ambiguous` when they cannot tell and nobody chose; null: no dates.
   */
  dates: z.enum(['iso', 'dmy', 'mdy', 'ambiguous']).nullable(),
  /** The first rows' people as they will be written (READING_PEOPLE_LIMIT of them at most). */
  people: z.array(readingPersonSchema),
});
export type FileReading = z.infer<typeof fileReadingSchema>;

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

export const importProblemSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export const importReportSchema = z.object({
  /** True when nothing was written: a dry run, or a file with problems. */
  dryRun: z.boolean(),
  rows: z.number().int(),
  problems: z.array(importProblemSchema),
  /** What the file does (or did): new people, existing people matched, already applicants. */
  created: z.number().int(),
  matched: z.number().int(),
  alreadyApplied: z.number().int(),
  reading: fileReadingSchema.optional(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

// ---------------------------------------------------------------------------------------------
// Concentrations (spec §3, §7)

export const concentrationProgrammeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  programmeType: z.enum(PROGRAMME_TYPES),
  startDate: z.string(),
  endDate: z.string(),
  /** `units` is the course's credit weight (decision 0008), not its learning units. */
  courses: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      title: z.string(),
      units: z.number().int(),
    }),
  ),
});
export const concentrationsSchema = z.object({
  professional: z.array(concentrationProgrammeSchema),
  bachelor: z.array(concentrationProgrammeSchema),
  language: z.array(concentrationProgrammeSchema),
  /** `courseId` is the programme's first course, which orientation_course opens (null: none). */
  orientation: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      title: z.string(),
      courseId: z.number().int().nullable(),
    }),
  ),
  /** The text of a failure to load, or null (spec §8). */
  error: z.string().nullable(),
});
export type Concentrations = z.infer<typeof concentrationsSchema>;

// ---------------------------------------------------------------------------------------------
// A student's programmes (the student overview)

/** One programme a student is in: its state there, class, CLC, every break and the history. */
export const studentProgrammeSchema = z.object({
  enrolmentId: z.number().int(),
  programme: z.object({
    id: z.number().int(),
    code: z.string(),
    title: z.string(),
    type: z.enum(PROGRAMME_TYPES),
    status: z.enum(PROGRAMME_STATUSES),
    startDate: z.string(),
    endDate: z.string(),
  }),
  state: z.enum(ENROLMENT_STATES),
  clc: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  class: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The reason given with the last state change. */
  reason: z.string().nullable(),
  /** The break the student is on today (UTC), if any. */
  onBreak: studyBreakSchema.nullable(),
  /** Every study break, earliest first. */
  breaks: z.array(studyBreakSchema),
  /** Who did what to this enrolment and when, newest first (audit rows of the enrolment). */
  history: z.array(historyEntrySchema),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type StudentProgramme = z.infer<typeof studentProgrammeSchema>;
export const studentProgrammesSchema = z.array(studentProgrammeSchema);

// ---------------------------------------------------------------------------------------------
// Certificates (docs: apps/api/src/modules/certificates)

/** A verification code: three groups of four letters and digits without look-alikes. */
export const CERTIFICATE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CERTIFICATE_CODE_PATTERN = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

/** A code as typed (any case, spaces, with or without dashes) in its printed shape, or null. */
export function normaliseCertificateCode(input: string): string | null {
  const bare = input.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (bare.length !== 12) return null;
  const code = `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}`;
  return CERTIFICATE_CODE_PATTERN.test(code) ? code : null;
}

/** The path of the public page that verifies a code (the QR code on a certificate links here). */
export const certificateVerificationPath = (code: string) =>
  `/en/certificate-verification/${encodeURIComponent(code)}`;

/** Up to this many certificates come straight back; more run as a job with a progress bar. */
export const CERTIFICATE_DIRECT_EXPORT_LIMIT = 20;
export const CERTIFICATE_EXPORT_FORMATS = ['zip', 'pdf'] as const;
export type CertificateExportFormat = (typeof CERTIFICATE_EXPORT_FORMATS)[number];

/** The text shown when a certificate could not be made (spec §8). */
export const CERTIFICATE_GENERATION_ERROR = 'Error while generating.';

const enrolmentIdList = z
  .array(z.coerce.number().int().positive().max(2_147_483_647))
  .min(1, VALIDATION.multiSelect)
  .max(5000);

/** Issue certificates to the selected students, or (no selection) to every passed one without. */
export const certificateIssueInputSchema = z.object({ enrolmentIds: enrolmentIdList.optional() });
export type CertificateIssueInput = z.infer<typeof certificateIssueInputSchema>;

export const certificateSummarySchema = z.object({
  id: z.uuid(),
  code: z.string(),
  issuedOn: z.string(),
  revoked: z.boolean(),
});

/** A passed student of a programme and their certificate, if one was issued. */
export const certificateRowSchema = z.object({
  enrolmentId: z.number().int(),
  student: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
  }),
  clc: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  certificate: certificateSummarySchema.nullable(),
});
export type CertificateRow = z.infer<typeof certificateRowSchema>;

export const programmeCertificatesSchema = z.object({
  programme: z.object({
    id: z.number().int(),
    code: z.string(),
    title: z.string(),
    type: z.enum(PROGRAMME_TYPES),
    status: z.enum(PROGRAMME_STATUSES),
    /** False while the programme lacks a certificate text or certifying university. */
    canIssue: z.boolean(),
  }),
  items: z.array(certificateRowSchema),
});
export type ProgrammeCertificates = z.infer<typeof programmeCertificatesSchema>;

export const certificateExportInputSchema = z.object({
  enrolmentIds: enrolmentIdList.optional(),
  format: z.enum(CERTIFICATE_EXPORT_FORMATS),
});
export type CertificateExportInput = z.infer<typeof certificateExportInputSchema>;

/** The same selection in a query string (the web's download): ids separated by commas. */
export const certificateExportQuerySchema = z.object({
  enrolmentIds: z
    .string()
    .regex(/^\d+(,\d+)*$/, VALIDATION.multiSelect)
    .transform((v) => v.split(',').map(Number))
    .optional(),
});

export const certificateFailureSchema = z.object({
  enrolmentId: z.number().int(),
  name: z.string(),
  error: z.string(),
});
export type CertificateFailure = z.infer<typeof certificateFailureSchema>;

export const CERTIFICATE_EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** A batch of certificates being made, or made: progress, failures, and where the file is. */
export const certificateExportStatusSchema = z.object({
  jobId: z.string().nullable(),
  state: z.enum(CERTIFICATE_EXPORT_STATES),
  done: z.number().int(),
  total: z.number().int(),
  failed: z.array(certificateFailureSchema),
  /** A short-lived signed link to the ZIP or PDF, once done and when anything came out. */
  downloadUrl: z.string().nullable(),
});
export type CertificateExportStatus = z.infer<typeof certificateExportStatusSchema>;

/** What the public verification answers for a code that exists: valid, or revoked. */
export const certificateVerificationSchema = z.discriminatedUnion('valid', [
  z.object({
    valid: z.literal(true),
    verificationCode: z.string(),
    studentName: z.string(),
    programmeTitle: z.string(),
    certifyingUniversity: z.string(),
    clcName: z.string(),
    issuedOn: z.string(),
  }),
  z.object({
    valid: z.literal(false),
    reason: z.literal('revoked'),
    detail: z.string(),
    verificationCode: z.string(),
    studentName: z.string(),
    programmeTitle: z.string(),
    issuedOn: z.string(),
    revokedOn: z.string(),
  }),
]);
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/** The 404 of a code no certificate has: an error body that also says `valid: false`. */
export const certificateNotFoundSchema = z.object({
  valid: z.literal(false),
  reason: z.literal('not_found'),
  detail: z.string(),
  code: z.literal('NOT_FOUND'),
  verificationCode: z.string(),
});
export const CERTIFICATE_NOT_FOUND_TEXT = 'No certificate has this verification code.';
