import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { z } from 'zod';
import { MAX_FILE_SIZE_BYTES, DEBUG_PARAM, SWITCH_USER_PARAM } from '@lantern/contracts/constants';
import { AppError } from '../lib/errors';
import { readWhole, tooLarge, type FileStore } from './storage';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on routes that take an uploaded file: the largest they accept. */
    files?: { maxBytes: number };
  }
}

/**
 * A file part of a multipart body, streamed into the file store under a staging key as it
 * arrives (never held whole in memory) and removed once the request is answered: a route that
 * keeps a file stores what it made of it (a re-encoded image) under a key of its own.
 */
export type UploadedFile = {
  filename: string;
  mimetype: string;
  storageKey: string;
  size: number;
  sha256: string;
  /** The bytes, for routes whose cap is small (images, sheets): read from the store. */
  read: () => Promise<Buffer>;
};

/** The uploaded file in a multipart body's field, or null when there is none. */
export function uploadedFile(body: unknown, field = 'file'): UploadedFile | null {
  const value = (body as Record<string, unknown> | null | undefined)?.[field];
  return typeof value === 'object' &&
    value !== null &&
    typeof (value as UploadedFile).storageKey === 'string' &&
    typeof (value as UploadedFile).read === 'function'
    ? (value as UploadedFile)
    : null;
}

const CONTROL_PARAMS = [SWITCH_USER_PARAM, DEBUG_PARAM];

/**
 * One content-type layer for every POST/PUT/PATCH: JSON, urlencoded and multipart all arrive
 * as a plain object, and a form's text values are then read by the route's own zod schema
 * (lists as JSON text, booleans as true/false or 1/0, numbers as digits).
 */
export async function registerBodyParsing(
  app: FastifyInstance,
  options: { files: FileStore },
): Promise<void> {
  const { files } = options;
  // Staged multipart files of each request, removed when it is answered (or broken off).
  const staged = new WeakMap<FastifyRequest, string[]>();
  const removeStaged = async (request: FastifyRequest) => {
    const keys = staged.get(request);
    if (!keys) return;
    staged.delete(request);
    await Promise.all(keys.map((key) => files.remove(key)));
  };
  app.addHook('onResponse', removeStaged);
  app.addHook('onRequestAbort', removeStaged);

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_request, body, done) => {
      const params = new URLSearchParams(body as string);
      const out: Record<string, string | string[]> = {};
      for (const [key, value] of params) {
        const prior = out[key];
        if (prior === undefined) out[key] = value;
        else out[key] = Array.isArray(prior) ? [...prior, value] : [prior, value];
      }
      done(null, out);
    },
  );

  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: {
      fileSize: MAX_FILE_SIZE_BYTES,
      files: 1,
      fields: 100,
      fieldSize: 1024 * 1024,
      parts: 101,
    },
    // Files are taken only on routes that take them, streamed to the store and only up to that
    // route's cap, so an anonymous request can neither fill the memory nor the disk.
    async onFile(part) {
      const accepts = this.routeOptions.config.files;
      if (!accepts) {
        part.file.resume();
        throw new AppError(400, 'VALIDATION', 'This request does not take files.');
      }
      const stored = await files.put(part.file, { maxBytes: accepts.maxBytes });
      const keys = staged.get(this) ?? [];
      keys.push(stored.storageKey);
      staged.set(this, keys);
      if (part.file.truncated) throw tooLarge(MAX_FILE_SIZE_BYTES);
      // Keep the stored bytes and the declared name; the declared type is not trusted.
      const value: UploadedFile = {
        filename: part.filename,
        mimetype: part.mimetype,
        ...stored,
        read: () => readWhole(files, stored.storageKey),
      };
      (part as unknown as { value: UploadedFile }).value = value;
    },
  });

  app.addHook('preValidation', async (request) => {
    stripControlParams(request);
    if (request.isMultipart()) request.body = flattenMultipart(request.body);
    const bodySchema = request.routeOptions.schema?.body as z.ZodType | undefined;
    if (isFormRequest(request) && bodySchema && isPlainObject(request.body)) {
      request.body = coerceFormBody(bodySchema, request.body);
    }
  });
}

function isFormRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return (
    type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value)
  );
}

/** `_switch_user` and the debug trigger steer the request; they are not the route's input. */
function stripControlParams(request: FastifyRequest): void {
  for (const bag of [request.query, request.body]) {
    if (isPlainObject(bag)) for (const key of CONTROL_PARAMS) Reflect.deleteProperty(bag, key);
  }
}

type MultipartField = { type: 'field' | 'file'; value: unknown };

function flattenMultipart(body: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!isPlainObject(body)) return out;
  for (const [key, raw] of Object.entries(body)) {
    if (CONTROL_PARAMS.includes(key)) continue;
    const parts = (Array.isArray(raw) ? raw : [raw]) as MultipartField[];
    const values = parts.map((p) => p.value);
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}

/** The schema's own kind under optional/default/nullable wrappers. */
function innerType(schema: z.ZodType): string {
  let current = schema as unknown as { def: { type: string; innerType?: unknown; in?: unknown } };
  for (let i = 0; i < 10; i += 1) {
    const { def } = current;
    if (
      ['optional', 'default', 'nullable', 'prefault', 'readonly', 'catch'].includes(def.type) &&
      def.innerType
    ) {
      current = def.innerType as typeof current;
    } else if (def.type === 'pipe' && def.in) {
      current = def.in as typeof current;
    } else {
      return def.type;
    }
  }
  return 'unknown';
}

/** The field schemas of an object schema, under any optional/pipe/refine wrappers. */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | null {
  let current = schema as unknown as {
    def: { type: string; shape?: Record<string, z.ZodType>; innerType?: unknown; in?: unknown };
  };
  for (let i = 0; i < 10; i += 1) {
    const { def } = current;
    if (def.type === 'object' && def.shape) return def.shape;
    const next = def.type === 'pipe' ? def.in : def.innerType;
    if (!next) return null;
    current = next as typeof current;
  }
  return null;
}

/** Reads a form's text values the way the route's schema expects them. */
export function coerceFormBody(
  schema: z.ZodType,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const shape = objectShape(schema);
  if (!shape) return body;
  const out: Record<string, unknown> = { ...body };
  for (const [key, fieldSchema] of Object.entries(shape)) {
    const value = out[key];
    if (typeof value !== 'string') continue;
    const kind = innerType(fieldSchema);
    if (kind === 'array' || kind === 'object' || kind === 'record' || kind === 'tuple') {
      try {
        out[key] = JSON.parse(value) as unknown;
      } catch {
        // Left as text: the schema then names this field as invalid.
      }
    } else if (kind === 'boolean') {
      if (value === 'true' || value === '1') out[key] = true;
      else if (value === 'false' || value === '0') out[key] = false;
    } else if (kind === 'number' || kind === 'int') {
      if (value.trim() !== '' && !Number.isNaN(Number(value))) out[key] = Number(value);
    } else if (kind === 'null' && value === '') {
      out[key] = null;
    }
  }
  return out;
}
