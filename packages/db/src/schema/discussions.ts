import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DISCUSSION_TOPICS_BY } from '@lantern/contracts/discussions';
import { users } from './people';
import { classes, programmeCourses } from './programmes';
import { learningItems, learningUnits } from './learning';

// Discussions (decision 0020 §4): forums per course, per unit, and one per graded discussion
// item; topics; posts threaded by a materialised path; per-reader read state as a multirange of
// post ids (one row per reader and topic, not one per post read).

const tz = (name: string) => timestamp(name, { withTimezone: true });
const userRef = (name: string) =>
  integer(name).references(() => users.jwlId, { onDelete: 'set null' });

/** PostgreSQL's `int8multirange` (14+), read and written as its text form. */
const int8multirange = customType<{ data: string; driverData: string }>({
  dataType: () => 'int8multirange',
});

export const discussionTopicsByEnum = pgEnum('discussion_topics_by', DISCUSSION_TOPICS_BY);

export const discussionForums = pgTable(
  'discussion_forums',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id').references(() => learningUnits.id, { onDelete: 'cascade' }),
    /** A `discussion` item's own forum. */
    itemId: integer('item_id').references(() => learningItems.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    topicsBy: discussionTopicsByEnum('topics_by').notNull().default('staff'),
    separateClasses: boolean('separate_classes').notNull().default(true),
    isLocked: boolean('is_locked').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    deletedAt: tz('deleted_at'),
  },
  (t) => [
    uniqueIndex('discussion_forums_course_key')
      .on(t.courseId)
      .where(sql`${t.unitId} is null and ${t.itemId} is null and ${t.deletedAt} is null`),
    uniqueIndex('discussion_forums_unit_key')
      .on(t.unitId)
      .where(sql`${t.itemId} is null and ${t.deletedAt} is null`),
    uniqueIndex('discussion_forums_item_key').on(t.itemId),
    check('discussion_forums_title_check', sql`length(${t.title}) between 1 and 200`),
  ],
);

export const discussionTopics = pgTable(
  'discussion_topics',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: uuid('client_id').notNull(),
    forumId: integer('forum_id')
      .notNull()
      .references(() => discussionForums.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    /** null: every class of the course. */
    classId: integer('class_id').references(() => classes.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    isPinned: boolean('is_pinned').notNull().default(false),
    isLocked: boolean('is_locked').notNull().default(false),
    postCount: integer('post_count').notNull().default(0),
    lastPostId: bigint('last_post_id', { mode: 'number' }),
    lastPostAt: tz('last_post_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    createdAt: tz('created_at').notNull().defaultNow(),
    deletedAt: tz('deleted_at'),
  },
  (t) => [
    uniqueIndex('discussion_topics_client_key').on(t.clientId),
    index('discussion_topics_forum_idx')
      .on(t.forumId, t.isPinned.desc(), t.lastPostAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    check('discussion_topics_title_check', sql`length(${t.title}) between 1 and 200`),
  ],
);

export const discussionPosts = pgTable(
  'discussion_posts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: uuid('client_id').notNull(),
    topicId: bigint('topic_id', { mode: 'number' })
      .notNull()
      .references(() => discussionTopics.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    /** null: the topic's opening post. */
    parentId: bigint('parent_id', { mode: 'number' }),
    /** The parent's path + 7 base-36 digits of the id: tree order under the "C" collation. */
    path: text('path').notNull(),
    depth: smallint('depth').notNull().default(0),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    /** Plain text with line breaks. */
    body: text('body').notNull(),
    wordCount: integer('word_count').notNull().default(0),
    editedAt: tz('edited_at'),
    editCount: integer('edit_count').notNull().default(0),
    removedAt: tz('removed_at'),
    removedBy: userRef('removed_by'),
    removedReason: text('removed_reason'),
    version: integer('version').notNull().default(1),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discussion_posts_client_key').on(t.clientId),
    uniqueIndex('discussion_posts_path_key').on(t.topicId, t.path),
    index('discussion_posts_topic_idx').on(t.topicId, t.id),
    index('discussion_posts_author_idx').on(t.authorId, t.courseId, t.createdAt),
    check('discussion_posts_body_check', sql`length(${t.body}) between 1 and 20000`),
  ],
);

export const discussionPostRevisions = pgTable(
  'discussion_post_revisions',
  {
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => discussionPosts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    body: text('body').notNull(),
    editedBy: userRef('edited_by'),
    editedAt: tz('edited_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.version] })],
);

export const discussionReads = pgTable(
  'discussion_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    topicId: bigint('topic_id', { mode: 'number' })
      .notNull()
      .references(() => discussionTopics.id, { onDelete: 'cascade' }),
    /** The ids of the posts seen. */
    readIds: int8multirange('read_ids')
      .notNull()
      .default(sql`'{}'::int8multirange`),
    readCount: integer('read_count').notNull().default(0),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topicId] })],
);

export const discussionSubscriptions = pgTable(
  'discussion_subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    topicId: bigint('topic_id', { mode: 'number' })
      .notNull()
      .references(() => discussionTopics.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.topicId] }),
    index('discussion_subscriptions_topic_idx').on(t.topicId),
  ],
);
