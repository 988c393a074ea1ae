import type { Deps } from '../../lib/deps';
import { AppError, badRequest } from '../../lib/errors';
import { turnitinCheck } from './similarity-checks.repository';
import { applyResult } from './checks.service';
import { providerFor } from './providers';
import { resultOfStatus, turnitinStatusSchema, validSignature } from './turnitin-provider';

/**
 * The outside service's callback (0020 §5.4): a body signed with TURNITIN_WEBHOOK_SECRET, else
 * 401; idempotent by the service's id (a check already finished is left as it is).
 */
export async function turnitinCallback(
  deps: Deps,
  raw: string,
  signature: string | undefined,
): Promise<void> {
  const settings = deps.config.similarity.turnitin;
  if (!settings || !validSignature(settings.webhookSecret, raw, signature))
    throw new AppError(
      401,
      'UNAUTHENTICATED',
      'The callback is not signed with the shared secret.',
    );
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw badRequest('The callback body is not JSON.');
  }
  const parsed = turnitinStatusSchema.safeParse(body);
  if (!parsed.success) throw badRequest('The callback body is not a similarity result.');
  const check = await turnitinCheck(deps.db, parsed.data.id);
  if (!check) throw new AppError(404, 'NOT_FOUND', 'No check waits for this result.');
  if (check.status !== 'running') return;
  const result = resultOfStatus(parsed.data);
  if (result.status === 'pending') return;
  await applyResult(deps, check.id, result, providerFor(deps, 'turnitin'));
}
