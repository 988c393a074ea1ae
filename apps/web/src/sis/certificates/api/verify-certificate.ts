import { queryOptions, useQuery } from '@tanstack/react-query';
import { certificateVerificationSchema } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';

/** Needs no sign-in; a code no certificate has is a 404 (an ApiError with status 404). */
export const verifyCertificate = (code: string) =>
  apiFetch(`/public-api/1.0/certificates/${encodeURIComponent(code)}`, {
    schema: certificateVerificationSchema,
    auth: false,
  });

export const verificationQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['certificates', 'verification', code],
    queryFn: () => verifyCertificate(code),
    retry: false,
  });

export const useCertificateVerification = (code: string) =>
  useQuery({ ...verificationQueryOptions(code), enabled: code !== '' });
