import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  programmeResultsSchema,
  resultsImportReportSchema,
  resultsInputSchema,
  resultsSavedSchema,
} from '@lantern/contracts/results';
import {
  PROGRAMME_TYPE_PATHS,
  importQuerySchema,
  type ProgrammeType,
} from '@lantern/contracts/programme';
import { uploadedFile } from '../../plugins/body';
import { importResults } from './results.import';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { idParams } from '../../lib/params';
import * as service from './results.service';

/** Course results and the proposed outcomes of review-grades (`:programme/finish`). */
export async function resultRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const programme: ProgrammeType = 'professional';
  const base = `/api/:locale/programme/${PROGRAMME_TYPE_PATHS[programme]}/:id/results`;

  r.get(base, {
    // Reading results is reading the grade book (decision 0003); entering them is reviewing grades.
    config: { access: { right: 'GRADE_BOOK__DISPLAY' }, programme },
    schema: {
      tags: ['results'],
      summary: 'Every student’s course results, average, band and proposed outcome',
      params: idParams,
      response: { 200: programmeResultsSchema },
    },
    handler: async (request) => service.getResults(deps, authOf(request), request.params.id),
  });

  r.put(base, {
    config: { access: { right: 'PROGRAMME__REVIEW_GRADES' }, programme },
    schema: {
      tags: ['results'],
      summary: 'Enters or clears course results of active students (all or nothing)',
      params: idParams,
      body: resultsInputSchema,
      response: { 200: resultsSavedSchema },
    },
    handler: async (request) =>
      service.saveResults(deps, authOf(request), request.params.id, request.body),
  });

  r.post(`${base}/import`, {
    config: {
      access: { right: 'PROGRAMME__REVIEW_GRADES' },
      programme,
      files: { maxBytes: 20 * 1024 * 1024 },
    },
    schema: {
      tags: ['results'],
      summary:
        'Course results from CSV or XLSX (multipart field `file`: a jwlId column and a column per course code): every problem by row and column; written only when clean and not a dry run',
      params: idParams,
      querystring: importQuerySchema,
      response: { 200: resultsImportReportSchema },
    },
    handler: async (request) =>
      importResults(deps, authOf(request), {
        programmeId: request.params.id,
        file: uploadedFile(request.body),
        ...request.query,
      }),
  });
}
