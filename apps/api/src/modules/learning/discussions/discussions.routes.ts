import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@lantern/contracts/errors';
import {
  courseForumsSchema,
  forumCreateSchema,
  forumSchema,
  forumUpdateSchema,
  itemForumSchema,
  postCreateSchema,
  postRemoveSchema,
  postRevisionsSchema,
  postSchema,
  postsPageSchema,
  postsQuerySchema,
  postUpdateSchema,
  readInputSchema,
  readResultSchema,
  studentPostsSchema,
  subscriptionSchema,
  topicCreatedSchema,
  topicCreateSchema,
  topicsPageSchema,
  topicsQuerySchema,
  topicSummarySchema,
  topicUpdateSchema,
} from '@lantern/contracts/discussions';
import { authOf } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { localeParams, MAX_ID } from '../../../lib/params';
import * as forums from './forums.service';
import * as posts from './posts.service';
import * as moderation from './posts-moderation.service';
import { getStudentPosts } from './graded.service';

const courseParams = localeParams.extend({
  courseId: z.coerce.number().int().positive().max(MAX_ID),
});
const forumParams = localeParams.extend({
  forumId: z.coerce.number().int().positive().max(MAX_ID),
});
const topicParams = localeParams.extend({
  topicId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
const postParams = localeParams.extend({
  postId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
const itemParams = localeParams.extend({
  itemId: z.coerce.number().int().positive().max(MAX_ID),
});
const studentPostsParams = localeParams.extend({
  itemId: z.coerce.number().int().positive().max(MAX_ID),
  studentId: z.coerce.number().int().positive().max(MAX_ID),
});

const refusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const reading = { access: { right: 'COURSE_DOCUMENT__DISPLAY' as const } };

/** Discussions (decision 0020 §4): forums, topics, threaded posts, read state, grading view. */
export async function discussionRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/lms';
  const tags = ['discussions'];

  r.get(`${base}/course/:courseId/forums`, {
    config: reading,
    schema: {
      tags,
      summary: "A course's forums (course, units, graded discussions) with unread counts",
      params: courseParams,
      response: { 200: courseForumsSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      forums.listCourseForums(deps, authOf(request), request.params.courseId),
  });

  r.post(`${base}/course/:courseId/forums`, {
    config: { access: { right: 'COURSE_DOCUMENT__CREATE' } },
    schema: {
      tags,
      summary: "Opens the course's forum or a unit's (authors)",
      params: courseParams,
      body: forumCreateSchema,
      response: { 200: z.object({ id: z.number().int() }), ...refusals },
    },
    handler: async (request) =>
      forums.createForum(deps, authOf(request), request.params.courseId, request.body),
  });

  r.patch(`${base}/forum/:forumId`, {
    config: { access: { right: 'COURSE_DOCUMENT__EDIT' } },
    schema: {
      tags,
      summary: 'Renames, locks or sets who starts topics in a course or unit forum (authors)',
      params: forumParams,
      body: forumUpdateSchema,
      response: { 200: forumSchema, ...refusals },
    },
    handler: async (request) =>
      forums.updateForum(deps, authOf(request), request.params.forumId, request.body),
  });

  r.delete(`${base}/forum/:forumId`, {
    config: { access: { right: 'COURSE_DOCUMENT__DELETE' } },
    schema: {
      tags,
      summary: 'Deletes a course or unit forum without topics (authors)',
      params: forumParams,
      response: { 204: z.null(), ...refusals },
    },
    handler: async (request, reply) => {
      await forums.deleteForum(deps, authOf(request), request.params.forumId);
      return reply.code(204).send(null);
    },
  });

  r.get(`${base}/forum/:forumId/topics`, {
    config: reading,
    schema: {
      tags,
      summary: "A forum's topics, pinned first, 25 a page, with the caller's unread counts",
      params: forumParams,
      querystring: topicsQuerySchema,
      response: { 200: topicsPageSchema, 400: errorBodySchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      forums.getTopics(deps, authOf(request), request.params.forumId, request.query),
  });

  r.post(`${base}/forum/:forumId/topics`, {
    config: reading,
    schema: {
      tags,
      summary: 'Starts a topic with its opening post (the same clientId again answers it)',
      params: forumParams,
      body: topicCreateSchema,
      response: { 200: topicCreatedSchema, ...refusals, 429: errorBodySchema },
    },
    handler: async (request) =>
      posts.createTopic(deps, authOf(request), request.params.forumId, request.body),
  });

  r.get(`${base}/discussion/:itemId/forum`, {
    config: reading,
    schema: {
      tags,
      summary: "A graded discussion item's forum",
      params: itemParams,
      response: { 200: itemForumSchema, 404: errorBodySchema },
    },
    handler: async (request) => forums.getItemForum(deps, authOf(request), request.params.itemId),
  });

  r.get(`${base}/topic/:topicId/posts`, {
    config: reading,
    schema: {
      tags,
      summary: 'A page of a thread in tree order: after a path, or around a post',
      params: topicParams,
      querystring: postsQuerySchema,
      response: { 200: postsPageSchema, 400: errorBodySchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      posts.getPosts(deps, authOf(request), request.params.topicId, request.query),
  });

  r.post(`${base}/topic/:topicId/posts`, {
    config: reading,
    schema: {
      tags,
      summary: 'Replies in a topic (the same clientId again answers the stored post)',
      params: topicParams,
      body: postCreateSchema,
      response: { 200: postSchema, ...refusals, 429: errorBodySchema },
    },
    handler: async (request) =>
      posts.createPost(deps, authOf(request), request.params.topicId, request.body),
  });

  r.patch(`${base}/topic/:topicId`, {
    config: reading,
    schema: {
      tags,
      summary: 'Renames, pins or locks a topic (moderators)',
      params: topicParams,
      body: topicUpdateSchema,
      response: { 200: topicSummarySchema, ...refusals },
    },
    handler: async (request) =>
      moderation.updateTopic(deps, authOf(request), request.params.topicId, request.body),
  });

  r.put(`${base}/topic/:topicId/read`, {
    config: reading,
    schema: {
      tags,
      summary: 'Marks posts of a topic read (or all of them) for the caller',
      params: topicParams,
      body: readInputSchema,
      response: { 200: readResultSchema, 400: errorBodySchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      moderation.markRead(
        deps,
        authOf(request),
        request.params.topicId,
        'all' in request.body ? null : request.body.postIds,
      ),
  });

  r.put(`${base}/topic/:topicId/subscription`, {
    config: reading,
    schema: {
      tags,
      summary: 'Follows a topic: new posts in it notify the caller',
      params: topicParams,
      response: { 200: subscriptionSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      moderation.setSubscribed(deps, authOf(request), request.params.topicId, true),
  });

  r.delete(`${base}/topic/:topicId/subscription`, {
    config: reading,
    schema: {
      tags,
      summary: 'Stops following a topic',
      params: topicParams,
      response: { 200: subscriptionSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      moderation.setSubscribed(deps, authOf(request), request.params.topicId, false),
  });

  r.patch(`${base}/post/:postId`, {
    config: reading,
    schema: {
      tags,
      summary: 'Changes one’s own post within 30 minutes of posting (a revision is kept)',
      params: postParams,
      body: postUpdateSchema,
      response: { 200: postSchema, ...refusals },
    },
    handler: async (request) =>
      moderation.updatePost(deps, authOf(request), request.params.postId, request.body),
  });

  r.post(`${base}/post/:postId/remove`, {
    config: reading,
    schema: {
      tags,
      summary: 'Removes a post; it stays in the thread as removed (moderators)',
      params: postParams,
      body: postRemoveSchema,
      response: { 200: postSchema, ...refusals },
    },
    handler: async (request) =>
      moderation.setRemoved(deps, authOf(request), request.params.postId, true, request.body),
  });

  r.post(`${base}/post/:postId/restore`, {
    config: reading,
    schema: {
      tags,
      summary: 'Restores a removed post (moderators)',
      params: postParams,
      response: { 200: postSchema, ...refusals },
    },
    handler: async (request) =>
      moderation.setRemoved(deps, authOf(request), request.params.postId, false, {}),
  });

  r.get(`${base}/post/:postId/revisions`, {
    config: reading,
    schema: {
      tags,
      summary: "A post's earlier texts (moderators of its class and its author)",
      params: postParams,
      response: { 200: postRevisionsSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      moderation.getRevisions(deps, authOf(request), request.params.postId),
  });

  r.get(`${base}/discussion/:itemId/student/:studentId/posts`, {
    config: { access: { right: 'SUBMISSION__DISPLAY' } },
    schema: {
      tags,
      summary: "A learner's posts in a graded discussion with the requirement, for grading",
      params: studentPostsParams,
      response: { 200: studentPostsSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      getStudentPosts(deps, authOf(request), request.params.itemId, request.params.studentId),
  });
}
