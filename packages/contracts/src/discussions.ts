import { z } from 'zod';

/** Discussions (decision 0020 §4): forums per course, unit or graded discussion item. */

export const discussionSettingsSchema = z.object({
  /** Topics started + replies a learner must write to hand in. */
  minPosts: z.number().int().min(1).max(50).default(1),
  /** Replies to others among them. */
  minReplies: z.number().int().min(0).max(50).default(0),
  minWordsPerPost: z.number().int().min(1).max(2000).nullable().default(null),
  separateClasses: z.boolean().default(true),
  topicsBy: z.enum(['staff', 'everyone']).default('staff'),
});
export type DiscussionSettings = z.infer<typeof discussionSettingsSchema>;
