import Fastify, {
  type FastifyInstance,
  type FastifySchema,
  type FastifyServerOptions,
} from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { APP_VERSION } from '@lantern/contracts/constants';
import type { Database } from '@lantern/db/client';
import type { SecretKey } from '@lantern/db/catalogue';
import type { Config } from './plugins/env';
import { registerErrorHandling } from './plugins/errors';
import { registerBodyParsing } from './plugins/body';
import { registerTextGuard } from './plugins/text';
import { DOCS_PREFIX, registerAuth, type Access } from './plugins/auth';
import { registerProgrammeScope } from './plugins/programme-scope';
import type { ProgrammeRouteType } from './lib/programme-scope';
import { createMailer, type Mailer } from './plugins/mail';
import { createFileStore } from './plugins/storage';
import { registerSecurityHeaders } from './plugins/security';
import { registerPrivateCaching } from './plugins/caching';
import { isSpaPath, registerWeb } from './plugins/web';
import type { Deps } from './lib/deps';
import { authRoutes } from './modules/auth/auth.routes';
import { generalRoutes } from './modules/general/general.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { homeRoutes } from './modules/home/home.routes';
import { mailLogRoutes } from './modules/mail-log/mail-log.routes';
import { fileRoutes } from './modules/files/files.routes';
import { clcRoutes } from './modules/clcs/clcs.routes';
import { peopleRoutes } from './modules/people/people.routes';
import { enrolmentRoutes } from './modules/enrolments/enrolments.routes';
import { classRoutes } from './modules/classes/classes.routes';
import { resultRoutes } from './modules/results/results.routes';
import { automaticMailRoutes } from './modules/automatic-mails/automatic-mails.routes';
import { dropoutRoutes } from './modules/dropout/dropout.routes';
import { programmeRoutes } from './modules/programmes/programmes.routes';
import { certificateRoutes } from './modules/certificates/certificates.routes';
import { userMergeRoutes } from './modules/user-merge/user-merge.routes';
import { securityActionRoutes } from './modules/security-actions/security-actions.routes';
import { dataCheckRoutes } from './modules/data-checks/data-checks.routes';
import { dataCleanupRoutes } from './modules/data-cleanup/data-cleanup.routes';
import { authorisationRoutes } from './modules/authorisation/authorisation.routes';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { announcementRoutes } from './modules/announcements/announcements.routes';
import { supportRoutes } from './modules/support/support.routes';
import { uploadRoutes } from './modules/uploads/uploads.routes';
import { learningContentRoutes } from './modules/learning/content/content.routes';
import { learningWorkRoutes } from './modules/learning/work/work.routes';
import { studentCourseRoutes } from './modules/learning/work/student-courses.routes';
import { teachingRoutes } from './modules/learning/teaching/teaching.routes';
import { ledgerRoutes } from './modules/learning/teaching/ledger.routes';
import { gradeRequestRoutes } from './modules/learning/requests/requests.routes';
import { quizRoutes } from './modules/learning/quiz/quiz.routes';
import { wbtRoutes } from './modules/learning/wbt/wbt.routes';
import { buildContentApp } from './content/content-app';
import { loggerOptions } from './lib/log-errors';
import { discussionRoutes } from './modules/learning/discussions/discussions.routes';
import { createAnnouncementDelivery } from './lib/notifications';
import { similarityRoutes } from './modules/similarity/similarity.routes';
import { bachelorRoutes } from './modules/bachelor/bachelor.routes';
import { bachelorVerificationRoutes } from './modules/bachelor/verification/verification.routes';
import { bachelorCohortRoutes } from './modules/bachelor/cohorts.routes';
import { creditRoutes } from './modules/bachelor/credits/credits.routes';
import { bachelorTermRoutes } from './modules/bachelor/terms.routes';
import { integrationRoutes } from './modules/bachelor/integration.routes';
import { apiTokenRoutes } from './modules/api-tokens/api-tokens.routes';
import { createSimilarityDispatch } from './modules/similarity/dispatch';
import { similarityRunners } from './modules/similarity/check.job';
import { closeSimilarityPool, setSimilarityThreads } from './modules/similarity/pool';

export type AppOptions = {
  config: Config;
  database: Database;
  secrets: Record<SecretKey, string>;
  logger?: FastifyServerOptions['logger'];
  /** Prints the one-time links of mails kept without SMTP (the server console; not in tests). */
  printLine?: (line: string) => void;
};

