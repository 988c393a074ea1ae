import { z } from 'zod';
import { emailSchema, requiredText } from './common';
import { NOTIFICATION_TYPES } from './enums';
import { VALIDATION } from './messages';

/** Spec §5: an issue description needs at least 50 characters. */
export const ISSUE_DESCRIPTION_MIN = 50;
export const ISSUE_DESCRIPTION_MAX = 5000;
/** Public tickets one address may send in an hour before it is told to wait. */
export const PUBLIC_TICKET_LIMIT_PER_HOUR = 5;
export { UNREAD_POLL_MS, unreadCountSchema, type UnreadCount } from './unread-count';

export const PRIORITIES = ['low', 'normal', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
const id = z.coerce.number({ error: VALIDATION.number }).int().positive().max(2_147_483_647);

// ── Notifications (spec §3, §7) ──────────────────────────────────────────────

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
  priority: z.enum(PRIORITIES),
  submissionId: z.number().int().nullable(),
  taskId: z.number().int().nullable(),
  announcementId: z.number().int().nullable(),
  undoPublishRequestId: z.number().int().nullable(),
  /** The discussion topic with new posts (`discussion_reply`). */
  topicId: z.number().int().nullable(),
  /** The dropout flag a `dropout_flag` notification is about. */
  dropoutFlagId: z.number().int().nullable(),
  /** What the notification says, for the list. */
  title: z.string(),
  body: z.string().nullable(),
  /** Where it leads inside the app (a path under /en), if anywhere. */
  link: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({ notifications: z.array(notificationSchema) });

export const notificationListQuery = (defaultLimit: number) =>
  z.object({
    limit: z.coerce
      .number({ error: VALIDATION.number })
      .int()
      .min(1)
      .max(100)
      .default(defaultLimit),
    onlyUnread: flag.optional().default(false),
  });

const idList = z.array(id).min(1, VALIDATION.multiSelect).max(1000);

export const gradeCommentReadSchema = z.object({ submissionId: id, isRead: flag });
export const undoPublishReadSchema = z.object({ undoPublishId: id, isRead: flag });
export const announcementReadSchema = z.object({ announcementId: id, isRead: flag });
export const markAnnouncementsSchema = z.object({ announcementIds: idList });
export const markGradeCommentsSchema = z.object({ submissionIds: idList });
export const markUndoPublishSchema = z.object({ undoPublishIds: idList });
export const discussionReplyReadSchema = z.object({ topicId: id, isRead: flag });
export const markDiscussionRepliesSchema = z.object({ topicIds: idList });
export const dropoutFlagReadSchema = z.object({ dropoutFlagId: id, isRead: flag });
export const markDropoutFlagsSchema = z.object({ dropoutFlagIds: idList });
export const markResultSchema = z.object({ updated: z.number().int() });

// ── Announcements ────────────────────────────────────────────────────────────

export const ANNOUNCEMENT_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

const dateTime = z.iso.datetime({ offset: true, error: VALIDATION.date });

export const audienceSchema = z.object({
  everyone: flag.default(false),
  roles: z.array(z.string().min(1).max(60)).max(50).default([]),
  clcIds: z.array(id).max(500).default([]),
  programmeIds: z.array(id).max(500).default([]),
});
export type Audience = z.infer<typeof audienceSchema>;

const announcementFields = z.object({
  title: requiredText(200),
  body: requiredText(5000),
  priority: z.enum(PRIORITIES, { error: VALIDATION.select }).default('normal'),
  audience: audienceSchema,
  publishFrom: dateTime.nullable().optional(),
  publishUntil: dateTime.nullable().optional(),
  /** Publish at once (from publishFrom); otherwise it stays a draft. */
  publish: flag.optional().default(false),
});

function checkAnnouncement(
  value: z.output<typeof announcementFields>,
  ctx: z.RefinementCtx<z.output<typeof announcementFields>>,
): void {
  const a = value.audience;
  if (!a.everyone && a.roles.length + a.clcIds.length + a.programmeIds.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['audience'],
      message: 'Choose who receives it: everyone, or roles, CLCs or programmes.',
    });
  }
  if (
    value.publishFrom &&
    value.publishUntil &&
    new Date(value.publishUntil) <= new Date(value.publishFrom)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['publishUntil'],
      message: 'The end must be after the start.',
    });
  }
}

