import type { ErrorCode } from '@lantern/contracts/errors';
import { fieldsDetail } from '@lantern/contracts/labels';

/** An error meant for the caller: its detail is shown as is (spec §8). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extra: {
      fields?: Record<string, string>;
      missingRight?: string;
      retryAfterSeconds?: number;
      current?: unknown;
    } = {},
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'The record') =>
  new AppError(404, 'NOT_FOUND', `${what} was not found.`);

export const badRequest = (detail: string, fields?: Record<string, string>) =>
  new AppError(400, 'VALIDATION', detail, fields ? { fields } : {});

/** A refusal with per-field messages; the detail names each field by its label. */
export const invalidFields = (fields: Record<string, string>) =>
  badRequest(fieldsDetail(fields), fields);
