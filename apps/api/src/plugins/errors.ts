import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@lantern/contracts/errors';
import { VALIDATION } from '@lantern/contracts/messages';
import { AppError } from '../lib/errors';

const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; body: ErrorBody }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    body: {
      detail: 'This content type is not accepted. Send JSON, a form or multipart data.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    body: { detail: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' },
  },
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    body: { detail: 'The file is larger than 512mb.', code: 'PAYLOAD_TOO_LARGE' },
  },
  FST_FILES_LIMIT: {
    status: 413,
    body: { detail: 'Too many files in one request.', code: 'PAYLOAD_TOO_LARGE' },
  },
  FST_PARTS_LIMIT: {
    status: 413,
    body: { detail: 'Too many parts in one request.', code: 'PAYLOAD_TOO_LARGE' },
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    body: { detail: 'The request is not multipart data.', code: 'UNSUPPORTED_MEDIA_TYPE' },
  },
};

/** The error handler: clear 4xx bodies for the caller, nothing internal ever in a 5xx. */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { spaIndex: (method: string, url: string) => boolean },
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.retryAfterSeconds)
        void reply.header('retry-after', String(error.extra.retryAfterSeconds));
      const body: ErrorBody = { detail: error.detail, code: error.code, ...error.extra };
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          error.validationContext ||
          'body';
        fields[key] ??= issue.message ?? VALIDATION.required;
      }
      const names = Object.keys(fields);
      const detail = names.map((n) => `${n}: ${fields[n] ?? ''}`).join(', ');
      const body: ErrorBody = { detail, code: 'VALIDATION', fields };
      return reply.status(400).send(body);
    }
    const known = FASTIFY_CLIENT_ERRORS[error.code];
    if (known) return reply.status(known.status).send(known.body);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, empty body …): say what is wrong, no internals.
      const detail =
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is empty.'
          : error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
            ? 'The request body is not valid JSON.'
            : error.message;
      const body: ErrorBody = { detail, code: status === 404 ? 'NOT_FOUND' : 'VALIDATION' };
      return reply.status(status).send(body);
    }
    request.log.error({ err: error }, 'request failed');
    const body: ErrorBody = {
      detail: 'An internal error occurred. Please try again later.',
      code: 'INTERNAL',
    };
    return reply.status(500).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    // Client routes of the SPA: the shell answers and routes them itself.
    if (options.spaIndex(request.method, request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const body: ErrorBody = {
      detail: `No route for ${request.method} ${request.url.split('?')[0] ?? ''}.`,
      code: 'NOT_FOUND',
    };
    return reply.status(404).send(body);
  });
}
