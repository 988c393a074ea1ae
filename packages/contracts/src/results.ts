import { z } from 'zod';
import { ENROLMENT_STATES, fileReadingSchema, importProblemSchema } from './programme';
import { VALIDATION } from './messages';

/** What review-grades proposes for a student, from their course results and the pass mark. */
export const OUTCOMES = ['pass', 'fail', 'incomplete'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const OUTCOME_LABELS: Record<Outcome, string> = {
  pass: 'Pass',
  fail: 'Fail',
  incomplete: 'Results missing',
};

export const studentResultsSchema = z.object({
  enrolmentId: z.number().int(),
  studentId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  clc: z.string().nullable(),
  state: z.enum(ENROLMENT_STATES),
  onBreak: z.boolean(),
  /** Course id → score on the schema's scale; absent when not entered. */
  scores: z.record(z.string(), z.number()),
  /**
   * Course id → the version of a final result (the programme finished): such a result changes
   * only through a grade-change request, which names this version.
   */
  finalVersions: z.record(z.string(), z.number().int()).optional(),
  /** Unit-weighted mean of the entered scores, or null with none. */
  average: z.number().nullable(),
  band: z.string().nullable(),
  outcome: z.enum(OUTCOMES),
});
export type StudentResults = z.infer<typeof studentResultsSchema>;

export const programmeResultsSchema = z.object({
  courses: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      title: z.string(),
      units: z.number().int(),
      /** The result comes from the course's grade book (it has graded items): read-only here. */
      computed: z.boolean().optional(),
    }),
  ),
  gradingSchema: z
    .object({
      id: z.number().int(),
      name: z.string(),
      scaleMax: z.number(),
      passMark: z.number(),
      bands: z.array(z.object({ label: z.string(), min: z.number() })),
    })
    .nullable(),
  students: z.array(studentResultsSchema),
});
export type ProgrammeResults = z.infer<typeof programmeResultsSchema>;

export const resultsInputSchema = z.object({
  entries: z
    .array(
      z.object({
        enrolmentId: z.coerce.number().int().positive(),
        courseId: z.coerce.number().int().positive(),
        /** Null clears the result. */
        score: z.coerce
          .number({ error: VALIDATION.number })
          .min(0, 'Must not be negative')
          .nullable(),
      }),
    )
    .min(1, VALIDATION.multiSelect)
    .max(20_000),
});
export const resultsSavedSchema = z.object({
  saved: z.number().int(),
  cleared: z.number().int(),
});

/**
 * A file of results: a `jwlId` column and one column per course code (other columns, such as
 * names, are ignored); an empty cell leaves that result as it is.
 */
export const resultsImportReportSchema = z.object({
  /** True when nothing was written: a dry run, or a file with problems. */
  dryRun: z.boolean(),
  rows: z.number().int(),
  problems: z.array(importProblemSchema),
  /** The courses the file's columns name, by code. */
  courses: z.array(z.string()),
  students: z.number().int(),
  scores: z.number().int(),
  reading: fileReadingSchema.optional(),
});
export type ResultsImportReport = z.infer<typeof resultsImportReportSchema>;
