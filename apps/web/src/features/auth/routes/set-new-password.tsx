import { Alert, Anchor } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PublicPage } from '../../../components/public-page';
import { SetNewPasswordForm } from '../components/set-new-password-form';

/** The mail link is /en/set-new-password#token=…: the token stays in the fragment, out of logs. */
export const tokenFromHash = (hash: string): string | null =>
  new URLSearchParams(hash.replace(/^#/, '')).get('token');

export default function SetNewPasswordRoute() {
  const { hash } = useLocation();
  const token = tokenFromHash(hash);
  return (
    <PublicPage title="Set a new password">
      {token ? (
        <SetNewPasswordForm token={token} />
      ) : (
        <Alert color="red.9" variant="light" role="alert">
          This link is incomplete. Please open the link from the e-mail again, or{' '}
          <Anchor component={Link} to="/en/forgot-password">
            ask for a new one
          </Anchor>
          .
        </Alert>
      )}
    </PublicPage>
  );
}
