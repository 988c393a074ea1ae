import { queryOptions, useQuery } from '@tanstack/react-query';
import { programmeClassesSchema } from '@lantern/contracts/classes';
import { apiFetch } from '../../../lib/api-client';

export const getClasses = (programmeId: number) =>
  apiFetch(`/api/en/programme/professional-certificate/${programmeId}/classes`, {
    schema: programmeClassesSchema,
  });

export const classesQueryOptions = (programmeId: number) =>
  queryOptions({
    queryKey: ['programmes', 'classes', programmeId],
    queryFn: () => getClasses(programmeId),
  });

export const useClasses = (programmeId: number) => useQuery(classesQueryOptions(programmeId));
