import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@lantern/contracts/errors';
import { fieldsDetail } from '@lantern/contracts/labels';
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

/** What the multipart reader says of a body it cannot read. */
const BROKEN_MULTIPART = /multipart|part header|end of form|boundary/i;

/** SQLSTATE codes of data PostgreSQL cannot take, answered as a 400. */
const DATA_ERRORS: Record<string, string> = {
  '22021': 'The text contains a character that is not allowed.',
  '22P05': 'The text contains a character that is not allowed.',
  '22003': 'A number is out of range.',
  '22P02': 'A value has the wrong format.',
  '22001': 'A text is too long.',
  '22007': 'A date is not valid.',
  '22008': 'A date is out of range.',
};

/** A database error's SQLSTATE (Drizzle wraps driver errors; the code is on the cause). */
function sqlState(error: unknown): string | null {
  let current: unknown = error;
  for (let i = 0; i < 3 && current; i += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The error handler: clear 4xx bodies for the caller, nothing internal ever in a 5xx. */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { spaIndex: (method: string, url: string) => boolean },
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (!reply.raw.headersSent) {
      // A download that failed before its first byte is answered as an error, not as the file.
      void reply.removeHeader('content-disposition').type('application/json; charset=utf-8');
    }
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
      const body: ErrorBody = { detail: fieldsDetail(fields), code: 'VALIDATION', fields };
      return reply.status(400).send(body);
    }
    const state = sqlState(error);
    if (state && DATA_ERRORS[state]) {
      // Input the schemas let through but PostgreSQL refuses (a NUL byte, an out-of-range number).
      return reply
        .status(400)
        .send({ detail: DATA_ERRORS[state], code: 'VALIDATION' } satisfies ErrorBody);
    }
    if (
      request.isMultipart() &&
      error.statusCode === undefined &&
      BROKEN_MULTIPART.test(error.message)
    ) {
      // The multipart reader's own errors: a body cut short or with a wrong boundary.
      return reply.status(400).send({
        detail: 'The form data could not be read: it is incomplete or malformed. Send it again.',
        code: 'VALIDATION',
      } satisfies ErrorBody);
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
      const code =
        status === 404
          ? 'NOT_FOUND'
          : status === 400 || status === 422
            ? 'VALIDATION'
            : status === 413
              ? 'PAYLOAD_TOO_LARGE'
              : status === 415
                ? 'UNSUPPORTED_MEDIA_TYPE'
                : 'CONFLICT';
      const body: ErrorBody = { detail, code };
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
