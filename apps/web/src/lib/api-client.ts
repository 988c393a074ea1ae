/* The one place that talks HTTP (ARCHITECTURE.md "Web"): components use the hooks in
 * features/<area>/api, and those call `apiRequest`. The SPA is served by the API on the same
 * origin, so every URL is relative. */
import { DEBUG_PARAM, SWITCH_USER_PARAM } from '@lantern/contracts/constants';
import { ERROR_CODES, type ErrorCode } from '@lantern/contracts/errors';
import { NETWORK_ERROR_KEYS } from '@lantern/contracts/messages';
import { recordError } from './app-store';
import {
  clearTokens,
  getAccessToken,
  getImpersonatedUsername,
  getRefreshToken,
  isDebugEnabled,
  setRedirectUrl,
  storeTokens,
} from './storage';

export type ErrorKind = 'response' | 'network' | 'configuration';

/** A failed call. `message` is the text to show (spec §8): the server's detail as is, or one
 * of the two network translation keys; `displayError` in lib/errors.ts turns keys into text. */
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

/** Anything with a zod-like `parse`; the client validates every JSON answer it is given one for. */
export type Parser<T> = { parse: (data: unknown) => T };

export type RequestBody = Record<string, unknown> | FormData | URLSearchParams;

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: RequestBody;
  query?: Record<string, string | number | null | undefined>;
  schema?: Parser<T>;
  /** Send the bearer token and refresh it on a 401 (default true). */
  auth?: boolean;
  signal?: AbortSignal;
};

const IMPERSONATOR_PATH = '/api/general/impersonators/';
const REFRESH_PATH = '/api/token/refresh';
const LOGIN_PATH = '/en/login';

const CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);
const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && CODE_SET.has(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text of a server `detail` (spec §8): as is; a list joined by ', '; an object as `code: message`. */
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

/** Builds the error for a response that is not ok. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const detail = isRecord(body) ? detailText(body.detail) : null;
  if (!isRecord(body) || detail === null) {
    return new ApiError({
      kind: 'configuration',
      message: NETWORK_ERROR_KEYS.configurationError,
      status: response.status,
    });
  }
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

export function buildUrl(
  path: string,
  query: RequestOptions<unknown>['query'],
  auth: boolean,
): string {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined && value !== '')
      url.searchParams.set(key, String(value));
  }
  const impersonated = getImpersonatedUsername();
  if (auth && impersonated && !url.pathname.startsWith(IMPERSONATOR_PATH)) {
    url.searchParams.set(SWITCH_USER_PARAM, impersonated);
  }
  if (isDebugEnabled()) url.searchParams.set(DEBUG_PARAM, '1');
  return url.pathname + url.search;
}

function encodeBody(body: RequestBody | undefined): { body?: BodyInit; contentType?: string } {
  if (body === undefined) return {};
  if (body instanceof FormData || body instanceof URLSearchParams) return { body };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

type SessionExpiredHandler = () => void;

function goToLogin(): void {
  const here = window.location.pathname + window.location.search + window.location.hash;
  if (!window.location.pathname.endsWith('/login')) setRedirectUrl(here);
  window.location.assign(LOGIN_PATH);
}

let onSessionExpired: SessionExpiredHandler = goToLogin;

/** Lets tests (and the router) replace the full-page redirect to the sign-in page. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler | null): void {
  onSessionExpired = handler ?? goToLogin;
}

let refreshInFlight: Promise<string | null> | null = null;

async function doRefresh(): Promise<string | null> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return null;
  try {
    // eslint-disable-next-line no-restricted-globals -- the api client is the one module allowed to call fetch
    const response = await fetch(REFRESH_PATH, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: new URLSearchParams({ refresh_token: refreshToken }),
    });
    if (!response.ok) return null;
    const data: unknown = await response.json();
    if (!isRecord(data) || typeof data.token !== 'string' || typeof data.refresh_token !== 'string')
      return null;
    storeTokens(data.token, data.refresh_token);
    return data.token;
  } catch {
    return null;
  }
}

/** Refreshes once for everyone: concurrent 401s wait for the same refresh (spec §4). */
export function refreshAccessToken(): Promise<string | null> {
  refreshInFlight ??= doRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function send(
  path: string,
  options: RequestOptions<unknown>,
  token: string | null,
): Promise<Response> {
  const auth = options.auth ?? true;
  const { body, contentType } = encodeBody(options.body);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (contentType) headers['Content-Type'] = contentType;
  if (auth && token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
  };
  if (body !== undefined) init.body = body;
  if (options.signal) init.signal = options.signal;
  try {
    // eslint-disable-next-line no-restricted-globals -- the api client is the one module allowed to call fetch
    return await fetch(buildUrl(path, options.query, auth), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ kind: 'network', message: NETWORK_ERROR_KEYS.serverError });
  }
}

async function parseOk<T>(
  response: Response,
  schema: Parser<T> | undefined,
): Promise<T | undefined> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ApiError({
      kind: 'configuration',
      message: NETWORK_ERROR_KEYS.configurationError,
      status: response.status,
    });
  }
  if (!schema) return data as T;
  try {
    return schema.parse(data);
  } catch {
    throw new ApiError({
      kind: 'configuration',
      message: NETWORK_ERROR_KEYS.configurationError,
      status: response.status,
    });
  }
}

async function perform<T>(path: string, options: RequestOptions<T>): Promise<T | undefined> {
  const auth = options.auth ?? true;
  const token = auth ? getAccessToken() : null;
  let response = await send(path, options, token);
  if (auth && response.status === 401) {
    const stored = getAccessToken();
    // Another request may have refreshed while this one was on its way: use that token.
    const fresh = stored !== null && stored !== token ? stored : await refreshAccessToken();
    if (fresh !== null) response = await send(path, options, fresh);
    if (fresh === null || response.status === 401) {
      const error = await errorFromResponse(response);
      clearTokens();
      onSessionExpired();
      throw error;
    }
  }
  if (!response.ok) throw await errorFromResponse(response);
  return parseOk(response, options.schema);
}

/** Serves both the answer and the error list of the store (errors ≥ 500 and no response). */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T | undefined> {
  try {
    return await perform(path, options);
  } catch (error) {
    if (
      isApiError(error) &&
      (error.kind === 'network' || (error.status !== null && error.status >= 500))
    ) {
      recordError(`${error.status ?? 'no response'} ${path}: ${error.message}`);
    }
    throw error;
  }
}

/** A call that must answer with a body matching `schema`. */
export async function apiFetch<T>(
  path: string,
  options: RequestOptions<T> & { schema: Parser<T> },
): Promise<T> {
  const data = await apiRequest(path, options);
  if (data === undefined) {
    throw new ApiError({ kind: 'configuration', message: NETWORK_ERROR_KEYS.configurationError });
  }
  return data;
}
