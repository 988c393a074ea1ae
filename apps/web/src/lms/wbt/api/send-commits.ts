import { wbtCommitResultSchema, type WbtCommit } from '@lantern/contracts/wbt';
import { apiFetch } from '../../../lib/api-client';

/** Hands queued commits of one attempt to the server (the relay's sender calls it). */
export const sendCommits = (
  attemptId: number,
  commits: WbtCommit[],
  options: { keepalive: boolean },
) =>
  apiFetch(`/api/en/lms/wbt-attempt/${attemptId}/commits`, {
    method: 'POST',
    body: { commits },
    schema: wbtCommitResultSchema,
    keepalive: options.keepalive,
  });
