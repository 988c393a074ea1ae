/* The one place that talks HTTP (ARCHITECTURE.md "Web"): components use the hooks in
 * features/<area>/api, and those call `apiRequest`. The SPA is served by the API on the same
 * origin, so every URL is relative. */
import { DEBUG_PARAM, SWITCH_USER_PARAM } from '@lantern/contracts/constants';
import { tokenPairSchema } from '@lantern/contracts/auth';
import { configurationError, errorFromResponse, isApiError, networkError } from './api-errors';
import { recordError } from './app-store';
import {
  clearTokens,
  getAccessToken,
  getImpersonatedUsername,
  getRefreshToken,
  isDebugEnabled,
  setRedirectUrl,
  tokenUser,
  storeTokens,
} from './storage';

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
  /** Outlive the page (a save as the tab is hidden or closed). */
  keepalive?: boolean;
};

const IMPERSONATOR_PATH = '/api/general/impersonators/';
const REFRESH_PATH = '/api/token/refresh';
const LOGIN_PATH = '/en/login';
/** One name for every tab of this origin: they share the tokens in local storage. */
const REFRESH_LOCK = 'lantern-refresh';
/** A hung refresh would hold the lock for every tab; past this it counts as no response. */
const REFRESH_TIMEOUT_MS = 30_000;

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

/** Called with the user whose session ended (the token's subject), or null. */
type SessionExpiredHandler = (user: string | null) => void;

function goToLogin(user: string | null): void {
  const here = window.location.pathname + window.location.search + window.location.hash;
  // The address is saved for the user whose session it was, not for whoever signs in next.
  if (!window.location.pathname.endsWith('/login')) setRedirectUrl(here, user);
  window.location.assign(LOGIN_PATH);
}

let onSessionExpired: SessionExpiredHandler = goToLogin;

/** Lets tests (and the router) replace the full-page redirect to the sign-in page. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler | null): void {
  onSessionExpired = handler ?? goToLogin;
}

/* Refresh (spec §4, §8). The server rotates the refresh token on every use and treats a token
 * used twice as a replay that ends the whole sign-in, so two refreshes of the same token must
 * never leave this browser: one tab refreshes at a time (Web Locks), and whoever gets the lock
 * second finds the token already rotated and takes the stored access token instead. */

/** Posts the refresh token: the new access token, or null when the server refuses it. A missing
 * or failed answer of any other kind throws, and the stored tokens stay as they are. */
async function postRefresh(refreshToken: string): Promise<string | null> {
  let response: Response;
  try {
    // eslint-disable-next-line no-restricted-globals -- the api client is the one module allowed to call fetch
    response = await fetch(REFRESH_PATH, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: new URLSearchParams({ refresh_token: refreshToken }),
      signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS),
    });
  } catch {
    throw networkError();
  }
  // Only a refusal ends the sign-in: 400 (malformed) or 401 (unknown, expired or replayed).
  if (response.status === 400 || response.status === 401) return null;
  if (!response.ok) throw await errorFromResponse(response);
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw configurationError(response.status);
  }
  const pair = tokenPairSchema.safeParse(data);
  if (!pair.success) throw configurationError(response.status);
  storeTokens(pair.data.token, pair.data.refresh_token);
  return pair.data.token;
}

/** Runs with the lock held: refreshes only if nobody rotated the token the request was sent with. */
async function refreshUnlessRotated(usedRefreshToken: string | null): Promise<string | null> {
  const stored = getRefreshToken();
  if (stored === null) return null;
  const storedAccess = getAccessToken();
  if (stored !== usedRefreshToken && storedAccess !== null) return storedAccess;
  return postRefresh(stored);
}

/* Web Locks exist only in secure contexts (https, localhost); elsewhere each tab keeps to one
 * refresh at a time on its own. */
const lockManager = (): LockManager | null =>
  typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null;

let refreshInFlight: Promise<string | null> | null = null;

/**
 * A fresh access token for a request that got a 401 after being sent with `usedRefreshToken`
 * stored; null when the sign-in has ended. Concurrent 401s wait for the same refresh, in this
 * tab and across tabs. Throws (keeping the tokens) when the refresh gets no usable answer.
 */
export function refreshAccessToken(usedRefreshToken: string | null): Promise<string | null> {
  const locks = lockManager();
  if (locks) return locks.request(REFRESH_LOCK, () => refreshUnlessRotated(usedRefreshToken));
  refreshInFlight ??= refreshUnlessRotated(usedRefreshToken).finally(() => {
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
  if (options.keepalive) init.keepalive = true;
  try {
    // eslint-disable-next-line no-restricted-globals -- the api client is the one module allowed to call fetch
    return await fetch(buildUrl(path, options.query, auth), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
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
    throw configurationError(response.status);
  }
  if (!schema) return data as T;
  try {
    return schema.parse(data);
  } catch {
    throw configurationError(response.status);
  }
}

async function perform<T>(path: string, options: RequestOptions<T>): Promise<T | undefined> {
  const response = await performRaw(path, options);
  return parseOk(response, options.schema);
}

/** Sends with the token, refreshing once on a 401; answers the ok response as it is. */
async function performRaw(path: string, options: RequestOptions<unknown>): Promise<Response> {
  const auth = options.auth ?? true;
  const token = auth ? getAccessToken() : null;
  const usedRefreshToken = auth ? getRefreshToken() : null;
  let response = await send(path, options, token);
  if (auth && response.status === 401) {
    // Refresh once and retry; a refresh without an answer throws here and keeps the session.
    const fresh = await refreshAccessToken(usedRefreshToken);
    if (fresh !== null) response = await send(path, options, fresh);
    if (fresh === null || response.status === 401) {
      const error = await errorFromResponse(response);
      clearTokens();
      onSessionExpired(tokenUser(token));
      throw error;
    }
  }
  if (!response.ok) throw await errorFromResponse(response);
  return response;
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
  if (data === undefined) throw configurationError();
  return data;
}

export type Download = { blob: Blob; filename: string };

const filenameOf = (response: Response, fallback: string): string => {
  const header = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
};

/** A file the API sends (an export): fetched with the bearer token like every other call, never
 * through a plain link that would go out without it. */
export async function apiDownload(
  path: string,
  options: Pick<RequestOptions<unknown>, 'query' | 'signal'> & { fallbackName: string },
): Promise<Download> {
  try {
    const response = await performRaw(path, { query: options.query, signal: options.signal });
    return { blob: await response.blob(), filename: filenameOf(response, options.fallbackName) };
  } catch (error) {
    if (isApiError(error) && error.kind === 'network') recordError(`no response ${path}`);
    throw error;
  }
}
