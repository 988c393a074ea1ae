import { sql } from 'drizzle-orm';
import { dropoutFlags } from './dropout';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ANNOUNCEMENT_STATUSES,
  PRIORITIES,
  TICKET_KINDS,
  TICKET_STATUSES,
} from '@lantern/contracts/communication';
import { NOTIFICATION_TYPES } from '@lantern/contracts/enums';
import { users } from './people';
import { files } from './operations';
import { gradeRequests } from './learning';

export const notificationTypeEnum = pgEnum('notification_type', NOTIFICATION_TYPES);
export const priorityEnum = pgEnum('priority', PRIORITIES);
export const announcementStatusEnum = pgEnum('announcement_status', ANNOUNCEMENT_STATUSES);
export const ticketKindEnum = pgEnum('ticket_kind', TICKET_KINDS);
export const ticketStatusEnum = pgEnum('ticket_status', TICKET_STATUSES);

/**
 * An announcement to an audience. The audience's parts narrow each other (roles and CLCs and
 * programmes); an empty part does not narrow; `everyone` needs no part at all.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    priority: priorityEnum('priority').notNull().default('normal'),
    audienceEveryone: boolean('audience_everyone').notNull().default(false),
    audienceRoles: text('audience_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    audienceClcIds: integer('audience_clc_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    audienceProgrammeIds: integer('audience_programme_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    status: announcementStatusEnum('status').notNull().default('draft'),
    publishFrom: timestamp('publish_from', { withTimezone: true }),
    publishUntil: timestamp('publish_until', { withTimezone: true }),
    /** When its notifications were last brought in line with it; null while that is pending. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.jwlId, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('announcements_pending_idx')
      .on(t.publishFrom)
      .where(sql`${t.status} = 'published' and ${t.deliveredAt} is null`),
    index('announcements_created_idx').on(t.createdAt),
  ],
);

/**
 * One table for every notification type of spec §3. Announcement notifications take their
 * title and body from the announcement (an edit shows at once); the others carry their own.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    type: notificationTypeEnum('type').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    priority: priorityEnum('priority').notNull().default('normal'),
    submissionId: bigint('submission_id', { mode: 'number' }),
    taskId: integer('task_id'),
    announcementId: integer('announcement_id').references(() => announcements.id, {
      onDelete: 'cascade',
    }),
    undoPublishRequestId: integer('undo_publish_request_id').references(() => gradeRequests.id, {
      onDelete: 'cascade',
    }),
    /** A discussion topic with new posts (`discussion_reply`). */
    topicId: bigint('topic_id', { mode: 'number' }),
    /** A student newly flagged for dropout (`dropout_flag`, decision 0021 §3.5). */
    dropoutFlagId: bigint('dropout_flag_id', { mode: 'number' }).references(() => dropoutFlags.id, {
      onDelete: 'cascade',
    }),
    title: text('title'),
    body: text('body'),
    link: text('link'),
    /** An announcement's end: past it the notification no longer shows or counts. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_type_idx').on(t.userId, t.type, t.createdAt, t.id),
    // The bell's count: only unread rows, so it stays small however many are read.
    index('notifications_unread_idx')
      .on(t.userId, t.type, t.expiresAt)
      .where(sql`${t.isRead} = false`),
    // One notification per announcement and user; also the index of an announcement's reach.
    uniqueIndex('notifications_announcement_user_key')
      .on(t.announcementId, t.userId)
      .where(sql`${t.announcementId} is not null`),
    index('notifications_submission_idx')
      .on(t.submissionId)
      .where(sql`${t.submissionId} is not null`),
    // One grade-comment notification per graded attempt and learner: a later change updates it.
    uniqueIndex('notifications_grade_comment_key')
      .on(t.submissionId, t.userId)
      .where(sql`${t.type} = 'grade_comment'`),
    // One request notification per request and user: a decision rewrites it, so a retried
    // approve notifies nobody twice (decision 0021 §2.5).
    uniqueIndex('notifications_undo_publish_request_key')
      .on(t.undoPublishRequestId, t.userId)
      .where(sql`${t.type} = 'undo_publish_request'`),
    // One discussion notification per topic and follower: a new post updates it. Only
    // `discussion_reply` rows carry a topic (the predicate cannot name a value its own
    // migration adds).
    uniqueIndex('notifications_topic_user_key')
      .on(t.topicId, t.userId)
      .where(sql`${t.topicId} is not null`),
    // One notification per new flag and assignee: a re-run of the evaluation adds none.
    uniqueIndex('notifications_dropout_flag_user_key')
      .on(t.dropoutFlagId, t.userId)
      .where(sql`${t.dropoutFlagId} is not null`),
  ],
);

/** Support issues of signed-in users and public tickets of anyone, in one helpdesk queue. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    kind: ticketKindEnum('kind').notNull(),
    status: ticketStatusEnum('status').notNull().default('new'),
    /** The signed-in sender of a support issue; null for a public ticket. */
    userId: integer('user_id').references(() => users.jwlId, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email'),
    subject: text('subject').notNull(),
    issueType: text('issue_type'),
    description: text('description').notNull(),
    pageUrl: text('page_url'),
    course: text('course'),
    /** The error list the app recorded (spec §3 store state): error, page address, timestamp. */
    errors: jsonb('errors')
      .notNull()
      .default(sql`'[]'::jsonb`),
    userAgent: text('user_agent'),
    screenshotFileId: uuid('screenshot_file_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    /** The sender's address, for the public limit. */
    ip: text('ip'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_tickets_status_idx').on(t.status, t.id),
    index('support_tickets_ip_idx').on(t.ip, t.createdAt),
    index('support_tickets_user_idx').on(t.userId),
  ],
);

/** Replies of the helpdesk, each mailed to the sender. */
export const supportTicketReplies = pgTable(
  'support_ticket_replies',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.jwlId, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_ticket_replies_ticket_idx').on(t.ticketId),
    index('support_ticket_replies_author_idx').on(t.authorId),
  ],
);
