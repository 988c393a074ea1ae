import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Right } from '@lantern/contracts/rights';
import { SWITCH_USER_PARAM } from '@lantern/contracts/constants';
import { TUS_VERSION, uploadCreatedSchema } from '@lantern/contracts/uploads';
import { authOf, type AuthContext } from '../../plugins/auth';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import { localeParams } from '../../lib/params';
import type { UploadPurpose } from './uploads.repository';
import * as service from './uploads.service';

/** The byte stream of a PATCH, handed on unread: no body limit, nothing buffered. */
const OCTET_STREAM = 'application/offset+octet-stream';

const uploadParams = localeParams.extend({ uploadId: z.uuid() });

const AREAS: { purpose: UploadPurpose; path: string; right: Right; what: string }[] = [
  {
    purpose: 'submission',
    path: 'submission-uploads',
    right: 'SUBMISSION__CREATE',
    what: 'a file for a task (metadata itemId, filename)',
  },
  {
    purpose: 'course_document',
    path: 'document-uploads',
    right: 'COURSE_DOCUMENT__CREATE',
    what: 'a course document (metadata courseId, filename)',
  },
  {
    purpose: 'wbt_package',
    path: 'wbt-uploads',
    right: 'COURSE_TASK__CREATE',
    what: 'a training package, a ZIP (metadata courseId, filename; decision 0020 §2.2)',
  },
];

/** tus 1.0 asks every request but OPTIONS to name the version it speaks. */
function assertTus(request: FastifyRequest): void {
  if (request.headers['tus-resumable'] !== TUS_VERSION)
    throw new AppError(
      412,
      'VALIDATION',
      `This server speaks tus ${TUS_VERSION}: send the header Tus-Resumable: ${TUS_VERSION}.`,
    );
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const expiresHeader = (date: Date) => date.toUTCString();

/**
 * Resumable uploads (decision 0019, tus 1.0 core, creation and termination) on our own routes,
 * so rights, scope and state stay ours. State is in the `uploads` table: any node can answer
 * any request, and a PATCH holds a short lease instead of a transaction.
 */
export async function uploadRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const hashes = new service.RunningHashes();
  await app.register(async (scope) => {
    const bodies = new WeakMap<FastifyRequest, Readable>();
    scope.addContentTypeParser(OCTET_STREAM, (request, payload, done) => {
      bodies.set(request, payload);
      done(null, undefined);
    });
    scope.addHook('onSend', async (_request, reply) => {
      void reply.header('tus-resumable', TUS_VERSION);
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    for (const area of AREAS) {
      const base = `/api/:locale/lms/${area.path}`;
      const config = { access: { right: area.right } };
      const tags = ['uploads'];
      // tus sends HEAD, PATCH and DELETE to the Location as given, and the client adds the
      // switch to the creation only: so an impersonated upload's Location carries it, and every
      // later request acts as the same person (without it they would meet a 404).
      const location = (locale: string, id: string, auth: AuthContext) => {
        const path = `/api/${locale}/lms/${area.path}/${id}`;
        if (!auth.impersonating) return path;
        return `${path}?${SWITCH_USER_PARAM}=${encodeURIComponent(auth.user.username)}`;
      };

      r.post(base, {
        config,
        schema: {
          tags,
          summary: `Starts a resumable upload of ${area.what} (tus creation: Upload-Length, Upload-Metadata)`,
          params: localeParams,
          response: { 201: uploadCreatedSchema },
        },
        handler: async (request, reply) => {
          assertTus(request);
          const auth = authOf(request);
          const upload = await service.createUpload(deps, auth, area.purpose, {
            length: header(request, 'upload-length'),
            metadata: header(request, 'upload-metadata'),
            wbtMaxBytes: deps.config.wbtMaxBytes,
          });
          return reply
            .code(201)
            .header('location', location(request.params.locale, upload.id, auth))
            .header('upload-offset', '0')
            .header('upload-expires', expiresHeader(upload.expiresAt))
            .send({
              uploadId: upload.id,
              offset: 0,
              expiresAt: upload.expiresAt.toISOString(),
            });
        },
      });

      r.route({
        method: 'HEAD',
        url: `${base}/:uploadId`,
        config,
        schema: {
          tags,
          summary: 'How many bytes of the upload have arrived (Upload-Offset), to resume from',
          params: uploadParams,
        },
        handler: async (request, reply) => {
          assertTus(request);
          const upload = await service.uploadStatus(
            deps,
            authOf(request),
            area.purpose,
            request.params.uploadId,
          );
          return reply
            .header('upload-offset', String(upload.offset))
            .header('upload-length', String(upload.declaredSize))
            .header('upload-expires', expiresHeader(upload.expiresAt))
            .header('cache-control', 'no-store')
            .send();
        },
      });

      r.patch(`${base}/:uploadId`, {
        config,
        schema: {
          tags,
          summary:
            'Appends bytes at Upload-Offset (application/offset+octet-stream); the last byte completes the upload',
          params: uploadParams,
        },
        handler: async (request, reply) => {
          assertTus(request);
          // An empty PATCH has no body for the parser to hand on, but is a valid (if idle) one.
          const empty =
            request.headers['content-type'] === OCTET_STREAM &&
            Number(request.headers['content-length'] ?? 0) === 0;
          const body = bodies.get(request) ?? (empty ? Readable.from([]) : null);
          if (!body)
            throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send the bytes as ${OCTET_STREAM}.`);
          const offsetHeader = header(request, 'upload-offset');
          if (offsetHeader === undefined || !/^\d{1,16}$/.test(offsetHeader)) {
            body.resume();
            throw new AppError(400, 'VALIDATION', 'Upload-Offset must say where these bytes go.');
          }
          const received = await service.receive(
            deps,
            hashes,
            authOf(request),
            area.purpose,
            request.params.uploadId,
            Number(offsetHeader),
            body,
          );
          return sendOffset(reply, received);
        },
      });

      r.delete(`${base}/:uploadId`, {
        config,
        schema: {
          tags,
          summary: 'Cancels an unfinished upload and removes its bytes (tus termination)',
          params: uploadParams,
        },
        handler: async (request, reply) => {
          assertTus(request);
          await service.terminate(
            deps,
            hashes,
            authOf(request),
            area.purpose,
            request.params.uploadId,
          );
          return reply.code(204).send();
        },
      });
    }
  });
}

function sendOffset(reply: FastifyReply, received: service.Received) {
  return reply
    .code(204)
    .header('upload-offset', String(received.offset))
    .header('upload-expires', expiresHeader(received.expiresAt))
    .send();
}
