import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@lantern/contracts/errors';
import {
  attemptSchema,
  draftInputSchema,
  lmsHomeSchema,
  markDoneInputSchema,
  markDoneResultSchema,
  myGradesQuerySchema,
  myGradesSchema,
  myProgressSchema,
  myWorkSchema,
  submitInputSchema,
} from '@lantern/contracts/learning-work';
import { authOf } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { localeParams, MAX_ID } from '../../../lib/params';
import * as service from './work.service';
import * as done from './work-done.service';
import * as pages from './learner-pages.service';

const itemParams = localeParams.extend({
  itemId: z.coerce.number().int().positive().max(MAX_ID),
});

const refusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** A learner's work: marking done, drafts, hand-ins, their home, grades and progress (0019). */
export async function learningWorkRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/lms';
  const tags = ['learning'];

  r.put(`${base}/item/:itemId/done`, {
    config: { access: { right: 'SUBMISSION__CREATE' } },
    schema: {
      tags,
      summary: 'Marks a resource done (a resend changes nothing)',
      params: itemParams,
      body: markDoneInputSchema,
      response: { 200: markDoneResultSchema, ...refusals },
    },
    handler: async (request) =>
      done.setDone(
        deps,
        authOf(request),
        request.params.itemId,
        true,
        request.body?.clientEventId ?? null,
      ),
  });

  r.delete(`${base}/item/:itemId/done`, {
    config: { access: { right: 'SUBMISSION__CREATE' } },
    schema: {
      tags,
      summary: 'Takes back the mark that a resource is done',
      params: itemParams,
      response: { 200: markDoneResultSchema, ...refusals },
    },
    handler: async (request) =>
      done.setDone(deps, authOf(request), request.params.itemId, false, null),
  });

  r.get(`${base}/task/:itemId/my-work`, {
    config: { access: { right: 'COURSE_TASK__DISPLAY' } },
    schema: {
      tags,
      summary:
        'A task as its learner sees it: own attempts with files and published decisions, and why one cannot hand in now',
      params: itemParams,
      response: { 200: myWorkSchema, 404: errorBodySchema },
    },
    handler: async (request) => service.getMyWork(deps, authOf(request), request.params.itemId),
  });

  r.put(`${base}/task/:itemId/draft`, {
    config: { access: { right: 'SUBMISSION__CREATE' } },
    schema: {
      tags,
      summary:
        'Saves the draft of the current attempt (text, or files by upload or file id) at the version the device saw',
      params: itemParams,
      body: draftInputSchema,
      response: { 200: attemptSchema, ...refusals, 413: errorBodySchema, 415: errorBodySchema },
    },
    handler: async (request) =>
      service.saveDraft(deps, authOf(request), request.params.itemId, request.body),
  });

  r.post(`${base}/task/:itemId/submit`, {
    config: { access: { right: 'SUBMISSION__CREATE' } },
    schema: {
      tags,
      summary: 'Hands in the draft (the same clientId again answers the stored result)',
      params: itemParams,
      body: submitInputSchema,
      response: { 200: attemptSchema, ...refusals },
    },
    handler: async (request) =>
      service.submit(deps, authOf(request), request.params.itemId, request.body),
  });

  r.get(`${base}/home`, {
    config: { access: { right: 'GENERAL_LMS__DISPLAY' } },
    schema: {
      tags,
      summary:
        'The lms home: own concentrations with progress, due in 14 days, latest grades, announcements, a study break; staff: their classes and courses',
      params: localeParams,
      response: { 200: lmsHomeSchema },
    },
    handler: async (request) => pages.getHome(deps, authOf(request)),
  });

  r.get(`${base}/my-grades`, {
    config: { access: { right: 'GENERAL_LMS__DISPLAY' } },
    schema: {
      tags,
      summary: 'Own published grades and comments, by date or course, 25 a page',
      params: localeParams,
      querystring: myGradesQuerySchema,
      response: { 200: myGradesSchema },
    },
    handler: async (request) => pages.getMyGrades(deps, authOf(request), request.query),
  });

  r.get(`${base}/my-progress`, {
    config: { access: { right: 'GENERAL_LMS__DISPLAY' } },
    schema: {
      tags,
      summary: 'Own progress per concentration, course and unit',
      params: localeParams,
      response: { 200: myProgressSchema },
    },
    handler: async (request) => pages.getMyProgress(deps, authOf(request)),
  });
}
