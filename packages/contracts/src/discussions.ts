import { z } from 'zod';

/** Discussions (decision 0020 §4): forums per course, unit or graded discussion item. */

export const DISCUSSION_TOPICS_BY = ['staff', 'everyone'] as const;
export type DiscussionTopicsBy = (typeof DISCUSSION_TOPICS_BY)[number];

export const discussionSettingsSchema = z.object({
  /** Topics started + replies a learner must write to hand in. */
  minPosts: z.number().int().min(1).max(50).default(1),
  /** Replies to others among them. */
  minReplies: z.number().int().min(0).max(50).default(0),
  minWordsPerPost: z.number().int().min(1).max(2000).nullable().default(null),
  separateClasses: z.boolean().default(true),
  topicsBy: z.enum(DISCUSSION_TOPICS_BY).default('staff'),
});
export type DiscussionSettings = z.infer<typeof discussionSettingsSchema>;

/** How long an author may change a post after posting. */
export const DISCUSSION_EDIT_MINUTES = 30;
/** Posts a person may write in a minute (topics included). */
export const DISCUSSION_POSTS_PER_MINUTE = 10;
/** A thread's page, and a forum's page of topics. */
export const DISCUSSION_POST_PAGE = 30;
export const DISCUSSION_TOPIC_PAGE = 25;
export const DISCUSSION_BODY_MAX = 20_000;

const id = z.number().int().positive();
const iso = z.string();
const person = z.object({ id: z.number().int(), name: z.string() });

const bodySchema = z
  .string()
  .trim()
  .min(1, 'This field must be filled')
  .max(DISCUSSION_BODY_MAX, 'At most 20,000 characters.');
const titleSchema = z
  .string()
  .trim()
  .min(1, 'This field must be filled')
  .max(200, 'At most 200 characters.');

// ---- inputs ----

export const forumCreateSchema = z.object({
  /** null or absent: the course's own forum. */
  unitId: id.nullable().optional(),
  title: titleSchema.optional(),
});
export type ForumCreate = z.infer<typeof forumCreateSchema>;

export const forumUpdateSchema = z.object({
  version: z.number().int().min(1),
  title: titleSchema.optional(),
  isLocked: z.boolean().optional(),
  topicsBy: z.enum(DISCUSSION_TOPICS_BY).optional(),
  separateClasses: z.boolean().optional(),
});
export type ForumUpdate = z.infer<typeof forumUpdateSchema>;

export const topicCreateSchema = z.object({
  clientId: z.uuid(),
  title: titleSchema,
  body: bodySchema,
  /** Staff in a forum with separate classes: the class it is for (null: every class). */
  classId: id.nullable().optional(),
});
export type TopicCreate = z.infer<typeof topicCreateSchema>;

export const topicUpdateSchema = z.object({
  version: z.number().int().min(1),
  title: titleSchema.optional(),
  isPinned: z.boolean().optional(),
  isLocked: z.boolean().optional(),
});
export type TopicUpdate = z.infer<typeof topicUpdateSchema>;

export const postCreateSchema = z.object({
  clientId: z.uuid(),
  /** The post answered; absent: a reply to the opening post. */
  parentId: id.optional(),
  body: bodySchema,
});
export type PostCreate = z.infer<typeof postCreateSchema>;

export const postUpdateSchema = z.object({
  version: z.number().int().min(1),
  body: bodySchema,
});
export type PostUpdate = z.infer<typeof postUpdateSchema>;

export const postRemoveSchema = z.object({
  reason: z.string().trim().max(500, 'At most 500 characters.').optional(),
});
export type PostRemove = z.infer<typeof postRemoveSchema>;

