import { queryOptions, useQuery } from '@tanstack/react-query';
import { programmeSchema } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';

export const getProgramme = (id: number) =>
  apiFetch(`/api/en/programme/professional-certificate/${id}`, { schema: programmeSchema });

export const programmeQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['programmes', 'one', id], queryFn: () => getProgramme(id) });

export const useProgramme = (id: number) => useQuery(programmeQueryOptions(id));
