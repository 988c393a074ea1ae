import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@lantern/contracts/errors';
import { bigId } from '@lantern/contracts/teaching';
import {
  WBT_SENTENCES,
  publicWbtSchema,
  wbtAttemptDetailSchema,
  wbtAttemptSummarySchema,
  wbtCommitBatchSchema,
  wbtCommitResultSchema,
  wbtDoneInputSchema,
  wbtLaunchInputSchema,
  wbtLaunchSchema,
  wbtListQuerySchema,
  wbtListSchema,
  wbtMyAttemptsSchema,
  wbtOpenTimeInputSchema,
  wbtPackageInputSchema,
  wbtPackageListSchema,
  wbtPackageSchema,
  wbtReportLearnersQuerySchema,
  wbtReportLearnersSchema,
  wbtReportSchema,
} from '@lantern/contracts/wbt';
import { authOf } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { sendExport } from '../../../lib/export';
import { localeParams, MAX_ID } from '../../../lib/params';
import * as packages from './packages.service';
import * as tracking from './tracking.service';
import * as commits from './tracking-commits.service';
import * as detail from './tracking-detail.service';
import * as reports from './reports.service';

const id = z.coerce.number().int().positive().max(MAX_ID);
const courseParams = localeParams.extend({ courseId: id });
const itemParams = localeParams.extend({ itemId: id });
const packageParams = localeParams.extend({ packageId: id });
const attemptParams = localeParams.extend({ attemptId: bigId });

/**
 * A fixed one-hour window per address, in memory per node (decision 0020 §2.6, O-6): public
 * trainings are for outreach, and a node forgets its counts when it restarts.
 */
export class AddressLimit {
  private readonly hits = new Map<string, { start: number; n: number }>();
  constructor(
    private readonly perHour: number,
    private readonly maxAddresses = 100_000,
  ) {}

  take(address: string, now = Date.now()): boolean {
    const hit = this.hits.get(address);
    if (!hit || now - hit.start >= 3_600_000) {
      if (this.hits.size >= this.maxAddresses) this.prune(now);
      this.hits.set(address, { start: now, n: 1 });
      return true;
    }
    hit.n += 1;
    return hit.n <= this.perHour;
  }

  private prune(now: number) {
    for (const [key, hit] of this.hits) if (now - hit.start >= 3_600_000) this.hits.delete(key);
    // Still full: the oldest go, so an attack on the map cannot grow it without bound.
    while (this.hits.size >= this.maxAddresses) {
      const oldest = this.hits.keys().next().value;
      if (oldest === undefined) break;
      this.hits.delete(oldest);
    }
  }
}

const limited = () =>
  new AppError(429, 'RATE_LIMITED', WBT_SENTENCES.rateLimited, { retryAfterSeconds: 3600 });

/**
 * Web-based trainings (decision 0020 §2.8): packages (upload through tus at `…/wbt-uploads`,
 * then validation), launches and commits, the grade page's attempt view, WBT_ALL's list and
 * report, and the public face of public trainings.
 */
