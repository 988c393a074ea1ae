import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TEXTS, NETWORK_ERROR_KEYS } from '@lantern/contracts/messages';
import { fetchCall, jsonResponse, urlOf } from '../test/render';
import { apiFetch, apiRequest, setSessionExpiredHandler } from './api-client';
import { ApiError } from './api-errors';
import { clearErrors, getAppState } from './app-store';
import { displayError } from './errors';

const fetchMock = vi.fn<typeof fetch>();
const onExpired = vi.fn();

const authHeader = (init: RequestInit | undefined): string | undefined =>
  (init?.headers as Record<string, string> | undefined)?.Authorization;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  onExpired.mockReset();
  setSessionExpiredHandler(onExpired);
  clearErrors();
  localStorage.setItem('authCode', 'old-token');
  localStorage.setItem('refreshCode', 'refresh-1');
});

afterEach(() => {
  setSessionExpiredHandler(null);
  vi.unstubAllGlobals();
});

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client: tokens', () => {
  it('sends the stored access token as bearer', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await apiRequest('/api/en/profile');
    expect(authHeader(fetchCall(fetchMock, 0).init)).toBe('Bearer old-token');
  });

  it('refreshes once for two concurrent 401s and retries both with the new token', async () => {
    let releaseRefresh: () => void = () => undefined;
    const refreshDone = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    fetchMock.mockImplementation(async (input, init) => {
      const url = urlOf(input);
      if (url.startsWith('/api/token/refresh')) {
        await refreshDone;
        return jsonResponse({ token: 'new-token', refresh_token: 'refresh-2' });
      }
      return authHeader(init) === 'Bearer new-token'
        ? jsonResponse({ url })
        : jsonResponse({ detail: 'Expired token', code: 'UNAUTHENTICATED' }, 401);
    });

    const first = apiRequest('/api/a');
    const second = apiRequest('/api/b');
    await vi.waitFor(() => {
      expect(
        fetchMock.mock.calls.filter(([url]) => urlOf(url).startsWith('/api/token/refresh')),
      ).toHaveLength(1);
    });
    releaseRefresh();

    await expect(first).resolves.toEqual({ url: '/api/a' });
    await expect(second).resolves.toEqual({ url: '/api/b' });
    const refreshCalls = fetchMock.mock.calls.filter(([url]) =>
      urlOf(url).startsWith('/api/token/refresh'),
    );
    expect(refreshCalls).toHaveLength(1);
    const refreshInit = refreshCalls[0]?.[1];
    expect(refreshInit?.body).toBeInstanceOf(URLSearchParams);
    expect((refreshInit?.body as URLSearchParams).get('refresh_token')).toBe('refresh-1');
    expect(localStorage.getItem('authCode')).toBe('new-token');
    expect(localStorage.getItem('refreshCode')).toBe('refresh-2');
  });

  it('clears the tokens and goes to sign-in when the refresh fails', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).startsWith('/api/token/refresh')
          ? jsonResponse({ detail: 'Invalid refresh token', code: 'TOKEN_INVALID' }, 401)
          : jsonResponse({ detail: 'Expired token', code: 'UNAUTHENTICATED' }, 401),
      ),
    );
    const error = await caught(apiRequest('/api/a'));
    expect(error.status).toBe(401);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('authCode')).toBeNull();
    expect(localStorage.getItem('refreshCode')).toBeNull();
  });

  it('also ends the sign-in when the refresh is refused as malformed (400)', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).startsWith('/api/token/refresh')
          ? jsonResponse({ detail: 'This field must be filled', code: 'VALIDATION' }, 400)
          : jsonResponse({ detail: 'Expired token', code: 'UNAUTHENTICATED' }, 401),
      ),
    );
    await caught(apiRequest('/api/a'));
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('refreshCode')).toBeNull();
  });

  it('keeps the session when the refresh gets no response, and says the server did not answer', async () => {
    fetchMock.mockImplementation((input) =>
      urlOf(input).startsWith('/api/token/refresh')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve(jsonResponse({ detail: 'Expired token', code: 'UNAUTHENTICATED' }, 401)),
    );
    const error = await caught(apiRequest('/api/a'));
    expect(error.kind).toBe('network');
    expect(error.message).toBe(NETWORK_ERROR_KEYS.serverError);
    expect(onExpired).not.toHaveBeenCalled();
    expect(localStorage.getItem('authCode')).toBe('old-token');
    expect(localStorage.getItem('refreshCode')).toBe('refresh-1');
    expect(getAppState().errors[0]?.error).toContain('no response /api/a');
  });

  it('keeps the session when the refresh fails on the server (5xx)', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).startsWith('/api/token/refresh')
          ? jsonResponse({ detail: 'Internal error', code: 'INTERNAL' }, 503)
          : jsonResponse({ detail: 'Expired token', code: 'UNAUTHENTICATED' }, 401),
      ),
    );
    const error = await caught(apiRequest('/api/a'));
    expect(error.status).toBe(503);
    expect(error.message).toBe('Internal error');
    expect(onExpired).not.toHaveBeenCalled();
    expect(localStorage.getItem('refreshCode')).toBe('refresh-1');
  });

  it('uses the token an earlier refresh stored instead of refreshing it again', async () => {
    // The request leaves with refresh-1; before its 401 arrives another refresh stores refresh-2.
    fetchMock.mockImplementation((input, init) => {
      const url = urlOf(input);
      if (url.startsWith('/api/token/refresh')) {
        return Promise.resolve(jsonResponse({ detail: 'Replayed', code: 'TOKEN_INVALID' }, 401));
      }
      if (authHeader(init) === 'Bearer old-token') {
        localStorage.setItem('authCode', 'rotated-token');
        localStorage.setItem('refreshCode', 'refresh-2');
        return Promise.resolve(jsonResponse({ detail: 'Expired token' }, 401));
      }
      return Promise.resolve(jsonResponse({ auth: authHeader(init) }));
    });
    await expect(apiRequest('/api/a')).resolves.toEqual({ auth: 'Bearer rotated-token' });
    expect(fetchMock.mock.calls.some(([url]) => urlOf(url).startsWith('/api/token/refresh'))).toBe(
      false,
    );
  });

  it('does not refresh for calls made without a session (sign-in)', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ detail: 'Username or Password incorrect.', code: 'INVALID_CREDENTIALS' }, 401),
    );
    const error = await caught(
      apiRequest('/api/login_check', {
        method: 'POST',
        body: { username: 'a', password: 'b' },
        auth: false,
      }),
    );
    expect(error.message).toBe('Username or Password incorrect.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(authHeader(fetchCall(fetchMock, 0).init)).toBeUndefined();
    expect(onExpired).not.toHaveBeenCalled();
  });
});

