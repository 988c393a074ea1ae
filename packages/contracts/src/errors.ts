import { z } from 'zod';

/** Typed error codes the web can map; `detail` stays the text shown as is (spec §8). */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'TOKEN_INVALID',
  'FORBIDDEN',
  'MISSING_RIGHT',
  'ROLE_GRANT_DENIED',
  'RIGHT_GRANT_DENIED',
  'LAST_SUPER_ADMIN',
  'IMPERSONATION_DENIED',
  'LMS_NOT_AVAILABLE',
  'NOT_FOUND',
  'CONFLICT',
  'STALE_VERSION',
  'ALREADY_EXISTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'LOCKED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBodySchema = z.object({
  detail: z.string(),
  code: z.enum(ERROR_CODES),
  fields: z.record(z.string(), z.string()).optional(),
  missingRight: z.string().optional(),
  retryAfterSeconds: z.number().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
