import { z } from 'zod';
import { USER_STATUSES } from './enums';
import { VALIDATION } from './messages';

/** What an administrator can do to many accounts at once (page `security-actions`). */
export const SECURITY_ACTIONS = [
  'lock',
  'unlock',
  'force_password_reset',
  'revoke_sessions',
  'remove_role',
] as const;
export type SecurityAction = (typeof SECURITY_ACTIONS)[number];

export const SECURITY_ACTION_LABELS: Record<SecurityAction, string> = {
  lock: 'Lock accounts',
  unlock: 'Unlock accounts',
  force_password_reset: 'Force a password reset',
  revoke_sessions: 'Sign out everywhere',
  remove_role: 'Remove a role',
};

/** The most JWL-IDs one list selection takes. */
export const SECURITY_IDS_MAX = 10_000;

export const SIGNED_IN_FILTERS = ['never', 'before', 'since'] as const;

export const securitySelectionSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('filter'),
    role: z.string().trim().min(1).max(60).optional(),
    clc: z.number().int().positive().optional(),
    status: z.enum(USER_STATUSES).optional(),
    /** Last sign-in: never, before a date, or since a date. */
    signedIn: z.enum(SIGNED_IN_FILTERS).optional(),
    date: z.iso.date({ error: VALIDATION.date }).optional(),
  }),
  z.object({
    mode: z.literal('ids'),
    ids: z
      .array(z.number().int().positive().max(2_147_483_647))
      .min(1, VALIDATION.required)
      .max(SECURITY_IDS_MAX, `At most ${String(SECURITY_IDS_MAX)} JWL-IDs at once`),
  }),
]);
export type SecuritySelection = z.infer<typeof securitySelectionSchema>;

export const securityActionInputSchema = z.object({
  action: z.enum(SECURITY_ACTIONS),
  /** The role to take away, for `remove_role`. */
  roleKey: z.string().trim().min(1).max(60).optional(),
  selection: securitySelectionSchema,
  reason: z.string().trim().max(500).optional(),
});
export type SecurityActionInput = z.infer<typeof securityActionInputSchema>;

export const securityRunInputSchema = securityActionInputSchema.extend({
  /** The number the preview showed: the run refuses when the selection has changed since. */
  expectedCount: z.number().int().min(0),
});
export type SecurityRunInput = z.infer<typeof securityRunInputSchema>;

export const securityPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  status: z.string(),
  lastSignInAt: z.string().nullable(),
});

export const securitySkipSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  reason: z.string(),
});

export const securityPreviewSchema = z.object({
  /** People the selection finds (with unknown JWL-IDs of a list). */
  matched: z.number().int(),
  /** People the action would change. */
  affected: z.number().int(),
  examples: z.array(securityPersonSchema),
  skippedCount: z.number().int(),
  /** The first hundred people left out, each with why. */
  skipped: z.array(securitySkipSchema),
});
export type SecurityPreview = z.infer<typeof securityPreviewSchema>;

export const securityRunSchema = z.object({
  affected: z.number().int(),
  skippedCount: z.number().int(),
  skipped: z.array(securitySkipSchema),
});
export type SecurityRun = z.infer<typeof securityRunSchema>;

export const SECURITY_TEXTS = {
  roleRequired: 'Choose the role to remove.',
  dateRequired: 'Choose the date for the last sign-in.',
  nothing: 'The selection finds nobody to change.',
  changed: (now: number, expected: number) =>
    `The selection has changed since the preview: ${String(now)} people would be changed now, not ${String(expected)}. Preview again.`,
  self: 'This is you: change your own account on your profile.',
  removed: 'Removed or merged.',
  unknown: 'No such person.',
  superAdmin: 'A super admin; only a super admin can change them.',
  alreadyLocked: 'Already locked.',
  notLocked: 'Not locked.',
  noEmail: 'No e-mail address to send the link to.',
  noSessions: 'Not signed in anywhere.',
  noRole: 'Does not hold this role.',
} as const;
