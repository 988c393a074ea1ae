import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { gradesOutPreviewSchema } from '@lantern/contracts/bachelor-credits';
import { apiFetch } from '../../../lib/api-client';

/** The first rows of grades out under a target schema (optionally one course). */
export const getGradesOut = (id: number, gradingSchemaId: number, courseId: number | null) =>
  apiFetch(`/api/en/programme/bachelor/${id}/transfer-out/grades-out`, {
    query: { gradingSchemaId, courseId, limit: 20 },
    schema: gradesOutPreviewSchema,
  });

export const useGradesOut = (id: number, gradingSchemaId: number | null, courseId: number | null) =>
  useQuery({
    queryKey: ['bachelor', id, 'grades-out', gradingSchemaId, courseId],
    queryFn: () => getGradesOut(id, gradingSchemaId ?? 0, courseId),
    enabled: gradingSchemaId !== null,
    placeholderData: keepPreviousData,
  });
