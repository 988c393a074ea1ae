import { attemptSchema, type Attempt, type DraftInput } from '@lantern/contracts/learning-work';
import { apiFetch, apiRequest } from '../../../lib/api-client';

/**
 * Saves the draft of the current attempt. Called by the autosave (not a mutation hook: it runs
 * on timers and on leaving the page, and keeps its own state).
 */
export const saveDraft = (itemId: number, input: DraftInput): Promise<Attempt> =>
  apiFetch(`/api/en/lms/task/${itemId}/draft`, {
    method: 'PUT',
    body: input,
    schema: attemptSchema,
  });

/**
 * The same save as the page is left (tab hidden or closed): a keepalive request outlives the
 * page, which an ordinary call would not. Best effort; the text also stays in local storage.
 */
export function saveDraftOnLeave(itemId: number, input: DraftInput): void {
  apiRequest(`/api/en/lms/task/${itemId}/draft`, {
    method: 'PUT',
    body: input,
    keepalive: true,
  }).catch(() => undefined);
}