/** A Web Locks stand-in: callbacks of the same name run one after another, as across tabs. */
function installLocks(beforeGrant: () => void = () => undefined) {
  let tail: Promise<unknown> = Promise.resolve();
  const request = vi.fn((_name: string, callback: () => Promise<unknown>) => {
    const run = tail.then(() => {
      beforeGrant();
      return callback();
    });
    tail = run.catch(() => undefined);
    return run;
  });
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
  return request;
}

describe('api client: refresh across tabs (Web Locks)', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  const refreshCalls = () =>
    fetchMock.mock.calls.filter(([url]) => urlOf(url).startsWith('/api/token/refresh'));

  it('refreshes under the lantern-refresh lock, once for two concurrent 401s', async () => {
    const request = installLocks();
    fetchMock.mockImplementation((input, init) => {
      const url = urlOf(input);
      if (url.startsWith('/api/token/refresh')) {
        return Promise.resolve(jsonResponse({ token: 'new-token', refresh_token: 'refresh-2' }));
      }
      return Promise.resolve(
        authHeader(init) === 'Bearer new-token'
          ? jsonResponse({ url })
          : jsonResponse({ detail: 'Expired token', code: 'UNAUTHENTICATED' }, 401),
      );
    });
    const [first, second] = await Promise.all([apiRequest('/api/a'), apiRequest('/api/b')]);
    expect(first).toEqual({ url: '/api/a' });
    expect(second).toEqual({ url: '/api/b' });
    expect(request).toHaveBeenCalledTimes(2);
    expect(request.mock.calls.every(([name]) => name === 'lantern-refresh')).toBe(true);
    expect(refreshCalls()).toHaveLength(1);
    expect(localStorage.getItem('refreshCode')).toBe('refresh-2');
  });

  it('takes the tokens another tab rotated while this one waited for the lock', async () => {
    installLocks(() => {
      // The other tab held the lock and stored its new pair.
      localStorage.setItem('authCode', 'other-tab-token');
      localStorage.setItem('refreshCode', 'refresh-2');
    });
    fetchMock.mockImplementation((input, init) =>
      Promise.resolve(
        authHeader(init) === 'Bearer other-tab-token'
          ? jsonResponse({ url: urlOf(input) })
          : jsonResponse({ detail: 'Expired token', code: 'UNAUTHENTICATED' }, 401),
      ),
    );
    await expect(apiRequest('/api/a')).resolves.toEqual({ url: '/api/a' });
    expect(refreshCalls()).toHaveLength(0);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('ends here too when another tab signed out meanwhile', async () => {
    installLocks(() => {
      localStorage.removeItem('authCode');
      localStorage.removeItem('refreshCode');
    });
    fetchMock.mockResolvedValue(jsonResponse({ detail: 'Expired token' }, 401));
    await caught(apiRequest('/api/a'));
    expect(refreshCalls()).toHaveLength(0);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });
});

describe('api client: query parameters', () => {
  it('appends _switch_user while impersonating, but not on impersonator searches', async () => {
    localStorage.setItem('impersonateUsername', 'coordinator');
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse([])));
    await apiRequest('/api/en/home/summary', { query: { page: 2 } });
    await apiRequest('/api/general/impersonators/coor', { method: 'POST' });
    expect(fetchCall(fetchMock, 0).url).toBe(
      '/api/en/home/summary?page=2&_switch_user=coordinator',
    );
    expect(fetchCall(fetchMock, 1).url).toBe('/api/general/impersonators/coor');
  });

  it('appends no _switch_user when nobody is impersonated', async () => {
    fetchMock.mockResolvedValue(jsonResponse({}));
    await apiRequest('/api/en/profile');
    expect(fetchCall(fetchMock, 0).url).toBe('/api/en/profile');
  });

  it('appends the debug parameter when the debug flag is stored', async () => {
    localStorage.setItem('xdebug_enabled', '1');
    fetchMock.mockResolvedValue(jsonResponse({}));
    await apiRequest('/api/en/profile');
    expect(fetchCall(fetchMock, 0).url).toBe('/api/en/profile?XDEBUG_SESSION_START=1');
  });

  it('treats only a stored 1 or true as the debug flag', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({})));
    for (const value of ['true', '0', 'false', 'yes', '']) {
      localStorage.setItem('xdebug_enabled', value);
      await apiRequest('/api/en/profile');
    }
    expect(fetchMock.mock.calls.map(([url]) => urlOf(url))).toEqual([
      '/api/en/profile?XDEBUG_SESSION_START=1',
      '/api/en/profile',
      '/api/en/profile',
      '/api/en/profile',
      '/api/en/profile',
    ]);
  });

  it('sends plain objects as JSON and form data as it is', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response(null, { status: 204 })));
    await apiRequest('/api/x', { method: 'POST', body: { a: 1 } });
    const form = new URLSearchParams({ roles: '["COORDINATOR"]' });
    await apiRequest('/api/y', { method: 'POST', body: form });
    expect(fetchCall(fetchMock, 0).init.body).toBe('{"a":1}');
    expect((fetchCall(fetchMock, 0).init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/json',
    );
    expect(fetchCall(fetchMock, 1).init.body).toBe(form);
  });
});

