import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementReadSchema,
  discussionReplyReadSchema,
  dropoutFlagReadSchema,
  markDropoutFlagsSchema,
  markDiscussionRepliesSchema,
  gradeCommentReadSchema,
  markAnnouncementsSchema,
  markGradeCommentsSchema,
  markResultSchema,
  markUndoPublishSchema,
  notificationListQuery,
  notificationListSchema,
  undoPublishReadSchema,
  unreadCountSchema,
} from '@lantern/contracts/communication';
import { NOTIFICATION_LIMITS } from '@lantern/contracts/constants';
import type { NotificationType } from '@lantern/contracts/enums';
import { errorBodySchema } from '@lantern/contracts/errors';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { MAX_ID, localeParams } from '../../lib/params';
import * as service from './notifications.service';

/** A user's own notifications: the calls of spec §7, and the bell's unread count. */
export async function notificationRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/notifications';
  const tags = ['notifications'];
  const signedIn = { access: 'signedIn' as const };
  const marked = { 200: markResultSchema, 400: errorBodySchema, 404: errorBodySchema };

  const lists: [string, NotificationType, number][] = [
    ['grade-comments', 'grade_comment', NOTIFICATION_LIMITS.gradeComments],
    ['announcements', 'announcement', NOTIFICATION_LIMITS.announcements],
    ['undo-publish-requests', 'undo_publish_request', NOTIFICATION_LIMITS.undoPublishRequests],
    ['discussion-replies', 'discussion_reply', NOTIFICATION_LIMITS.discussionReplies],
    ['dropout-flags', 'dropout_flag', NOTIFICATION_LIMITS.dropoutFlags],
  ];
  for (const [path, type, limit] of lists) {
    r.get(`${base}/${path}`, {
      config: signedIn,
      schema: {
        tags,
        summary: `Your ${path.replaceAll('-', ' ')} notifications, newest first (limit ${limit} by default)`,
        params: localeParams,
        querystring: notificationListQuery(limit),
        response: { 200: notificationListSchema },
      },
      handler: async (request) => ({
        notifications: await service.listNotifications(deps, authOf(request), type, request.query),
      }),
    });

    r.post(`${base}/${path}/mark-all-read`, {
      config: signedIn,
      schema: {
        tags,
        summary: `Marks all your ${path.replaceAll('-', ' ')} notifications read`,
        params: localeParams,
        response: { 200: markResultSchema },
      },
      handler: async (request) => service.markAllRead(deps, authOf(request), type),
    });
  }

  r.get(`${base}/unread-count`, {
    config: signedIn,
    schema: {
      tags,
      summary: 'How many of your notifications are unread, by type (for the header bell)',
      params: localeParams,
      response: { 200: unreadCountSchema },
    },
    handler: async (request) => service.unreadCount(deps, authOf(request)),
  });

  r.get(`${base}/:submissionId/grade-comment-notifications`, {
    config: signedIn,
    schema: {
      tags,
      summary: 'Your grade-comment notifications of one submission',
      params: localeParams.extend({ submissionId: z.coerce.number().int().positive().max(MAX_ID) }),
      response: { 200: notificationListSchema },
    },
    handler: async (request) => ({
      notifications: await service.listNotifications(deps, authOf(request), 'grade_comment', {
        limit: 100,
        onlyUnread: false,
        submissionId: request.params.submissionId,
      }),
    }),
  });

  r.post(`${base}/read`, {
    config: signedIn,
    schema: {
      tags,
      summary: 'Marks your grade-comment notifications of a submission read or unread',
      params: localeParams,
      body: gradeCommentReadSchema,
      response: marked,
    },
    handler: async (request) =>
      service.markRead(
        deps,
        authOf(request),
        'grade_comment',
        [request.body.submissionId],
        request.body.isRead,
      ),
  });

  r.post(`${base}/undo-publish-requests/read`, {
    config: signedIn,
    schema: {
      tags,
      summary: 'Marks your notification of an undo-publish request read or unread',
      params: localeParams,
      body: undoPublishReadSchema,
      response: marked,
    },
    handler: async (request) =>
      service.markRead(
        deps,
        authOf(request),
        'undo_publish_request',
        [request.body.undoPublishId],
        request.body.isRead,
      ),
  });

  r.post(`${base}/announcements/read`, {
    config: signedIn,
    schema: {
      tags,
      summary: 'Marks your notification of an announcement read or unread',
      params: localeParams,
      body: announcementReadSchema,
      response: marked,
    },
    handler: async (request) =>
      service.markRead(
        deps,
        authOf(request),
        'announcement',
        [request.body.announcementId],
        request.body.isRead,
      ),
  });

  r.post(`${base}/announcements/mark-read`, {
    config: signedIn,
    schema: {
      tags,
      summary: 'Marks your notifications of these announcements read',
      params: localeParams,
      body: markAnnouncementsSchema,
      response: marked,
    },
    handler: async (request) =>
      service.markRead(deps, authOf(request), 'announcement', request.body.announcementIds),
  });

  r.post(`${base}/discussion-replies/read`, {
    config: signedIn,
    schema: {
      tags,
      summary: 'Marks your notification of new posts in a discussion topic read or unread',
      params: localeParams,
      body: discussionReplyReadSchema,
      response: marked,
    },
    handler: async (request) =>
      service.markRead(
        deps,
        authOf(request),
        'discussion_reply',
        [request.body.topicId],
        request.body.isRead,
      ),
  });

  r.post(`${base}/dropout-flags/read`, {
    config: signedIn,
    schema: {
      tags,
      summary: 'Marks your notification of a student flagged for dropout read or unread',
      params: localeParams,
      body: dropoutFlagReadSchema,
      response: marked,
    },
    handler: async (request) =>
      service.markRead(
        deps,
        authOf(request),
        'dropout_flag',
        [request.body.dropoutFlagId],
        request.body.isRead,
      ),
  });

  r.post(`${base}/dropout-flags/mark-read`, {
    config: signedIn,
    schema: {
      tags,
      summary: 'Marks your notifications of these dropout flags read',
      params: localeParams,
      body: markDropoutFlagsSchema,
      response: marked,
    },
    handler: async (request) =>
      service.markRead(deps, authOf(request), 'dropout_flag', request.body.dropoutFlagIds),
  });

  r.post(`${base}/discussion-replies/mark-read`, {
    config: signedIn,
    schema: {
      tags,
      summary: 'Marks your notifications of these discussion topics read',
      params: localeParams,
      body: markDiscussionRepliesSchema,
      response: marked,
    },
    handler: async (request) =>
      service.markRead(deps, authOf(request), 'discussion_reply', request.body.topicIds),
  });

  r.post(`${base}/grade-comments/mark-read`, {
    config: signedIn,
    schema: {
      tags,
      summary: 'Marks your grade-comment notifications of these submissions read',
      params: localeParams,
      body: markGradeCommentsSchema,
      response: marked,
    },
    handler: async (request) =>
      service.markRead(deps, authOf(request), 'grade_comment', request.body.submissionIds),
  });

  r.post(`${base}/undo-publish-requests/mark-read`, {
    config: signedIn,
    schema: {
      tags,
      summary: 'Marks your notifications of these undo-publish requests read',
      params: localeParams,
      body: markUndoPublishSchema,
      response: marked,
    },
    handler: async (request) =>
      service.markRead(deps, authOf(request), 'undo_publish_request', request.body.undoPublishIds),
  });
}
