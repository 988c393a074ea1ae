import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  gradeRequestApproveSchema,
  gradeRequestDeclineSchema,
  gradeRequestDetailSchema,
  gradeRequestInputSchema,
  gradeRequestPageSchema,
  gradeRequestQuerySchema,
  gradeRequestWithdrawSchema,
} from '@lantern/contracts/grade-requests';
import { errorBodySchema } from '@lantern/contracts/errors';
import { authOf } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { idParams, localeParams } from '../../../lib/params';
import * as service from './requests.service';
import * as decide from './requests-decide.service';

const tags = ['grade requests'];
const errors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * Undo-publish and grade-change requests (decision 0021 §2.6): asking needs
 * GRADE_CHANGE_REQUEST__CREATE, reading __DISPLAY, deciding __EDIT; rows follow learner reach
 * (the requester always reads their own), else 404.
 */
export async function gradeRequestRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/lms';

  r.post(`${base}/grade-requests`, {
    config: { access: { right: 'GRADE_CHANGE_REQUEST__CREATE' } },
    schema: {
      tags,
      summary:
        'Ask to unpublish a published task grade, or to change a published grade or a final course result',
      params: localeParams,
      body: gradeRequestInputSchema,
      response: { 200: gradeRequestDetailSchema, ...errors },
    },
    handler: async (request) => service.createRequest(deps, authOf(request), request.body),
  });

  r.get(`${base}/grade-requests`, {
    config: { access: { right: 'GRADE_CHANGE_REQUEST__DISPLAY' } },
    schema: {
      tags,
      summary: 'The requests in reach, newest first, with counts per state and open ones per kind',
      params: localeParams,
      querystring: gradeRequestQuerySchema,
      response: { 200: gradeRequestPageSchema },
    },
    handler: async (request) => service.findRequests(deps, authOf(request), request.query),
  });

  r.get(`${base}/grade-request/:id`, {
    config: { access: { right: 'GRADE_CHANGE_REQUEST__DISPLAY' } },
    schema: {
      tags,
      summary:
        'One request with the grade as it is, the ledger events it caused and the certificates it touches',
      params: idParams,
      response: { 200: gradeRequestDetailSchema, 404: errorBodySchema },
    },
    handler: async (request) => service.getRequest(deps, authOf(request), request.params.id),
  });

  r.post(`${base}/grade-request/:id/approve`, {
    config: { access: { right: 'GRADE_CHANGE_REQUEST__EDIT' } },
    schema: {
      tags,
      summary: 'Approve a request: it is applied through the grade ledger at once',
      params: idParams,
      body: gradeRequestApproveSchema,
      response: { 200: gradeRequestDetailSchema, ...errors },
    },
    handler: async (request) =>
      decide.approveRequest(deps, authOf(request), request.params.id, request.body),
  });

  r.post(`${base}/grade-request/:id/decline`, {
    config: { access: { right: 'GRADE_CHANGE_REQUEST__EDIT' } },
    schema: {
      tags,
      summary: 'Decline a request with a note; the grade stays as it is',
      params: idParams,
      body: gradeRequestDeclineSchema,
      response: { 200: gradeRequestDetailSchema, ...errors },
    },
    handler: async (request) =>
      decide.declineRequest(deps, authOf(request), request.params.id, request.body),
  });

  r.post(`${base}/grade-request/:id/withdraw`, {
    config: { access: { right: 'GRADE_CHANGE_REQUEST__CREATE' } },
    schema: {
      tags,
      summary: 'Withdraw one’s own open request',
      params: idParams,
      body: gradeRequestWithdrawSchema,
      response: { 200: gradeRequestDetailSchema, ...errors },
    },
    handler: async (request) =>
      decide.withdrawRequest(deps, authOf(request), request.params.id, request.body),
  });
}
