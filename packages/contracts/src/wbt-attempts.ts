// Launching a training, and the commits of its attempts (decision 0020 §2.5).
import { z } from 'zod';
import { id, iso } from './wbt-fields';
import {
  WBT_COMPLETIONS,
  WBT_ELEMENT_MAX_CHARS,
  WBT_ELEMENT_PATTERN,
  WBT_MAX_COMMITS_PER_BATCH,
  WBT_MAX_VALUE_CHARS,
  WBT_MAX_VALUES_PER_COMMIT,
  WBT_PLAY_MODES,
  WBT_STANDARDS,
  WBT_SUCCESSES,
  wbtPartSchema,
} from './wbt-constants';
import { wbtScoSchema } from './wbt-packages';
import { wbtSettingsSchema } from './wbt-settings';

// ---- launch (§2.5) ----

/** `POST …/wbt/:itemId/launch` */
export const wbtLaunchInputSchema = z.object({ newAttempt: z.boolean().default(false) });
export type WbtLaunchInput = z.infer<typeof wbtLaunchInputSchema>;

export const wbtAttemptSummarySchema = z.object({
  id: id,
  attempt: id,
  completion: z.enum(WBT_COMPLETIONS),
  success: z.enum(WBT_SUCCESSES),
  /** 0–1, or null while no SCO reported a score. */
  scoreScaled: z.number().nullable(),
  totalSeconds: id,
  /** The submissions row made on completion. */
  submissionId: id.nullable(),
  startedAt: iso,
  completedAt: iso.nullable(),
  lastCommitAt: iso.nullable(),
});
export type WbtAttemptSummary = z.infer<typeof wbtAttemptSummarySchema>;

/** Why a launch is `browse` (nothing tracked): the reused refusal's code and sentence. */
export const wbtBrowseReasonSchema = z.object({ code: z.string(), detail: z.string() });

export const wbtLaunchSchema = z.object({
  mode: z.enum(WBT_PLAY_MODES),
  /** Set when mode is `browse` for a reason other than preview, and for `review`. */
  reason: wbtBrowseReasonSchema.nullable(),
  /** null for browse launches; the finished attempt for review. */
  attempt: wbtAttemptSummarySchema.nullable(),
  /** Each part's state in the attempt (empty without one). */
  parts: z.array(wbtPartSchema),
  /** The part to open: the one the learner was in (the next unfinished one when it is done). */
  startSco: id,
  /** 0 for browse launches. */
  launchNo: id,
  standard: z.enum(WBT_STANDARDS),
  scos: z.array(wbtScoSchema),
  /** The content origin, e.g. `http://localhost:3001`: the only origin the relay talks to. */
  contentOrigin: z.string(),
  /** `<contentOrigin>/player/<standard>.html` */
  playerUrl: z.string(),
  /** `<contentOrigin>/c/<token>/`: SCO hrefs are resolved against it. */
  contentBase: z.string(),
  /** Launch token's last valid day (UTC, end of day). */
  expiresAt: iso,
  /** Per SCO index: the values to resume from (suspend_data, location, entry, statuses…). */
  cmi: z.record(z.string(), z.record(z.string(), z.string())),
  /** `cmi.core.student_id`: the user's id as text, or `guest` for public launches. */
  learner: z.object({ id: z.string(), name: z.string() }),
  credit: z.enum(['credit', 'no-credit']),
  display: wbtSettingsSchema.shape.display,
  /** HTML packages that call no API are marked done by the learner. */
  markDone: z.boolean(),
});
export type WbtLaunch = z.infer<typeof wbtLaunchSchema>;

/** `GET …/wbt/:itemId/my-attempts` */
export const wbtMyAttemptsSchema = z.object({
  attempts: z.array(wbtAttemptSummarySchema),
  maxAttempts: id.nullable(),
  /** Whether "Start again" is possible now (latest complete, attempts left). */
  mayStartAgain: z.boolean(),
  standard: z.enum(WBT_STANDARDS),
  title: z.string(),
  display: wbtSettingsSchema.shape.display,
  /** The latest attempt's parts (empty before the first launch). */
  parts: z.array(wbtPartSchema),
});
export type WbtMyAttempts = z.infer<typeof wbtMyAttemptsSchema>;

