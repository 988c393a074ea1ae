import '@mantine/core/styles/Table.layer.css';
import { Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { PublicPage } from '../../../components/public-page';
import { useCertificateVerification } from '../api/verify-certificate';
import { VerificationResult, type VerificationState } from '../components/verification-result';
import { VerifyCodeForm } from '../components/verify-code-form';

function useVerificationState(code: string): VerificationState | null {
  const query = useCertificateVerification(code);
  if (code === '') return null;
  if (query.data) return { status: 'found', result: query.data };
  if (query.isError)
    return isApiError(query.error) && query.error.status === 404
      ? { status: 'not-found', code }
      : { status: 'error', message: displayError(query.error) };
  return { status: 'loading' };
}

/** The public page a certificate's QR code opens: is this certificate real? No sign-in. */
export default function CertificateVerificationRoute() {
  const code = useParams().code ?? '';
  const state = useVerificationState(code);
  return (
    <PublicPage title="Certificate verification" width={560}>
      {state ? (
        <VerificationResult state={state} />
      ) : (
        <Text size="sm">
          Every certificate carries a verification code and a QR code. Enter the code to see whether
          the certificate is valid and what it says.
        </Text>
      )}
      <Stack gap={4}>
        {state ? (
          <Text size="sm" fw={600}>
            Check another code
          </Text>
        ) : null}
        <VerifyCodeForm key={code} />
      </Stack>
    </PublicPage>
  );
}
