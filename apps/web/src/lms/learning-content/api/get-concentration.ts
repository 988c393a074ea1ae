import { queryOptions, useQuery } from '@tanstack/react-query';
import { concentrationSchema } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';

export const getConcentration = (programmeId: number) =>
  apiFetch(`/api/en/lms/concentration/${programmeId}`, { schema: concentrationSchema });

export const concentrationQueryOptions = (programmeId: number) =>
  queryOptions({
    queryKey: ['learning-content', 'concentration', programmeId],
    queryFn: () => getConcentration(programmeId),
  });

export const useConcentration = (programmeId: number) =>
  useQuery(concentrationQueryOptions(programmeId));
