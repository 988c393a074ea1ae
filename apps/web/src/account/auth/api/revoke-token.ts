import { apiRequest } from '../../../lib/api-client';
import { clearSession, getRefreshToken } from '../../../lib/storage';

/** Sign-out: revoke the refresh token (best effort), forget the session, start over at sign-in. */
export async function signOut(): Promise<void> {
  const refreshToken = getRefreshToken();
  if (refreshToken) {
    try {
      await apiRequest('/api/token/revoke', {
        method: 'POST',
        body: { refresh_token: refreshToken },
        auth: false,
      });
    } catch {
      // The tokens are forgotten below in any case; an unrevoked one expires on its own.
    }
  }
  clearSession();
  window.location.assign('/en/login');
}
