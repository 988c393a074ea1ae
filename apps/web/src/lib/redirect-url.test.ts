import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { apiRequest, setSessionExpiredHandler } from './api-client';
import { getRedirectUrl, setRedirectUrl, takeRedirectUrl, tokenUser } from './storage';

/** An access token as the server signs it: only its payload (`sub`) matters to the web. */
const tokenFor = (jwlId: number) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: jwlId, sid: 's' }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')}.signature`;

const VIEW_ONLY = tokenFor(10012);
const SUPER_ADMIN = tokenFor(10001);

beforeEach(() => {
  localStorage.clear();
});

describe('the saved return address (spec §9 REDIRECT_URL)', () => {
  it('reads the user of a token, and nothing of a token it cannot read', () => {
    expect(tokenUser(VIEW_ONLY)).toBe('10012');
    expect(tokenUser('not-a-token')).toBeNull();
    expect(tokenUser(null)).toBeNull();
  });

  it('leads after sign-in only the user whose session saved it there', () => {
    localStorage.setItem('authCode', VIEW_ONLY);
    setRedirectUrl('/en/not-authorised?right=USER__EDIT');
    localStorage.removeItem('authCode');
    // Another person signs in on the same browser: home, not the last page of the one before.
    expect(takeRedirectUrl(SUPER_ADMIN)).toBeNull();
    expect(getRedirectUrl()).toBeNull();

    localStorage.setItem('authCode', VIEW_ONLY);
    setRedirectUrl('/en/people');
    localStorage.removeItem('authCode');
    expect(takeRedirectUrl(VIEW_ONLY)).toBe('/en/people');
    expect(getRedirectUrl()).toBeNull();
  });

  it('leads anyone there when it was saved with no session', () => {
    setRedirectUrl('/en/lms/unit/7');
    expect(takeRedirectUrl(SUPER_ADMIN)).toBe('/en/lms/unit/7');
  });
});

describe('a session that ends on a refused refresh', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onExpired = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    setSessionExpiredHandler(onExpired);
  });
  afterEach(() => {
    setSessionExpiredHandler(null);
    vi.unstubAllGlobals();
  });

  it('names its user to the sign-in page, though its tokens are gone', async () => {
    localStorage.setItem('authCode', VIEW_ONLY);
    localStorage.setItem('refreshCode', 'refresh-1');
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse({ code: 'UNAUTHENTICATED', detail: 'Signed out' }, 401)),
    );
    await expect(apiRequest('/api/en/profile')).rejects.toThrow();
    expect(localStorage.getItem('authCode')).toBeNull();
    expect(onExpired).toHaveBeenCalledWith('10012');
  });
});