export async function wbtRoutes(
  app: FastifyInstance,
  deps: Deps & { contentSecret: string },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/lms';
  const tags = ['trainings'];
  const pool = packages.createUnpackPool();
  app.addHook('onClose', async () => pool.close());
  const elements = new commits.ElementIds();
  const publicReads = new AddressLimit(120);
  const publicLaunches = new AddressLimit(30);
  const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

  r.post(`${base}/course/:courseId/wbt-packages`, {
    config: { access: { right: 'COURSE_TASK__CREATE' } },
    schema: {
      tags,
      summary:
        'Makes a training package of a finished wbt upload: validated and unpacked off the event loop; any refusal stores nothing',
      params: courseParams,
      body: wbtPackageInputSchema,
      response: {
        200: wbtPackageSchema,
        201: wbtPackageSchema,
        ...errors,
        413: errorBodySchema,
        415: errorBodySchema,
      },
    },
    handler: async (request, reply) => {
      const made = await packages.createPackage(
        deps,
        pool,
        authOf(request),
        request.params.courseId,
        request.body.uploadId,
      );
      return reply.code(made.created ? 201 : 200).send(made.package);
    },
  });

  r.get(`${base}/course/:courseId/wbt-packages`, {
    config: { access: { right: 'COURSE_TASK__EDIT' } },
    schema: {
      tags,
      summary: 'The training packages uploaded to a course, newest first',
      params: courseParams,
      response: { 200: wbtPackageListSchema, 404: errorBodySchema },
    },
    handler: async (request) => ({
      packages: await packages.listPackages(deps, authOf(request), request.params.courseId),
    }),
  });

  r.get(`${base}/wbt-package/:packageId`, {
    config: { access: { right: 'COURSE_TASK__EDIT' } },
    schema: {
      tags,
      summary: 'A training package: its SCOs, warnings and size',
      params: packageParams,
      response: { 200: wbtPackageSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      packages.getPackage(deps, authOf(request), request.params.packageId),
  });

  r.post(`${base}/wbt/:itemId/launch`, {
    config: { access: { right: 'SUBMISSION__CREATE' } },
    schema: {
      tags,
      summary:
        'Opens a training: a normal launch when the learner may hand in now, else a browse launch with the reason',
      params: itemParams,
      body: wbtLaunchInputSchema,
      response: { 200: wbtLaunchSchema, ...errors, 503: errorBodySchema },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return tracking.launch(deps, authOf(request), request.params.itemId, request.body);
    },
  });

  r.get(`${base}/wbt/:itemId/my-attempts`, {
    config: { access: { right: 'COURSE_TASK__DISPLAY' } },
    schema: {
      tags,
      summary: 'The caller’s attempts at a training',
      params: itemParams,
      response: { 200: wbtMyAttemptsSchema, 404: errorBodySchema },
    },
    handler: async (request) => tracking.myAttempts(deps, authOf(request), request.params.itemId),
  });

  r.post(`${base}/wbt-attempt/:attemptId/commits`, {
    config: { access: { right: 'SUBMISSION__CREATE' } },
    schema: {
      tags,
      summary:
        'Stores the runtime’s commits (1–50): each value is that of the highest (launch, seq) that carried it; a repeat is a duplicate',
      params: attemptParams,
      body: wbtCommitBatchSchema,
      response: { 200: wbtCommitResultSchema, ...errors, 403: errorBodySchema },
    },
    handler: async (request) =>
      commits.commitBatch(
        deps,
        elements,
        authOf(request),
        request.params.attemptId,
        request.body.commits,
      ),
  });

  r.post(`${base}/wbt-attempt/:attemptId/done`, {
    config: { access: { right: 'SUBMISSION__CREATE' } },
    schema: {
      tags,
      summary: '“Mark as done” for an HTML package that reports nothing itself',
      params: attemptParams,
      body: wbtDoneInputSchema,
      response: { 200: wbtCommitResultSchema, ...errors, 403: errorBodySchema },
    },
    handler: async (request) =>
      commits.markDone(deps, elements, authOf(request), request.params.attemptId, request.body),
  });

  r.post(`${base}/wbt-attempt/:attemptId/open-time`, {
    config: { access: { right: 'SUBMISSION__CREATE' } },
    schema: {
      tags,
      summary:
        'An HTML package’s time open in a launch: the attempt’s time counts it (capped by the launch’s age)',
      params: attemptParams,
      body: wbtOpenTimeInputSchema,
      response: { 200: wbtAttemptSummarySchema, ...errors, 403: errorBodySchema },
    },
    handler: async (request) =>
      commits.openTime(deps, authOf(request), request.params.attemptId, request.body),
  });

  r.post(`${base}/wbt/:itemId/preview`, {
    config: { access: { right: 'COURSE_PREVIEW__DISPLAY' } },
    schema: {
      tags,
      summary:
        'A browse launch of a training for staff (course reach, or every training with WBT_ALL)',
      params: itemParams,
      response: { 200: wbtLaunchSchema, 404: errorBodySchema, 503: errorBodySchema },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return tracking.preview(deps, authOf(request), request.params.itemId);
    },
  });

  r.get(`${base}/wbt-attempt/:attemptId`, {
    config: { access: { right: 'SUBMISSION__DISPLAY' } },
    schema: {
      tags,
      summary: 'An attempt at a training for the grade page: summary, SCOs, interactions',
      params: attemptParams,
      response: { 200: wbtAttemptDetailSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      detail.attemptDetail(deps, authOf(request), request.params.attemptId),
  });

  r.get(`${base}/submission/:submissionId/wbt-attempt`, {
    config: { access: { right: 'SUBMISSION__DISPLAY' } },
    schema: {
      tags,
      summary: 'The training attempt a hand-in came from, for the grade page',
      params: localeParams.extend({ submissionId: bigId }),
      response: { 200: wbtAttemptDetailSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      detail.attemptOfSubmission(deps, authOf(request), request.params.submissionId),
  });

  r.get(`${base}/wbts`, {
    config: { access: { right: 'WBT_ALL__DISPLAY' } },
    schema: {
      tags,
      summary: 'Every training, by title (WBT_ALL)',
      params: localeParams,
      querystring: wbtListQuerySchema,
      response: { 200: wbtListSchema, 400: errorBodySchema },
    },
    handler: async (request) => reports.listTrainings(deps.db, request.query),
  });

  r.get(`${base}/wbt/:itemId/report`, {
    config: { access: { right: 'WBT_ALL__DISPLAY' } },
    schema: {
      tags,
      summary:
        'A training’s report per class: learners, started, completed, passed, mean best score, median time',
      params: itemParams,
      response: { 200: wbtReportSchema, 404: errorBodySchema },
    },
    handler: async (request) => reports.report(deps.db, request.params.itemId),
  });

  r.get(`${base}/wbt/:itemId/report/learners`, {
    config: { access: { right: 'WBT_ALL__DISPLAY' } },
    schema: {
      tags,
      summary: 'A training’s learners, 50 a page: attempts, completion, success, best score, time',
      params: itemParams,
      querystring: wbtReportLearnersQuerySchema,
      response: { 200: wbtReportLearnersSchema, 400: errorBodySchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      reports.reportLearners(deps.db, request.params.itemId, request.query),
  });

  r.get(`${base}/wbt/:itemId/report/export`, {
    config: { access: { right: 'WBT_ALL__DISPLAY' } },
    schema: {
      tags,
      summary: 'A training’s learners as CSV (one class or all): the learners’ page, every row',
      params: itemParams,
      querystring: wbtReportLearnersQuerySchema.pick({ classId: true }),
      response: { 404: errorBodySchema },
    },
    handler: async (request, reply) => {
      const batches = await reports.reportExport(
        deps.db,
        request.params.itemId,
        request.query.classId,
      );
      return sendExport(reply, {
        format: 'csv',
        filename: `training-${String(request.params.itemId)}-report`,
        columns: reports.REPORT_EXPORT_COLUMNS,
        batches,
      });
    },
  });

  const address = (request: FastifyRequest) => request.ip;

  r.get('/public-api/1.0/wbt/:itemId', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'A public training (no sign-in; rate-limited per address)',
      params: z.object({ itemId: id }),
      response: { 200: publicWbtSchema, 404: errorBodySchema, 429: errorBodySchema },
    },
    handler: async (request, reply) => {
      if (!publicReads.take(address(request))) throw limited();
      void reply.header('cache-control', 'no-store');
      const training = await reports.publicTraining(deps.db, request.params.itemId);
      return {
        itemId: training.itemId,
        title: training.title,
        courseTitle: training.courseTitle,
        standard: training.standard,
        display: training.display,
      };
    },
  });

  r.post('/public-api/1.0/wbt/:itemId/launch', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'Plays a public training without sign-in: a browse launch, nothing stored against anyone',
      params: z.object({ itemId: id }),
      response: {
        200: wbtLaunchSchema,
        404: errorBodySchema,
        429: errorBodySchema,
        503: errorBodySchema,
      },
    },
    handler: async (request, reply) => {
      if (!publicLaunches.take(address(request))) throw limited();
      void reply.header('cache-control', 'no-store');
      const training = await reports.publicTraining(deps.db, request.params.itemId);
      return tracking.publicLaunch(deps, training);
    },
  });
}
