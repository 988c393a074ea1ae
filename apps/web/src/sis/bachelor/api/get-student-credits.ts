import { useQuery } from '@tanstack/react-query';
import { studentCreditsSchema } from '@lantern/contracts/bachelor-credits';
import { apiFetch } from '../../../lib/api-client';

/** A student's degree progress and every ledger entry with its provenance. */
export const getStudentCredits = (id: number, enrolmentId: number) =>
  apiFetch(`/api/en/programme/bachelor/${id}/students/${enrolmentId}/credits`, {
    schema: studentCreditsSchema,
  });

export const useStudentCredits = (id: number, enrolmentId: number | null) =>
  useQuery({
    queryKey: ['bachelor', id, 'credits', 'student', enrolmentId],
    queryFn: () => getStudentCredits(id, enrolmentId ?? 0),
    enabled: enrolmentId !== null,
  });
