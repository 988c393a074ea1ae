import { queryOptions, useQuery } from '@tanstack/react-query';
import { programmeCertificatesSchema } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';

export const getProgrammeCertificates = (programmeId: number) =>
  apiFetch(`/api/en/programme/professional-certificate/${programmeId}/certificates`, {
    schema: programmeCertificatesSchema,
  });

export const programmeCertificatesQueryOptions = (programmeId: number) =>
  queryOptions({
    queryKey: ['certificates', 'programme', programmeId],
    queryFn: () => getProgrammeCertificates(programmeId),
  });

export const useProgrammeCertificates = (programmeId: number) =>
  useQuery(programmeCertificatesQueryOptions(programmeId));