export const announcementInputSchema = announcementFields.superRefine(checkAnnouncement);
export type AnnouncementInput = z.input<typeof announcementInputSchema>;

export const announcementUpdateSchema = announcementFields
  .extend({ version: z.coerce.number().int().min(1) })
  .superRefine(checkAnnouncement);

export const announcementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  priority: z.enum(PRIORITIES),
  audience: z.object({
    everyone: z.boolean(),
    roles: z.array(z.string()),
    clcIds: z.array(z.number().int()),
    programmeIds: z.array(z.number().int()),
  }),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  publishFrom: z.string().nullable(),
  publishUntil: z.string().nullable(),
  /** When its notifications were last brought in line with it; null while that is pending. */
  deliveredAt: z.string().nullable(),
  received: z.number().int(),
  read: z.number().int(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementQuerySchema = z.object({
  page: z.coerce.number({ error: VALIDATION.number }).int().min(1).default(1),
  limit: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100).default(25),
  q: z.string().trim().max(200).optional(),
  status: z.enum(ANNOUNCEMENT_STATUSES).optional(),
});

export const versionSchema = z.object({ version: z.coerce.number().int().min(1) });

// ── Support issues and public tickets ─────────────────────────────────────────

export const TICKET_KINDS = ['support_issue', 'public_ticket'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];
export const TICKET_STATUSES = ['new', 'in_progress', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  closed: 'Closed',
};

/** The 50-character rule of spec §5, with its text. */
export const issueDescription = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(ISSUE_DESCRIPTION_MIN, VALIDATION.text)
  .max(ISSUE_DESCRIPTION_MAX, `At most ${ISSUE_DESCRIPTION_MAX} characters`);

export const recordedErrorSchema = z.object({
  error: z.string().max(2000),
  page: z.string().max(2000),
  timestamp: z.string().max(40),
});

export const supportIssueInputSchema = z.object({
  issueType: z.string().trim().max(60).optional().default('general'),
  description: issueDescription,
  pageUrl: z.string().trim().max(2000).optional().default(''),
  course: z.string().trim().max(200).optional().default(''),
  errors: z.array(recordedErrorSchema).max(50).optional().default([]),
  userAgent: z.string().max(500).optional().default(''),
});

export const publicTicketInputSchema = z.object({
  name: requiredText(200),
  email: emailSchema,
  subject: requiredText(200),
  description: issueDescription,
  /** Hidden from people; a bot that fills every field fills this one too. */
  website: z.string().max(500).optional().default(''),
});

export const ticketCreatedSchema = z.object({ id: z.number().int(), message: z.string() });

export const ticketReplySchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.string().nullable(),
  createdAt: z.string(),
});

export const ticketListItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TICKET_KINDS),
  status: z.enum(TICKET_STATUSES),
  subject: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  userId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  replies: z.number().int(),
});
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

export const ticketSchema = ticketListItemSchema.extend({
  issueType: z.string().nullable(),
  description: z.string(),
  pageUrl: z.string().nullable(),
  course: z.string().nullable(),
  errors: z.array(recordedErrorSchema),
  userAgent: z.string().nullable(),
  screenshot: z.string().nullable(),
  version: z.number().int(),
  replyList: z.array(ticketReplySchema),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketQuerySchema = z.object({
  page: z.coerce.number({ error: VALIDATION.number }).int().min(1).default(1),
  limit: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(100).default(25),
  q: z.string().trim().max(200).optional(),
  status: z.enum(TICKET_STATUSES).optional(),
  kind: z.enum(TICKET_KINDS).optional(),
});

export const ticketReplyInputSchema = z.object({
  body: requiredText(5000),
  version: z.coerce.number().int().min(1),
});

export const ticketStatusInputSchema = z.object({
  status: z.enum(TICKET_STATUSES, { error: VALIDATION.select }),
  version: z.coerce.number().int().min(1),
});
