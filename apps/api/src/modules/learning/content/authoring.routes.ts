import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  classDatesInputSchema,
  copyFromInputSchema,
  copyResultSchema,
  copySourcesSchema,
  courseAuthoringSchema,
  createdSchema,
  itemDetailSchema,
  orderInputSchema,
  resourceInputSchema,
  resourceUpdateSchema,
  savedSchema,
  syllabusInputSchema,
  taskInputSchema,
  taskUpdateSchema,
  unitInputSchema,
  unitUpdateSchema,
  versionInputSchema,
  versionQuerySchema,
} from '@lantern/contracts/learning-content';
import type { Right } from '@lantern/contracts/rights';
import { authOf } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { localeParams } from '../../../lib/params';
import { courseParams, idParam, itemParams, LMS, unitParams } from './content.params';
import * as units from './units.service';
import * as items from './items.service';
import * as itemDetail from './items-detail.service';
import * as copy from './copy.service';

/** Authoring of course content (decision 0019, "Routes"): every write raises the course's
 * content version, carries the row's version (409 when stale) and is refused out of
 * authoring reach as "not found". */
export async function authoringRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['learning authoring'];
  const access = (right: Right) => ({ access: { right } });

  r.get(`${LMS}/course/:courseId/authoring`, {
    config: access('COURSE_DOCUMENT__EDIT'),
    schema: {
      tags,
      summary: 'A course as its authors see it: every unit and item, drafts included',
      params: courseParams,
      response: { 200: courseAuthoringSchema },
    },
    handler: async (request) => units.getAuthoring(deps, authOf(request), request.params.courseId),
  });

  r.get(`${LMS}/item/:itemId/authoring`, {
    config: access('COURSE_DOCUMENT__EDIT'),
    schema: {
      tags,
      summary: 'An item as its author edits it, with its class dates',
      params: itemParams,
      response: { 200: itemDetailSchema },
    },
    handler: async (request) =>
      itemDetail.getItemDetail(deps, authOf(request), request.params.itemId),
  });

  r.put(`${LMS}/course/:courseId/syllabus`, {
    config: access('SYLLABUS__EDIT'),
    schema: {
      tags,
      summary: 'Saves a course’s syllabus (sanitised) at the course’s content version',
      params: courseParams,
      body: syllabusInputSchema,
      response: { 200: savedSchema },
    },
    handler: async (request) =>
      units.updateSyllabus(deps, authOf(request), request.params.courseId, request.body),
  });

  r.post(`${LMS}/course/:courseId/units`, {
    config: access('COURSE_DOCUMENT__CREATE'),
    schema: {
      tags,
      summary: 'Adds a unit (a draft) at the end of a course',
      params: courseParams,
      body: unitInputSchema,
      response: { 200: createdSchema },
    },
    handler: async (request) =>
      units.createUnit(deps, authOf(request), request.params.courseId, request.body),
  });

  r.patch(`${LMS}/unit/:unitId`, {
    config: access('COURSE_DOCUMENT__EDIT'),
    schema: {
      tags,
      summary: 'Renames a unit or changes its summary or opening date',
      params: unitParams,
      body: unitUpdateSchema,
      response: { 200: savedSchema },
    },
    handler: async (request) =>
      units.updateUnit(deps, authOf(request), request.params.unitId, request.body),
  });

  r.delete(`${LMS}/unit/:unitId`, {
    config: access('COURSE_DOCUMENT__DELETE'),
    schema: {
      tags,
      summary: 'Removes a unit and its items (refused once there is work in it: close it instead)',
      params: unitParams,
      querystring: versionQuerySchema,
      response: { 200: savedSchema },
    },
    handler: async (request) =>
      units.deleteUnit(deps, authOf(request), request.params.unitId, request.query.version),
  });

  r.put(`${LMS}/course/:courseId/unit-order`, {
    config: access('COURSE_DOCUMENT__EDIT'),
    schema: {
      tags,
      summary: 'Orders a course’s units (every unit once), at the course’s content version',
      params: courseParams,
      body: orderInputSchema,
      response: { 200: savedSchema },
    },
    handler: async (request) =>
      units.orderUnits(deps, authOf(request), request.params.courseId, request.body),
  });

  r.put(`${LMS}/unit/:unitId/item-order`, {
    config: access('COURSE_DOCUMENT__EDIT'),
    schema: {
      tags,
      summary: 'Orders a unit’s items (every item once), at the course’s content version',
      params: unitParams,
      body: orderInputSchema,
      response: { 200: savedSchema },
    },
    handler: async (request) =>
      units.orderItems(deps, authOf(request), request.params.unitId, request.body),
  });

  const transitions = [
    ['publish', 'UNIT__PUBLISH', 'Publishes a draft unit and its items'],
    ['unpublish', 'UNIT__PUBLISH', 'Takes a unit back to draft (refused once there is work in it)'],
    ['close', 'UNIT__CLOSE', 'Closes a unit: learners still read it, and hand in nothing more'],
    ['reopen', 'UNIT__CLOSE', 'Reopens a closed unit'],
  ] as const;
  for (const [transition, right, summary] of transitions) {
    r.post(`${LMS}/unit/:unitId/${transition}`, {
      config: access(right),
      schema: {
        tags,
        summary,
        params: unitParams,
        body: versionInputSchema,
        response: { 200: savedSchema },
      },
      handler: async (request) =>
        units.transitionUnit(
          deps,
          authOf(request),
          request.params.unitId,
          transition,
          request.body.version,
        ),
    });
  }

  for (const publish of [true, false]) {
    r.post(`${LMS}/item/:itemId/${publish ? 'publish' : 'unpublish'}`, {
      config: access('UNIT__PUBLISH'),
      schema: {
        tags,
        summary: publish
          ? 'Publishes an item (shown once its unit is published)'
          : 'Takes an item back to draft (refused once there is work on it)',
        params: itemParams,
        body: versionInputSchema,
        response: { 200: savedSchema },
      },
      handler: async (request) =>
        items.publishItem(
          deps,
          authOf(request),
          request.params.itemId,
          publish,
          request.body.version,
        ),
    });
  }

  r.post(`${LMS}/unit/:unitId/resources`, {
    config: access('COURSE_DOCUMENT__CREATE'),
    schema: {
      tags,
      summary:
        'Adds a resource (text, a course document, a link or a video of an allowed host) as a draft',
      params: unitParams,
      body: resourceInputSchema,
      response: { 200: createdSchema },
    },
    handler: async (request) =>
      items.createResource(deps, authOf(request), request.params.unitId, request.body),
  });

  r.patch(`${LMS}/resource/:itemId`, {
    config: access('COURSE_DOCUMENT__EDIT'),
    schema: {
      tags,
      summary: 'Edits a resource at its version (a revision is kept)',
      params: itemParams,
      body: resourceUpdateSchema,
      response: { 200: savedSchema },
    },
    handler: async (request) =>
      items.updateResource(deps, authOf(request), request.params.itemId, request.body),
  });

  r.delete(`${LMS}/resource/:itemId`, {
    config: access('COURSE_DOCUMENT__DELETE'),
    schema: {
      tags,
      summary: 'Removes a resource',
      params: itemParams,
      querystring: versionQuerySchema,
      response: { 200: savedSchema },
    },
    handler: async (request) =>
      items.deleteItem(
        deps,
        authOf(request),
        request.params.itemId,
        'COURSE_DOCUMENT',
        request.query.version,
      ),
  });

  r.post(`${LMS}/unit/:unitId/tasks`, {
    config: access('COURSE_TASK__CREATE'),
    schema: {
      tags,
      summary: 'Adds a text or file task as a draft',
      params: unitParams,
      body: taskInputSchema,
      response: { 200: createdSchema },
    },
    handler: async (request) =>
      items.createTask(deps, authOf(request), request.params.unitId, request.body),
  });

  r.patch(`${LMS}/task/:itemId`, {
    config: access('COURSE_TASK__EDIT'),
    schema: {
      tags,
      summary:
        'Edits a task at its version (a revision is kept; answers keep the one they answered)',
      params: itemParams,
      body: taskUpdateSchema,
      response: { 200: savedSchema },
    },
    handler: async (request) =>
      items.updateTask(deps, authOf(request), request.params.itemId, request.body),
  });

  r.delete(`${LMS}/task/:itemId`, {
    config: access('COURSE_TASK__DELETE'),
    schema: {
      tags,
      summary: 'Removes a task (refused once there is work on it)',
      params: itemParams,
      querystring: versionQuerySchema,
      response: { 200: savedSchema },
    },
    handler: async (request) =>
      items.deleteItem(
        deps,
        authOf(request),
        request.params.itemId,
        'COURSE_TASK',
        request.query.version,
      ),
  });

  const classDateParams = localeParams.extend({ itemId: idParam, classId: idParam });
  r.put(`${LMS}/task/:itemId/class-dates/:classId`, {
    config: access('COURSE_TASK__EDIT'),
    schema: {
      tags,
      summary: 'Sets a class’s own dates for a task (empty dates: as the task)',
      params: classDateParams,
      body: classDatesInputSchema,
      response: { 200: savedSchema },
    },
    handler: async (request) =>
      itemDetail.putClassDates(
        deps,
        authOf(request),
        request.params.itemId,
        request.params.classId,
        request.body,
      ),
  });

  r.delete(`${LMS}/task/:itemId/class-dates/:classId`, {
    config: access('COURSE_TASK__EDIT'),
    schema: {
      tags,
      summary: 'Removes a class’s own dates for a task (it keeps the task’s)',
      params: classDateParams,
      response: { 200: savedSchema },
    },
    handler: async (request) =>
      itemDetail.deleteClassDates(
        deps,
        authOf(request),
        request.params.itemId,
        request.params.classId,
      ),
  });

  r.get(`${LMS}/course/:courseId/copy-sources`, {
    config: access('COURSE_DOCUMENT__CREATE'),
    schema: {
      tags,
      summary: 'Other runs of this course (the same code) whose content can be copied',
      params: courseParams,
      response: { 200: copySourcesSchema },
    },
    handler: async (request) =>
      copy.findCopySources(deps, authOf(request), request.params.courseId),
  });

  r.post(`${LMS}/course/:courseId/copy-from/:sourceCourseId`, {
    config: access('COURSE_DOCUMENT__CREATE'),
    schema: {
      tags,
      summary:
        'Copies another run’s units and items as drafts, dates moved by the programmes’ start difference',
      params: courseParams.extend({ sourceCourseId: idParam }),
      body: copyFromInputSchema,
      response: { 200: copyResultSchema },
    },
    handler: async (request) =>
      copy.copyFrom(
        deps,
        authOf(request),
        request.params.courseId,
        request.params.sourceCourseId,
        request.body.mode,
      ),
  });
}
