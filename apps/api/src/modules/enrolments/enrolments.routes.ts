import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ENROLMENT_ACTION_KEYS,
  ENROLMENT_ACTIONS,
  enrolmentActionInputSchema,
  enrolmentActionResultSchema,
  enrolmentListQuerySchema,
  enrolmentPageSchema,
  enrolmentSchema,
  importReportSchema,
  studentProgrammesSchema,
  studyBreakInputSchema,
  studyBreakSchema,
  PROGRAMME_TYPE_LABELS,
  PROGRAMME_TYPE_PATHS,
  type EnrolmentAction,
  type ProgrammeType,
  importQuerySchema,
} from '@lantern/contracts/programme';
import type { Right } from '@lantern/contracts/rights';
import {
  ENROLMENT_ACTION_TYPES,
  enrolmentActionRight,
  studyBreakRight,
} from '@lantern/contracts/enrolment-rights';
import { errorBodySchema } from '@lantern/contracts/errors';
import { authOf } from '../../plugins/auth';
import { uploadedFile } from '../../plugins/body';
import type { Deps } from '../../lib/deps';
import { idParams } from '../../lib/params';
import { runEnrolmentAction } from './enrolments.actions';
import { addApplicant } from './enrolments.applicants';
import {
  addStudyBreak,
  endStudyBreak,
  findStudyBreaks,
  removeStudyBreak,
} from './enrolments.breaks';
import { importApplicants } from './enrolments.import';
import { findEnrolmentList, findStudentProgrammes } from './enrolments.service';
import { MAX_ID } from '../../lib/params';

/** Applicant files are checked whole in memory; 20 MB holds far more than 10,000 rows. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

const tags = ['enrolments'];
const recordId = z.coerce.number().int().positive().max(MAX_ID);
const enrolmentParams = idParams.extend({ enrolmentId: recordId });
const breakParams = enrolmentParams.extend({ breakId: recordId });
const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** The types whose students the sis lists, each behind its own right. */
const STUDENT_LISTS: [ProgrammeType, Right][] = [
  ['professional', 'PC_STUDENT__DISPLAY'],
  ['bachelor', 'BA_STUDENT__DISPLAY'],
];