describe('api client: errors (spec §8)', () => {
  it('uses the server detail as is, with code, fields and missing right', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          detail: 'Missing right',
          code: 'MISSING_RIGHT',
          missingRight: 'MAIL_LOG__DISPLAY',
          fields: { q: 'Too long' },
        },
        403,
      ),
    );
    const error = await caught(apiRequest('/api/en/mail-log'));
    expect(error.message).toBe('Missing right');
    expect(error.code).toBe('MISSING_RIGHT');
    expect(error.missingRight).toBe('MAIL_LOG__DISPLAY');
    expect(error.fields).toEqual({ q: 'Too long' });
    expect(displayError(error)).toBe('Missing right');
  });

  it('gives the server-error key without a response, translated for display', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await caught(apiRequest('/api/en/profile'));
    expect(error.message).toBe(NETWORK_ERROR_KEYS.serverError);
    expect(error.kind).toBe('network');
    expect(displayError(error)).toBe(ERROR_TEXTS.serverError);
  });

  it('gives the configuration-error key for a response without a detail', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await caught(apiRequest('/api/en/profile'));
    expect(error.message).toBe(NETWORK_ERROR_KEYS.configurationError);
    expect(displayError(error)).toBe(ERROR_TEXTS.configurationError);
  });

  it('gives the configuration-error key when an answer does not match its schema', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ unexpected: true }));
    const schema = {
      parse: (data: unknown) => {
        if (typeof data === 'object' && data !== null && 'version' in data) return data;
        throw new Error('no version');
      },
    };
    const error = await caught(apiFetch('/api/get-current-version', { schema }));
    expect(error.kind).toBe('configuration');
  });

  it('records server errors and missing responses in the error list, not client errors', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
    await caught(apiRequest('/api/en/a'));
    expect(getAppState().errors).toHaveLength(0);

    fetchMock.mockResolvedValueOnce(
      jsonResponse({ detail: 'Internal error', code: 'INTERNAL' }, 500),
    );
    await caught(apiRequest('/api/en/b'));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await caught(apiRequest('/api/en/c'));
    const errors = getAppState().errors;
    expect(errors).toHaveLength(2);
    expect(errors[0]?.error).toContain('500 /api/en/b');
    expect(errors[0]?.page).toBe(window.location.pathname);
  });
});