// ---- commits (§2.5) ----

export const wbtElementNameSchema = z
  .string()
  .max(WBT_ELEMENT_MAX_CHARS)
  .regex(WBT_ELEMENT_PATTERN, 'This is not a SCORM data element.');

export const wbtCommitSchema = z.object({
  launchNo: z.number().int().min(1),
  seq: z.number().int().min(1),
  sco: z.number().int().min(0).max(32_767),
  /** Flattened CMI `{ 'cmi.core.lesson_status': 'completed', … }`, only what changed. */
  values: z
    .record(wbtElementNameSchema, z.string().max(WBT_MAX_VALUE_CHARS))
    .refine((v) => Object.keys(v).length <= WBT_MAX_VALUES_PER_COMMIT, {
      message: `At most ${WBT_MAX_VALUES_PER_COMMIT} values in one commit.`,
    }),
  terminate: z.boolean().optional(),
  clientAt: iso.optional(),
});
export type WbtCommit = z.infer<typeof wbtCommitSchema>;

/** `POST …/wbt-attempt/:attemptId/commits` */
export const wbtCommitBatchSchema = z.object({
  commits: z.array(wbtCommitSchema).min(1).max(WBT_MAX_COMMITS_PER_BATCH),
});
export type WbtCommitBatch = z.infer<typeof wbtCommitBatchSchema>;

export const wbtCommitResultSchema = z.object({
  results: z.array(
    z.object({
      launchNo: id,
      seq: id,
      outcome: z.enum(['applied', 'duplicate']),
    }),
  ),
  attempt: wbtAttemptSummarySchema,
});
export type WbtCommitResult = z.infer<typeof wbtCommitResultSchema>;

/**
 * `POST …/wbt-attempt/:attemptId/done { launchNo, sco, openSeconds }` (HTML package without
 * API): `openSeconds` is how long the page has shown the package in this launch.
 */
export const wbtDoneInputSchema = z.object({
  launchNo: z.number().int().min(1),
  sco: z.number().int().min(0).default(0),
  openSeconds: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(0),
});
export type WbtDoneInput = z.infer<typeof wbtDoneInputSchema>;

/**
 * `POST …/wbt-attempt/:attemptId/open-time { launchNo, sco, openSeconds }`: an HTML package's
 * time open in this launch (the server keeps the largest, capped by the launch's age).
 */
export const wbtOpenTimeInputSchema = z.object({
  launchNo: z.number().int().min(1),
  sco: z.number().int().min(0).default(0),
  openSeconds: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600),
});
export type WbtOpenTimeInput = z.infer<typeof wbtOpenTimeInputSchema>;

/** `GET …/wbt-attempt/:attemptId` (grade page): the summary, SCOs and interactions. */
export const wbtAttemptDetailSchema = z.object({
  attempt: wbtAttemptSummarySchema,
  itemId: id,
  studentId: id,
  scos: z.array(
    z.object({
      index: id,
      title: z.string(),
      completion: z.enum(WBT_COMPLETIONS),
      success: z.enum(WBT_SUCCESSES),
      scoreScaled: z.number().nullable(),
    }),
  ),
  interactions: z.array(
    z.object({
      sco: id,
      index: id,
      id: z.string(),
      type: z.string().nullable(),
      /** The question as the package described it (SCORM 2004 `description`). */
      description: z.string().nullable(),
      /** The learner's response as recorded (1.2 `student_response`, 2004 `learner_response`). */
      response: z.string().nullable(),
      /** The first correct response pattern the package recorded. */
      correctPattern: z.string().nullable(),
      result: z.string().nullable(),
    }),
  ),
});
export type WbtAttemptDetail = z.infer<typeof wbtAttemptDetailSchema>;
