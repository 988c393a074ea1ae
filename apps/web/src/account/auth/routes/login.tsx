import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TokenPair } from '@lantern/contracts/auth';
import { PublicPage } from '../../../components/public-page';
import { setImpersonatedUsername, storeTokens, takeRedirectUrl } from '../../../lib/storage';
import { LoginForm } from '../components/login-form';

/** Only addresses inside the app are followed after sign-in. */
const safeRedirect = (url: string | null): string =>
  url?.startsWith('/en/') && !url.startsWith('/en/login') ? url : '/en/home';

export default function LoginRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const onSuccess = (tokens: TokenPair) => {
    // The return address is this user's only if their session (or none) saved it.
    const target = safeRedirect(takeRedirectUrl(tokens.token));
    storeTokens(tokens.token, tokens.refresh_token);
    // Signing in ends any impersonation (spec §4).
    setImpersonatedUsername(null);
    queryClient.clear();
    void navigate(target, { replace: true });
  };

  return (
    <PublicPage title="Sign in">
      <LoginForm onSuccess={onSuccess} />
    </PublicPage>
  );
}
