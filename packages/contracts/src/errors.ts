import { z } from 'zod';

/** Typed error codes the web can map; `detail` stays the text shown as is (spec §8). */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'TOKEN_INVALID',
  'FORBIDDEN',
  'MISSING_RIGHT',
  'ROLE_GRANT_DENIED',
  'RIGHT_GRANT_DENIED',
  'LAST_SUPER_ADMIN',
  'IMPERSONATION_DENIED',
  'LMS_NOT_AVAILABLE',
  'NOT_FOUND',
  'CONFLICT',
  'STALE_VERSION',
  'ALREADY_EXISTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'LOCKED',
  // Course content (decision 0019): work exists, so close instead; copy into a course with units.
  'HAS_SUBMISSIONS',
  'COPY_TARGET_NOT_EMPTY',
  // Handing in work (decision 0019, Refusals).
  'ALREADY_SUBMITTED',
  'ATTEMPT_NOT_RETURNED',
  'NO_ATTEMPT_LEFT',
  'HAS_WORK',
  // Grading (decision 0019).
  'NOT_RESPONSIBLE',
  'GRADE_CHANGED',
  'GRADE_PUBLISHED',
  'INTERNAL',
  // Learning (decision 0019, Refusals): who may hand in work, and resumable uploads.
  'IMPERSONATING',
  'UNIT_NOT_OPEN',
  'UNIT_CLOSED',
  'ITEM_NOT_OPEN',
  'PAST_CUTOFF',
  'ON_STUDY_BREAK',
  'ENROLMENT_NOT_ACTIVE',
  'UPLOAD_OFFSET',
  'UPLOAD_EXPIRED',
  // Quizzes (decision 0020 §7).
  'QUIZ_NOT_OPEN',
  'QUIZ_CLOSED',
  'QUIZ_TIME_UP',
  'QUIZ_SEQUENTIAL',
  'IN_USE',
  // Web-based trainings (decision 0020 §7).
  'WBT_PACKAGE_INVALID',
  'WBT_LAUNCH_EXPIRED',
  'WBT_ATTEMPT_FINISHED',
  'CONTENT_ORIGIN_OFF',
  // Discussions (decision 0020 §4.2, §7).
  'DISCUSSION_LOCKED',
  'EDIT_WINDOW_PASSED',
  'NOT_MODERATOR',
  'NOT_PARTICIPANT',
  'TOPICS_BY_STAFF',
  'RATE_LIMITED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBodySchema = z.object({
  detail: z.string(),
  code: z.enum(ERROR_CODES),
  fields: z.record(z.string(), z.string()).optional(),
  missingRight: z.string().optional(),
  retryAfterSeconds: z.number().optional(),
  /** A conflict's record as it is now (a grade another grader changed), to show beside yours. */
  current: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