/** `finalizeAll` → `finalize-all`: an action's URL segment. */
export const actionPath = (action: EnrolmentAction) =>
  action.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export async function enrolmentRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const programme: ProgrammeType = 'professional';
  const base = `/api/:locale/programme/${PROGRAMME_TYPE_PATHS[programme]}/:id`;

  // A programme's students, one route per type behind that type's right (decision 0003).
  for (const [type, right] of STUDENT_LISTS) {
    r.get(`/api/:locale/programme/${PROGRAMME_TYPE_PATHS[type]}/:id/students`, {
      config: { access: { right }, programme: type },
      schema: {
        tags,
        summary: `A ${PROGRAMME_TYPE_LABELS[type].toLowerCase()}’s students in reach: search by name, JWL-ID or e-mail; filter by state, CLC, study break; sort; page (≤ 100)`,
        params: idParams,
        querystring: enrolmentListQuerySchema,
        response: { 200: enrolmentPageSchema, 404: errorBodySchema },
      },
      handler: async (request) =>
        findEnrolmentList(deps, authOf(request), request.params.id, request.query),
    });
  }

  r.post(`${base}/applicants`, {
    config: { access: { right: 'PROGRAMME_APPLICANT__CREATE' }, programme },
    schema: {
      tags,
      summary:
        'Add an applicant (applicantInputSchema): an existing person by JWL-ID (`studentId`, `clcId`), or a new one (names, e-mail, phone, birth date, `clcId`; created without a password)',
      params: idParams,
      // Told apart by `studentId` in the service, so each field gets its own message.
      body: z.record(z.string(), z.unknown()),
      response: { 200: enrolmentSchema, ...errors },
    },
    handler: async (request) =>
      addApplicant(deps, authOf(request), request.params.id, request.body),
  });

  r.post(`${base}/applicants/import`, {
    config: {
      access: { right: 'PROGRAMME_APPLICANT__IMPORT' },
      programme,
      files: { maxBytes: MAX_IMPORT_BYTES },
    },
    schema: {
      tags,
      summary:
        'Import applicants from CSV or XLSX (multipart field `file`): every problem by row and column; written only when clean and not a dry run',
      params: idParams,
      querystring: importQuerySchema,
      response: { 200: importReportSchema, ...errors, 413: errorBodySchema },
    },
    handler: async (request) =>
      importApplicants(deps, authOf(request), {
        programmeId: request.params.id,
        file: uploadedFile(request.body),
        ...request.query,
      }),
  });

  // One route per action of the transition table, each behind the action's own right; a
  // bachelor programme's routes check its own rights (enrolmentActionRight, decision 0022).
  for (const type of ENROLMENT_ACTION_TYPES) {
    const typeBase = `/api/:locale/programme/${PROGRAMME_TYPE_PATHS[type]}/:id`;
    for (const action of ENROLMENT_ACTION_KEYS) {
      const rule = ENROLMENT_ACTIONS[action];
      r.post(`${typeBase}/students/actions/${actionPath(action)}`, {
        config: { access: { right: enrolmentActionRight(type, action) }, programme: type },
        schema: {
          tags,
          summary: `${rule.label}: from ${rule.from.join(', ')} to ${rule.to}, while the programme is ${rule.programme.join(', ')}; one or many students, each checked on its own`,
          params: idParams,
          body: enrolmentActionInputSchema.omit({ action: true }).extend({
            action: z.literal(action, { error: `This route does the action ${action}` }).optional(),
          }),
          response: { 200: enrolmentActionResultSchema, ...errors },
        },
        handler: async (request) =>
          runEnrolmentAction(deps, authOf(request), {
            programmeId: request.params.id,
            action,
            data: request.body,
          }),
      });
    }

    const breaks = `${typeBase}/students/:enrolmentId/breaks`;
    const display = { access: { right: studyBreakRight(type, 'display') }, programme: type };
    const edit = { access: { right: studyBreakRight(type, 'edit') }, programme: type };
    r.get(breaks, {
      config: display,
      schema: {
        tags,
        summary: 'A student’s study breaks in the programme, earliest first',
        params: enrolmentParams,
        response: { 200: z.array(studyBreakSchema), 404: errorBodySchema },
      },
      handler: async (request) =>
        findStudyBreaks(deps, authOf(request), {
          programmeId: request.params.id,
          enrolmentId: request.params.enrolmentId,
        }),
    });

    r.post(breaks, {
      config: edit,
      schema: {
        tags,
        summary:
          'Put an active student on a study break (no overlap with another); answers every break',
        params: enrolmentParams,
        body: studyBreakInputSchema,
        response: { 200: z.array(studyBreakSchema), ...errors },
      },
      handler: async (request) =>
        addStudyBreak(
          deps,
          authOf(request),
          { programmeId: request.params.id, enrolmentId: request.params.enrolmentId },
          request.body,
        ),
    });

    r.delete(`${breaks}/:breakId`, {
      config: edit,
      schema: {
        tags,
        summary: 'Remove a study break; answers the breaks left',
        params: breakParams,
        response: { 200: z.array(studyBreakSchema), 404: errorBodySchema },
      },
      handler: async (request) =>
        removeStudyBreak(deps, authOf(request), {
          programmeId: request.params.id,
          enrolmentId: request.params.enrolmentId,
          breakId: request.params.breakId,
        }),
    });

    r.post(`${breaks}/:breakId/end`, {
      config: edit,
      schema: {
        tags,
        summary:
          'End a study break early: it ends yesterday (the student is back today), or is removed if it had not begun',
        params: breakParams,
        response: { 200: z.array(studyBreakSchema), 404: errorBodySchema, 409: errorBodySchema },
      },
      handler: async (request) =>
        endStudyBreak(deps, authOf(request), {
          programmeId: request.params.id,
          enrolmentId: request.params.enrolmentId,
          breakId: request.params.breakId,
        }),
    });
  }

  r.get('/api/:locale/student/:id/programmes', {
    config: { access: { right: 'STUDENT__DISPLAY' } },
    schema: {
      tags,
      summary: 'A student’s programmes: state, class, CLC, study breaks and history of each',
      params: idParams,
      response: { 200: studentProgrammesSchema, 404: errorBodySchema },
    },
    handler: async (request) => findStudentProgrammes(deps, authOf(request), request.params.id),
  });
}
