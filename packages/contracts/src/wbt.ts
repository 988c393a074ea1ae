import { z } from 'zod';

/**
 * Web-based trainings (decision 0020 §2): a packaged training (SCORM 1.2, SCORM 2004 or plain
 * HTML) played from the content origin and tracked per attempt.
 */

const attempts = z.number().int().min(1).max(20).nullable().optional(); // null: unlimited

export const wbtSettingsSchema = z.object({
  /** A `wbt_packages` row (immutable). */
  packageId: z.number().int().positive(),
  /** completion: full points when complete. */
  gradeFrom: z.enum(['score', 'completion']),
  completeWhen: z
    .enum(['completed', 'passed', 'completed_or_passed'])
    .default('completed_or_passed'),
  maxAttempts: attempts,
  /** Plays without sign-in at `public_wbt` (nothing tracked against a person). */
  isPublic: z.boolean().default(false),
  display: z
    .object({ mode: z.enum(['embedded', 'full']), heightPx: z.number().int().min(400).max(2000) })
    .default({ mode: 'embedded', heightPx: 720 }),
});
export type WbtSettings = z.infer<typeof wbtSettingsSchema>;

const iso = z.string();
const id = z.number().int();

// ---- enums ----

export const WBT_STANDARDS = ['scorm12', 'scorm2004', 'html'] as const;
export type WbtStandard = (typeof WBT_STANDARDS)[number];
export const WBT_STANDARD_LABELS: Record<WbtStandard, string> = {
  scorm12: 'SCORM 1.2',
  scorm2004: 'SCORM 2004',
  html: 'HTML package',
};

export const WBT_COMPLETIONS = ['unknown', 'incomplete', 'completed'] as const;
export type WbtCompletion = (typeof WBT_COMPLETIONS)[number];
export const WBT_SUCCESSES = ['unknown', 'passed', 'failed'] as const;
export type WbtSuccess = (typeof WBT_SUCCESSES)[number];
export const WBT_LAUNCH_MODES = ['normal', 'browse'] as const;
export type WbtLaunchMode = (typeof WBT_LAUNCH_MODES)[number];
/**
 * How a launch plays: `normal` tracks; `browse` tracks nothing (preview, public, or refused);
 * `review` opens a finished attempt with its stored values and records nothing (as Moodle).
 */
export const WBT_PLAY_MODES = ['normal', 'browse', 'review'] as const;
export type WbtPlayMode = (typeof WBT_PLAY_MODES)[number];

/** A part's (SCO's) state as the learner reads it. */
export const WBT_PART_STATES = [
  'not_started',
  'in_progress',
  'completed',
  'passed',
  'failed',
] as const;
export type WbtPartState = (typeof WBT_PART_STATES)[number];
export const wbtPartSchema = z.object({
  index: z.number().int(),
  title: z.string(),
  state: z.enum(WBT_PART_STATES),
});
export type WbtPart = z.infer<typeof wbtPartSchema>;

// ---- limits (§2.2, §2.4, §2.5) ----

/** The zipped package's default limit (spec §9; `LANTERN_WBT_MAX_BYTES`). */
export const WBT_MAX_BYTES = 512 * 1024 * 1024;
/** The sum of uncompressed sizes' default limit (`LANTERN_WBT_MAX_UNPACKED_BYTES`). */
export const WBT_MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;
export const WBT_MAX_ENTRIES = 10_000;
/** Commits in one POST …/commits. */
export const WBT_MAX_COMMITS_PER_BATCH = 50;
/** Element values in one commit. */
export const WBT_MAX_VALUES_PER_COMMIT = 1_000;
/** One element value's length. */
export const WBT_MAX_VALUE_CHARS = 65_536;
/** Element names as the runtime writes them. */
export const WBT_ELEMENT_PATTERN = /^(cmi|adl)\.[A-Za-z0-9_.]+$/;
export const WBT_ELEMENT_MAX_CHARS = 255;
/**
 * An HTML package graded by completion counts as done on "Mark as done" only after it was open
 * this long in the attempt (or reported completion itself); marked done sooner, a teacher grades
 * it. The spec names no such time: decision 0020 §2.5 sets it.
 */
export const WBT_HTML_MIN_OPEN_SECONDS = 60;
/** The page reports how long an HTML package has been open at most this often. */
export const WBT_OPEN_TIME_EVERY_SECONDS = 30;
/** A normal launch takes commits this long after it was issued (409 `WBT_LAUNCH_EXPIRED`). */
export const WBT_LAUNCH_DAYS = 7;
/** One postMessage's largest serialised size. */
export const WBT_MESSAGE_MAX_BYTES = 256 * 1024;
/** The relay's queue in local storage, per user. */
export const WBT_QUEUE_MAX_BYTES = 1024 * 1024;

// ---- packages (§2.2) ----

export const wbtScoSchema = z.object({
  /** 0-based, organisation order; the `sco` of commits. */
  index: id,
  identifier: z.string(),
  title: z.string(),
  /** Path inside the package (normalised, no leading `/`), without the parameters. */
  href: z.string(),
  /** The manifest's `parameters` (query or fragment), appended to `href` when launching. */
  parameters: z.string(),
});
export type WbtSco = z.infer<typeof wbtScoSchema>;

