// The trainings' enums and limits (decision 0020 §2.2, §2.4, §2.5).
import { z } from 'zod';

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
