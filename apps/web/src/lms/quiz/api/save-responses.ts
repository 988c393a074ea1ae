import { autosaveResultSchema, type AutosaveInput } from '@lantern/contracts/quiz';
import { apiFetch, apiRequest } from '../../../lib/api-client';

/** Saves changed answers of an attempt (called by the autosave, which keeps its own state). */
export const saveResponses = (attemptId: number, input: AutosaveInput) =>
  apiFetch(`/api/en/lms/quiz-attempt/${attemptId}/responses`, {
    method: 'PUT',
    body: input,
    schema: autosaveResultSchema,
  });

/** The same save as the page is left: a keepalive request outlives the page. Best effort. */
export function saveResponsesOnLeave(attemptId: number, input: AutosaveInput): void {
  apiRequest(`/api/en/lms/quiz-attempt/${attemptId}/responses`, {
    method: 'PUT',
    body: input,
    keepalive: true,
  }).catch(() => undefined);
}