export const WBT_WARNING_CODES = ['external_reference', 'sequencing', 'flash'] as const;
export type WbtWarningCode = (typeof WBT_WARNING_CODES)[number];
export const wbtWarningSchema = z.object({
  code: z.enum(WBT_WARNING_CODES),
  /** The sentence shown to the author. */
  detail: z.string(),
});
export type WbtWarning = z.infer<typeof wbtWarningSchema>;

/**
 * Upload: tus 1.0 at `POST /api/:locale/lms/wbt-uploads` (metadata `courseId`, `filename`; HEAD,
 * PATCH, DELETE at the Location), as the other uploads; then
 * `POST …/course/:courseId/wbt-packages { uploadId }` → 201 (new) or 200 (the same zip was
 * uploaded to this course before), or 400 `WBT_PACKAGE_INVALID` / 413 / 415 with the sentence.
 */
export const wbtPackageInputSchema = z.object({ uploadId: z.uuid() });
export type WbtPackageInput = z.infer<typeof wbtPackageInputSchema>;

export const wbtPackageSchema = z.object({
  id: id,
  courseId: id,
  standard: z.enum(WBT_STANDARDS),
  title: z.string(),
  scos: z.array(wbtScoSchema),
  warnings: z.array(wbtWarningSchema),
  entries: id,
  /** The zip's bytes. */
  size: z.number().int(),
  unpackedBytes: z.number().int(),
  sha256: z.string(),
  uploadedBy: id.nullable(),
  createdAt: iso,
});
export type WbtPackage = z.infer<typeof wbtPackageSchema>;

/** `GET …/course/:courseId/wbt-packages` (newest first). */
export const wbtPackageListSchema = z.object({ packages: z.array(wbtPackageSchema) });
export type WbtPackageList = z.infer<typeof wbtPackageListSchema>;

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

// ---- public (§2.6) ----

export const publicWbtSchema = z.object({
  itemId: id,
  title: z.string(),
  courseTitle: z.string(),
  standard: z.enum(WBT_STANDARDS),
  display: wbtSettingsSchema.shape.display,
});
export type PublicWbt = z.infer<typeof publicWbtSchema>;

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

// ---- relay messages (§2.4): postMessage between the app and the player, `v: 1` ----

const v = z.literal(1);

/** Player → app. */
export const playerMessageSchema = z.discriminatedUnion('type', [
  z.object({ v, type: z.literal('ready') }),
  z.object({
    v,
    type: z.literal('commit'),
    launchNo: z.number().int().min(0),
    seq: z.number().int().min(1),
    sco: z.number().int().min(0),
    values: z.record(wbtElementNameSchema, z.string().max(WBT_MAX_VALUE_CHARS)),
    terminate: z.boolean(),
  }),
  z.object({ v, type: z.literal('navigate'), sco: z.number().int().min(0) }),
  z.object({ v, type: z.literal('error'), code: z.string().max(100) }),
]);
export type PlayerMessage = z.infer<typeof playerMessageSchema>;

/** App → player. */
export const appMessageSchema = z.discriminatedUnion('type', [
  z.object({
    v,
    type: z.literal('init'),
    /** null: browse (preview, public, or refused): the player drops commits. */
    attemptId: id.nullable(),
    launchNo: id,
    standard: z.enum(WBT_STANDARDS),
    sco: id,
    /** The SCO's href with its parameters, relative to `contentBase`. */
    href: z.string(),
    contentBase: z.string(),
    /** The SCO's values to resume from. */
    cmi: z.record(z.string(), z.string()),
    learner: z.object({ id: z.string(), name: z.string() }),
    mode: z.enum(WBT_LAUNCH_MODES),
    credit: z.enum(['credit', 'no-credit']),
  }),
  z.object({
    v,
    type: z.literal('ack'),
    seq: z.number().int().min(1),
    state: z.enum(['queued', 'queue_full']),
  }),
]);
export type AppMessage = z.infer<typeof appMessageSchema>;

/** The player's served paths on the content origin (§2.3). */
export const WBT_PLAYER_PATHS: Record<WbtStandard, string> = {
  scorm12: '/player/scorm12.html',
  scorm2004: '/player/scorm2004.html',
  html: '/player/html.html',
};
/** The meta tag the content origin fills in the player page. */
export const WBT_APP_ORIGIN_META = 'lantern-app-origin';

/** The refusal sentences of §2.2, §2.6 and §7 (the web shows the server's `detail`). */
export const WBT_SENTENCES = {
  notZip: 'File must be a valid file: this one is not a ZIP archive.',
  tooLarge: 'The package is larger than 512 MB.',
  tooManyFiles: 'The package has more than 10,000 files.',
  encrypted: 'The package is encrypted.',
  bomb: 'The package unpacks to more than 1 GB, or is packed too tightly to be safe: it was not stored.',
  noManifest: 'This package has no imsmanifest.xml (SCORM) or index.html (HTML) at its top level.',
  notScorm: 'This manifest is neither SCORM 1.2 nor SCORM 2004.',
  htmlScore: 'An HTML package reports no score: grade it by completion.',
  launchExpired: 'This training was opened more than 7 days ago: open it again to go on.',
  attemptFinished: 'This attempt is finished: it opens for review, and nothing is recorded.',
  openTimeHtmlOnly: 'Only an HTML package reports its time open.',
  contentOff: 'Trainings cannot be played here: no content address is configured.',
  rateLimited: 'Too many requests from your address: try again in an hour.',
} as const;
