/* How a failed call becomes the text the user sees (spec §8): the server's `detail` as is (a
 * list joined by commas, an object as code plus message), or one of the two network keys. */
import { ERROR_CODES, type ErrorCode } from '@lantern/contracts/errors';
import { NETWORK_ERROR_KEYS } from '@lantern/contracts/messages';

export type ErrorKind = 'response' | 'network' | 'configuration';

/** A failed call. `message` is the text to show: the server's detail as is, or one of the two
 * network translation keys; `displayError` in lib/errors.ts turns keys into text. */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly status: number | null;
  readonly code: ErrorCode | null;
  readonly fields: Readonly<Record<string, string>>;
  readonly missingRight: string | null;
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    kind: ErrorKind;
    message: string;
    status?: number | null;
    code?: ErrorCode | null;
    fields?: Record<string, string>;
    missingRight?: string | null;
    retryAfterSeconds?: number | null;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.code = init.code ?? null;
    this.fields = init.fields ?? {};
    this.missingRight = init.missingRight ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** A request that got no response at all: 'network.error.serverError'. */
export const networkError = (): ApiError =>
  new ApiError({ kind: 'network', message: NETWORK_ERROR_KEYS.serverError });

/** A response the app cannot read: 'network.error.configurationError'. */
export const configurationError = (status: number | null = null): ApiError =>
  new ApiError({ kind: 'configuration', message: NETWORK_ERROR_KEYS.configurationError, status });

const CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);
const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && CODE_SET.has(value);

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text of a server `detail`: as is; a list joined by ', '; an object as `code: message`. */
export function detailText(detail: unknown): string | null {
  if (typeof detail === 'string') return detail;
  if (typeof detail === 'number' || typeof detail === 'boolean') return String(detail);
  if (Array.isArray(detail)) {
    const parts = detail
      .map(detailText)
      .filter((part): part is string => part !== null && part !== '');
    return parts.length > 0 ? parts.join(', ') : null;
  }
  if (isRecord(detail)) {
    if ('code' in detail && 'message' in detail) {
      return `${detailText(detail.code) ?? ''}: ${detailText(detail.message) ?? ''}`;
    }
    const parts = Object.entries(detail).map(
      ([code, message]) => `${code}: ${detailText(message) ?? ''}`,
    );
    return parts.length > 0 ? parts.join(', ') : null;
  }
  return null;
}

function stringRecord(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    const text = detailText(message);
    if (text !== null) out[key] = text;
  }
  return out;
}

/** The error for a response that is not ok; one without a readable detail is a configuration error. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const detail = isRecord(body) ? detailText(body.detail) : null;
  if (!isRecord(body) || detail === null) return configurationError(response.status);
  return new ApiError({
    kind: 'response',
    message: detail,
    status: response.status,
    code: isErrorCode(body.code) ? body.code : null,
    fields: stringRecord(body.fields),
    missingRight: typeof body.missingRight === 'string' ? body.missingRight : null,
    retryAfterSeconds: typeof body.retryAfterSeconds === 'number' ? body.retryAfterSeconds : null,
  });
}
