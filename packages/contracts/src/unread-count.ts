import { z } from 'zod';

/* The header bell's count, apart from the rest of the communication contracts: every signed-in
 * page shows the bell, and this module keeps those pages from loading the others. */

/** How often the header bell asks for the unread count. */
export const UNREAD_POLL_MS = 60_000;

export const unreadCountSchema = z.object({
  total: z.number().int(),
  gradeComments: z.number().int(),
  announcements: z.number().int(),
  undoPublishRequests: z.number().int(),
  discussionReplies: z.number().int(),
  dropoutFlags: z.number().int(),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;