export const readInputSchema = z.union([
  z.object({ postIds: z.array(id).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);
export type ReadInput = z.infer<typeof readInputSchema>;

export const topicsQuerySchema = z.object({
  classId: z.coerce.number().int().positive().optional(),
  /** The `next` of the previous page. */
  after: z.string().max(100).optional(),
});
export type TopicsQuery = z.infer<typeof topicsQuerySchema>;

export const postsQuerySchema = z.object({
  /** The path of the last post seen: the page after it. */
  after: z
    .string()
    .regex(/^[0-9a-z]{1,800}$/)
    .optional(),
  /** A post to open at: 10 before it and 20 after. */
  around: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(DISCUSSION_POST_PAGE),
});
export type PostsQuery = z.infer<typeof postsQuerySchema>;

// ---- views ----

/** What the caller may do in a forum, and why not. */
export const forumMaySchema = z.object({
  post: z.boolean(),
  startTopic: z.boolean(),
  moderate: z.boolean(),
  /** Authors of the course: rename, lock, delete the forum. */
  manage: z.boolean(),
  /** The sentence of the refusal when the caller may not post. */
  why: z.string().nullable(),
});

export const forumSchema = z.object({
  id,
  courseId: id,
  course: z.object({ id, code: z.string(), title: z.string() }),
  unit: z.object({ id, title: z.string() }).nullable(),
  /** A graded discussion's item and its requirement. */
  item: z
    .object({
      id,
      title: z.string(),
      minPosts: z.number().int(),
      minReplies: z.number().int(),
      minWordsPerPost: z.number().int().nullable(),
      dueAt: iso.nullable(),
    })
    .nullable(),
  title: z.string(),
  topicsBy: z.enum(DISCUSSION_TOPICS_BY),
  separateClasses: z.boolean(),
  isLocked: z.boolean(),
  /** The unit is closed: read only. */
  isClosed: z.boolean(),
  version: z.number().int(),
  may: forumMaySchema,
  /** Classes the caller may filter by (staff) or starts topics for. */
  classes: z.array(z.object({ id, name: z.string() })),
  /** The caller's own progress towards a graded discussion's requirement (learners). */
  mine: z
    .object({ posts: z.number().int(), replies: z.number().int(), handedIn: z.boolean() })
    .nullable(),
});
export type Forum = z.infer<typeof forumSchema>;

export const forumSummarySchema = z.object({
  id,
  title: z.string(),
  unit: z.object({ id, title: z.string() }).nullable(),
  itemId: id.nullable(),
  isLocked: z.boolean(),
  topicCount: z.number().int(),
  unread: z.number().int(),
});
export type ForumSummary = z.infer<typeof forumSummarySchema>;

export const courseForumsSchema = z.object({
  forums: z.array(forumSummarySchema),
  /** Units without a forum that the caller may open one for (authors). */
  mayCreate: z.object({
    course: z.boolean(),
    units: z.array(z.object({ id, title: z.string() })),
  }),
});
export type CourseForums = z.infer<typeof courseForumsSchema>;

export const topicSummarySchema = z.object({
  id,
  forumId: id,
  title: z.string(),
  class: z.object({ id, name: z.string() }).nullable(),
  author: person,
  isPinned: z.boolean(),
  isLocked: z.boolean(),
  postCount: z.number().int(),
  unread: z.number().int(),
  lastPostAt: iso,
  subscribed: z.boolean(),
  version: z.number().int(),
});
export type TopicSummary = z.infer<typeof topicSummarySchema>;

export const topicsPageSchema = z.object({
  forum: forumSchema,
  topics: z.array(topicSummarySchema),
  next: z.string().nullable(),
});
export type TopicsPage = z.infer<typeof topicsPageSchema>;

export const postSchema = z.object({
  id,
  topicId: id,
  parentId: id.nullable(),
  depth: z.number().int(),
  path: z.string(),
  author: person,
  /** The author of the post answered (for "Reply to …" past the indentation). */
  replyTo: z.string().nullable(),
  /** null: removed, and the caller is neither its author nor a moderator. */
  body: z.string().nullable(),
  wordCount: z.number().int(),
  createdAt: iso,
  editedAt: iso.nullable(),
  editCount: z.number().int(),
  removed: z.object({ at: iso, reason: z.string().nullable() }).nullable(),
  isUnread: z.boolean(),
  /** Until when the caller may change it (own posts in the window); null: not editable. */
  editableUntil: iso.nullable(),
  version: z.number().int(),
});
export type Post = z.infer<typeof postSchema>;

/** A post's earlier texts, oldest first (moderators and the post's author). */
export const postRevisionsSchema = z.object({
  postId: id,
  revisions: z.array(
    z.object({
      /** The post's version that had this text. */
      version: z.number().int(),
      body: z.string(),
      /** When it was replaced by the next text. */
      replacedAt: iso,
    }),
  ),
});
export type PostRevisions = z.infer<typeof postRevisionsSchema>;

export const postsPageSchema = z.object({
  forum: forumSchema,
  topic: topicSummarySchema,
  posts: z.array(postSchema),
  /** The path to ask `after` for the next page; null at the end. */
  next: z.string().nullable(),
  /** Whether posts come before the first of this page (an `around` page). */
  hasEarlier: z.boolean(),
  /** Whether the caller may moderate this topic. */
  mayModerate: z.boolean(),
});
export type PostsPage = z.infer<typeof postsPageSchema>;

export const topicCreatedSchema = z.object({ topic: topicSummarySchema, post: postSchema });
export type TopicCreated = z.infer<typeof topicCreatedSchema>;

export const readResultSchema = z.object({ unread: z.number().int() });
export const subscriptionSchema = z.object({ subscribed: z.boolean() });
export const itemForumSchema = z.object({ forumId: id });

/** A learner's posts in a graded discussion, for the grader (decision 0020 §4.3). */
export const studentPostsSchema = z.object({
  forumId: id,
  student: person,
  requirement: z.object({
    minPosts: z.number().int(),
    minReplies: z.number().int(),
    posts: z.number().int(),
    replies: z.number().int(),
  }),
  gradedAt: iso.nullable(),
  posts: z.array(
    z.object({
      id,
      topic: z.object({ id, title: z.string() }),
      /** The start of the post answered, if a reply. */
      answers: z.object({ author: z.string(), excerpt: z.string() }).nullable(),
      body: z.string(),
      wordCount: z.number().int(),
      createdAt: iso,
      editedAt: iso.nullable(),
      removed: z.boolean(),
      /** Written after the current grade was saved. */
      afterGrade: z.boolean(),
    }),
  ),
});
export type StudentPosts = z.infer<typeof studentPostsSchema>;
