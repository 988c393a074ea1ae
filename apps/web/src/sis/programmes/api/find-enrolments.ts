import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { enrolmentPageSchema } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';

export type FindEnrolmentsQuery = Record<string, string | number>;

export const findEnrolments = (programmeId: number, query: FindEnrolmentsQuery) =>
  apiFetch(`/api/en/programme/professional-certificate/${programmeId}/students`, {
    query,
    schema: enrolmentPageSchema,
  });

export const enrolmentsQueryOptions = (programmeId: number, query: FindEnrolmentsQuery) =>
  queryOptions({
    queryKey: ['programmes', 'students', programmeId, query],
    queryFn: () => findEnrolments(programmeId, query),
    placeholderData: keepPreviousData,
  });

export const useEnrolments = (programmeId: number, query: FindEnrolmentsQuery) =>
  useQuery(enrolmentsQueryOptions(programmeId, query));
