import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { enrolmentPageSchema } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

/** Active students of the programme matching a search (the first 100), to place in a course. */
export const findActiveStudents = (programmeId: number, q: string) =>
  apiFetch(`${bachelorApi(programmeId)}/students`, {
    query: { state: 'active', q, limit: 100 },
    schema: enrolmentPageSchema,
  });

export const useActiveStudents = (programmeId: number, q: string, enabled: boolean) =>
  useQuery({
    queryKey: ['bachelor', programmeId, 'active-students', q],
    queryFn: () => findActiveStudents(programmeId, q),
    placeholderData: keepPreviousData,
    enabled,
  });
