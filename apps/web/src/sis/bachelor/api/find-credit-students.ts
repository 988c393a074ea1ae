import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { creditStudentListSchema } from '@lantern/contracts/bachelor-credits';
import { apiFetch } from '../../../lib/api-client';

/** A page of the programme's students with their degree progress. */
export const findCreditStudents = (id: number, query: Record<string, string | number>) =>
  apiFetch(`/api/en/programme/bachelor/${id}/credits/students`, {
    query,
    schema: creditStudentListSchema,
  });

export const useCreditStudents = (id: number, query: Record<string, string | number>) =>
  useQuery({
    queryKey: ['bachelor', id, 'credits', 'students', query],
    queryFn: () => findCreditStudents(id, query),
    placeholderData: keepPreviousData,
  });
