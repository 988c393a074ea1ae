import { wbtAttemptSummarySchema, type WbtOpenTimeInput } from '@lantern/contracts/wbt';
import { apiFetch } from '../../../lib/api-client';

/** How long an HTML package has been open in this launch (the server caps it by the launch's age). */
export const sendOpenTime = (
  attemptId: number,
  input: WbtOpenTimeInput,
  options: { keepalive: boolean } = { keepalive: false },
) =>
  apiFetch(`/api/en/lms/wbt-attempt/${attemptId}/open-time`, {
    method: 'POST',
    body: input,
    schema: wbtAttemptSummarySchema,
    keepalive: options.keepalive,
  });
