import { Alert, Anchor, Loader } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { PublicPage } from '../../../components/public-page';
import { useResetTokenCheck } from '../api/check-reset-token';
import { SetNewPasswordForm } from '../components/set-new-password-form';

/** The mail link is /en/set-new-password#token=…: the token stays in the fragment, out of logs. */
export const tokenFromHash = (hash: string): string | null =>
  new URLSearchParams(hash.replace(/^#/, '')).get('token');

/** A link that cannot set a password says so in words, with the way to a new one. */
export function InvalidLinkAlert() {
  return (
    <Alert color="red.9" variant="light" role="alert" title={ERROR_TEXTS.invalidLink}>
      Links to set a password work once, for a limited time.{' '}
      <Anchor component={Link} to="/en/forgot-password">
        Ask for a new link
      </Anchor>
      .
    </Alert>
  );
}

function CheckedForm({ token }: { token: string }) {
  const check = useResetTokenCheck(token);
  if (check.isPending) return <Loader size="sm" aria-label="Checking the link" />;
  // A failed check (no answer) leaves the form: its submit gives the real answer.
  if (check.data?.valid === false) return <InvalidLinkAlert />;
  return <SetNewPasswordForm token={token} />;
}

export default function SetNewPasswordRoute() {
  const { hash } = useLocation();
  const token = tokenFromHash(hash);
  return (
    <PublicPage title="Set a new password">
      {token ? <CheckedForm token={token} /> : <InvalidLinkAlert />}
    </PublicPage>
  );
}
