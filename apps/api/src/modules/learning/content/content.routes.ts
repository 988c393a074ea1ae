import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  concentrationSchema,
  courseOutlineSchema,
  itinerarySchema,
  syllabusSchema,
  unitViewSchema,
} from '@lantern/contracts/learning-content';
import { authOf } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { localeParams } from '../../../lib/params';
import * as reading from './reading.service';
import * as pages from './reading-pages.service';
import { authoringRoutes } from './authoring.routes';
import { courseParams, idParam, LMS, unitParams } from './content.params';

/**
 * A page answer with its ETag (the course's content version and what is personal to the
 * reader): a revisit with the same tag is a 304 without the body (decision 0019, "Phones and
 * slow links").
 */
export async function sendTagged<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  tagged: pages.Tagged<T>,
): Promise<T | undefined> {
  void reply.header('etag', tagged.etag).header('cache-control', 'private, no-cache');
  const seen = request.headers['if-none-match'];
  if (seen !== undefined && seen.split(/\s*,\s*/).includes(tagged.etag)) {
    await reply.code(304).send();
    return undefined;
  }
  return tagged.build();
}

/** Course content: reading (this file) and authoring (authoring.routes.ts), decision 0019. */
export async function learningContentRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['learning content'];

  // The programme's id is named `concentration` (as the web route): the lms reaches a programme
  // by its courses (learning-scope), not by the sis programme scope of decision 0006.
  r.get(`${LMS}/concentration/:concentration`, {
    config: { access: { right: 'GENERAL_LMS__DISPLAY' } },
    schema: {
      tags,
      summary:
        'A concentration (programme) as a learner lands on it: its courses with progress, and what is due',
      params: localeParams.extend({ concentration: idParam }),
      response: { 200: concentrationSchema },
    },
    handler: async (request) =>
      reading.getConcentration(deps, authOf(request), request.params.concentration),
  });

  r.get(`${LMS}/concentration/:concentration/itinerary`, {
    config: { access: { right: 'GENERAL_LMS__DISPLAY' } },
    schema: {
      tags,
      summary:
        'The path through a concentration: its courses and units in order, with dates and state',
      params: localeParams.extend({ concentration: idParam }),
      response: { 200: itinerarySchema },
    },
    handler: async (request) =>
      reading.getItinerary(deps, authOf(request), request.params.concentration),
  });

  r.get(`${LMS}/course/:courseId`, {
    config: { access: { right: 'COURSE_DOCUMENT__DISPLAY' } },
    schema: {
      tags,
      summary:
        'A course outline: its units with counts, state and the learner’s progress (ETag; a revisit is a 304)',
      params: courseParams,
      response: { 200: courseOutlineSchema },
    },
    handler: async (request, reply) =>
      sendTagged(
        request,
        reply,
        await pages.getOutline(deps, authOf(request), request.params.courseId),
      ),
  });

  r.get(`${LMS}/course/:courseId/syllabus`, {
    config: { access: { right: 'SYLLABUS__DISPLAY' } },
    schema: {
      tags,
      summary: 'A course’s syllabus (sanitised HTML)',
      params: courseParams,
      response: { 200: syllabusSchema },
    },
    handler: async (request) => reading.getSyllabus(deps, authOf(request), request.params.courseId),
  });

  r.get(`${LMS}/unit/:unitId`, {
    config: { access: { right: 'COURSE_DOCUMENT__DISPLAY' } },
    schema: {
      tags,
      summary:
        'A unit as the caller reads it: a learner’s visible items with their state and their class’s dates (ETag)',
      params: unitParams,
      response: { 200: unitViewSchema },
    },
    handler: async (request, reply) =>
      sendTagged(
        request,
        reply,
        await pages.getUnit(deps, authOf(request), request.params.unitId, false),
      ),
  });

  r.get(`${LMS}/unit/:unitId/preview`, {
    config: { access: { right: 'COURSE_PREVIEW__DISPLAY' } },
    schema: {
      tags,
      summary: 'A unit as a student will see it, drafts included and marked (not for learners)',
      params: unitParams,
      response: { 200: unitViewSchema },
    },
    handler: async (request, reply) =>
      sendTagged(
        request,
        reply,
        await pages.getUnit(deps, authOf(request), request.params.unitId, true),
      ),
  });

  await authoringRoutes(app, deps);
}
