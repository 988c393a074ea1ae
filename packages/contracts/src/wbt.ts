import { z } from 'zod';
import { id } from './wbt-fields';
import { WBT_STANDARDS, type WbtStandard } from './wbt-constants';
import { wbtSettingsSchema } from './wbt-settings';

/**
 * Web-based trainings (decision 0020 §2): a packaged training (SCORM 1.2, SCORM 2004 or plain
 * HTML) played from the content origin and tracked per attempt. The contracts live by topic in
 * wbt-*.ts; this module offers them all by name.
 */

export { wbtSettingsSchema } from './wbt-settings';
export type { WbtSettings } from './wbt-settings';
export {
  WBT_STANDARDS,
  WBT_STANDARD_LABELS,
  WBT_COMPLETIONS,
  WBT_SUCCESSES,
  WBT_LAUNCH_MODES,
  WBT_PLAY_MODES,
  WBT_PART_STATES,
  wbtPartSchema,
  WBT_MAX_BYTES,
  WBT_MAX_UNPACKED_BYTES,
  WBT_MAX_ENTRIES,
  WBT_MAX_COMMITS_PER_BATCH,
  WBT_MAX_VALUES_PER_COMMIT,
  WBT_MAX_VALUE_CHARS,
  WBT_ELEMENT_PATTERN,
  WBT_ELEMENT_MAX_CHARS,
  WBT_HTML_MIN_OPEN_SECONDS,
  WBT_OPEN_TIME_EVERY_SECONDS,
  WBT_LAUNCH_DAYS,
  WBT_MESSAGE_MAX_BYTES,
  WBT_QUEUE_MAX_BYTES,
} from './wbt-constants';
export type {
  WbtStandard,
  WbtCompletion,
  WbtSuccess,
  WbtLaunchMode,
  WbtPlayMode,
  WbtPartState,
  WbtPart,
} from './wbt-constants';
export {
  wbtScoSchema,
  WBT_WARNING_CODES,
  wbtWarningSchema,
  wbtPackageInputSchema,
  wbtPackageSchema,
  wbtPackageListSchema,
} from './wbt-packages';
export type {
  WbtSco,
  WbtWarningCode,
  WbtWarning,
  WbtPackageInput,
  WbtPackage,
  WbtPackageList,
} from './wbt-packages';
export {
  wbtLaunchInputSchema,
  wbtAttemptSummarySchema,
  wbtBrowseReasonSchema,
  wbtLaunchSchema,
  wbtMyAttemptsSchema,
  wbtElementNameSchema,
  wbtCommitSchema,
  wbtCommitBatchSchema,
  wbtCommitResultSchema,
  wbtDoneInputSchema,
  wbtOpenTimeInputSchema,
  wbtAttemptDetailSchema,
} from './wbt-attempts';
export type {
  WbtLaunchInput,
  WbtAttemptSummary,
  WbtLaunch,
  WbtMyAttempts,
  WbtCommit,
  WbtCommitBatch,
  WbtCommitResult,
  WbtDoneInput,
  WbtOpenTimeInput,
  WbtAttemptDetail,
} from './wbt-attempts';
export {
  wbtListQuerySchema,
  wbtListRowSchema,
  wbtListSchema,
  wbtReportClassSchema,
  wbtReportSchema,
  wbtReportLearnersQuerySchema,
  wbtReportLearnerSchema,
  wbtReportLearnersSchema,
} from './wbt-report';
export type {
  WbtListQuery,
  WbtListRow,
  WbtList,
  WbtReportClass,
  WbtReport,
  WbtReportLearner,
  WbtReportLearners,
} from './wbt-report';
export { playerMessageSchema, appMessageSchema } from './wbt-messages';
export type { PlayerMessage, AppMessage } from './wbt-messages';

// ---- public (§2.6) ----

export const publicWbtSchema = z.object({
  itemId: id,
  title: z.string(),
  courseTitle: z.string(),
  standard: z.enum(WBT_STANDARDS),
  display: wbtSettingsSchema.shape.display,
});
export type PublicWbt = z.infer<typeof publicWbtSchema>;

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
