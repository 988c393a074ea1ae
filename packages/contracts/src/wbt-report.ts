// WBT_ALL and the report (decision 0020 §2.7).
import { z } from 'zod';
import { id, iso } from './wbt-fields';
import { WBT_COMPLETIONS, WBT_STANDARDS, WBT_SUCCESSES } from './wbt-constants';

// ---- WBT_ALL and the report (§2.7) ----

export const wbtListQuerySchema = z.object({
  q: z.string().max(200).optional(),
  programmeId: z.coerce.number().int().positive().optional(),
  courseId: z.coerce.number().int().positive().optional(),
  cursor: z.string().max(500).optional(),
});
export type WbtListQuery = z.infer<typeof wbtListQuerySchema>;

export const wbtListRowSchema = z.object({
  itemId: id,
  title: z.string(),
  unitId: id,
  unitTitle: z.string(),
  courseId: id,
  courseTitle: z.string(),
  programmeId: id,
  programmeTitle: z.string(),
  standard: z.enum(WBT_STANDARDS),
  isPublic: z.boolean(),
  published: z.boolean(),
});
export type WbtListRow = z.infer<typeof wbtListRowSchema>;
export const wbtListSchema = z.object({
  rows: z.array(wbtListRowSchema),
  nextCursor: z.string().nullable(),
});
export type WbtList = z.infer<typeof wbtListSchema>;

export const wbtReportClassSchema = z.object({
  classId: id.nullable(),
  className: z.string(),
  learners: id,
  started: id,
  completed: id,
  passed: id,
  /** Mean of each learner's best scaled score (0–1), learners with a score only. */
  meanBestScore: z.number().nullable(),
  medianSeconds: z.number().nullable(),
});
export type WbtReportClass = z.infer<typeof wbtReportClassSchema>;
export const wbtReportSchema = z.object({
  itemId: id,
  title: z.string(),
  courseId: id,
  courseTitle: z.string(),
  standard: z.enum(WBT_STANDARDS),
  classes: z.array(wbtReportClassSchema),
});
export type WbtReport = z.infer<typeof wbtReportSchema>;

export const wbtReportLearnersQuerySchema = z.object({
  classId: z.coerce.number().int().positive().optional(),
  cursor: z.string().max(500).optional(),
});
export const wbtReportLearnerSchema = z.object({
  studentId: id,
  name: z.string(),
  classId: id.nullable(),
  attempts: id,
  completion: z.enum(WBT_COMPLETIONS),
  success: z.enum(WBT_SUCCESSES),
  bestScore: z.number().nullable(),
  totalSeconds: id,
  lastActivityAt: iso.nullable(),
});
export type WbtReportLearner = z.infer<typeof wbtReportLearnerSchema>;
export const wbtReportLearnersSchema = z.object({
  rows: z.array(wbtReportLearnerSchema),
  nextCursor: z.string().nullable(),
});
export type WbtReportLearners = z.infer<typeof wbtReportLearnersSchema>;