export type RouteInfo = {
  method: string;
  url: string;
  access: Access | undefined;
  /** The route's zod schemas (params, querystring, body), so tests derive requests from them. */
  schema: FastifySchema | undefined;
  /** The programme type a programme-scoped route answers for. */
  programme: ProgrammeRouteType | undefined;
};

export type App = {
  app: FastifyInstance;
  deps: Deps;
  mailer: Mailer & { setDispatch: (fn: (ids: number[]) => Promise<void>) => void };
  /** Every route with the access it declares (tests prove each declaration holds). */
  routes: RouteInfo[];
  /** The content origin's app (decision 0020 §2.3), listened on apart; null when trainings are off. */
  content: FastifyInstance | null;
};

/** Builds the app in load order: framework plugins, our cross-cutting plugins, then the areas. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const webDist = config.webDist ?? new URL('../../web/dist', import.meta.url).pathname;
  registerErrorHandling(app, { spaIndex: (method, url) => isSpaPath(method, url) && hasWeb });
  registerSecurityHeaders(app, {
    docsPrefix: DOCS_PREFIX,
    videoHosts: config.videoHosts,
    contentOrigin: config.contentOrigin,
  });
  registerPrivateCaching(app);
  const files = createFileStore({ dir: config.filesDir, secret: options.secrets.link_secret });
  await registerBodyParsing(app, { files });
  registerTextGuard(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Lantern API',
        version: APP_VERSION,
        description: 'Student information system and learning platform',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Integration API tokens (lnt_…), made by an admin; they open the integration routes only.
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'lnt_ API token',
            description: 'A long-lived integration token an admin creates (Users › API tokens).',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  await registerAuth(app, { db: database.db, secret: options.secrets.jwt_secret });
  registerProgrammeScope(app, { db: database.db });
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routes.push({
        method,
        url: route.url,
        access: route.config?.access,
        schema: route.schema,
        programme: route.config?.programme,
      });
  });

  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    onError: (error) => app.log.error({ err: error }, 'mail dispatch failed'),
    ...(options.printLine ? { printLine: options.printLine } : {}),
  });
  const deps: Deps = {
    db: database.db,
    config,
    mailer,
    files,
    signAccessToken: (payload) => app.jwt.sign(payload),
    announcementDelivery: createAnnouncementDelivery({
      db: database.db,
      onError: (error) => app.log.error({ err: error }, 'announcement delivery failed'),
    }),
    similarity: createSimilarityDispatch({
      onError: (error) => app.log.error({ err: error }, 'similarity check failed'),
    }),
  };
  setSimilarityThreads(config.similarity.threads);
  deps.similarity.setRunners(similarityRunners(deps));
  app.addHook('onClose', async () => {
    await deps.similarity.idle();
    await closeSimilarityPool();
  });
  for (const area of [
    authRoutes,
    generalRoutes,
    profileRoutes,
    homeRoutes,
    mailLogRoutes,
    fileRoutes,
    peopleRoutes,
    clcRoutes,
    enrolmentRoutes,
    classRoutes,
    resultRoutes,
    automaticMailRoutes,
    dropoutRoutes,
    programmeRoutes,
    certificateRoutes,
    userMergeRoutes,
    securityActionRoutes,
    dataCheckRoutes,
    dataCleanupRoutes,
    authorisationRoutes,
    auditLogRoutes,
    notificationRoutes,
    announcementRoutes,
    supportRoutes,
    uploadRoutes,
    learningContentRoutes,
    learningWorkRoutes,
    studentCourseRoutes,
    teachingRoutes,
    ledgerRoutes,
    gradeRequestRoutes,
    similarityRoutes,
    quizRoutes,
    discussionRoutes,
    bachelorRoutes,
    bachelorVerificationRoutes,
    bachelorCohortRoutes,
    creditRoutes,
    bachelorTermRoutes,
    integrationRoutes,
    apiTokenRoutes,
  ]) {
    await area(app, deps);
  }
  await wbtRoutes(app, { ...deps, contentSecret: options.secrets.content_secret });
  const content = config.contentOrigin
    ? await buildContentApp({
        db: database.db,
        files,
        secret: options.secrets.content_secret,
        appOrigin: new URL(config.publicUrl).origin,
        videoHosts: config.videoHosts,
        playerDist:
          config.wbtPlayerDist ?? new URL('../../wbt-player/dist', import.meta.url).pathname,
        logLevel: config.logLevel,
      })
    : null;
  if (content) app.addHook('onClose', async () => content.close());
  const hasWeb = await registerWeb(app, webDist);
  return { app, deps, mailer, routes, content };
}
