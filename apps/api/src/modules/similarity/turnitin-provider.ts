import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ProviderResult, SimilarityProvider } from './provider';

/**
 * An outside similarity service of Turnitin's kind (decision 0020 §5.4), behind configuration.
 * The work goes up as its text and its files; the service answers later, by our polls or by its
 * signed callback. Every call has a time limit: a service that hangs is a retry, not a stuck job.
 */

const CALL_TIMEOUT_MS = 15_000;

const createdSchema = z.object({ id: z.string().min(1).max(200) });
export const turnitinStatusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.enum(['PENDING', 'COMPLETE', 'ERROR']),
  overall_match_percentage: z.number().min(0).max(100).nullable().optional(),
  report_url: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .optional(),
  error: z.string().max(500).nullable().optional(),
});
export type TurnitinStatus = z.infer<typeof turnitinStatusSchema>;

export function resultOfStatus(s: TurnitinStatus): ProviderResult {
  if (s.status === 'PENDING') return { status: 'pending', externalId: s.id };
  if (s.status === 'ERROR')
    return {
      status: 'skipped',
      reason: `The similarity service could not check this work: ${s.error ?? 'no reason given'}.`,
    };
  return {
    status: 'done',
    score: s.overall_match_percentage ?? 0,
    words: 0,
    matches: [],
    ...(s.report_url ? { reportUrl: s.report_url } : {}),
  };
}

async function call(
  url: string,
  apiKey: string,
  init: { method: 'GET' | 'POST'; body?: string },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
      },
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch {
    throw new Error('The similarity service did not answer.');
  }
  if (!response.ok)
    throw new Error(`The similarity service refused the request (${String(response.status)}).`);
  return response.json();
}

export function turnitinProvider(settings: { url: string; apiKey: string }): SimilarityProvider {
  const base = settings.url.replace(/\/$/, '');
  const poll = async (externalId: string) => {
    const body = await call(
      `${base}/submissions/${encodeURIComponent(externalId)}/similarity`,
      settings.apiKey,
      {
        method: 'GET',
      },
    );
    const parsed = turnitinStatusSchema.safeParse(body);
    if (!parsed.success) throw new Error('The similarity service answered something unexpected.');
    return resultOfStatus(parsed.data);
  };
  return {
    name: 'turnitin',
    check: async (input) => {
      const files = await Promise.all(
        input.files.map(async (f) => ({
          name: f.name,
          mime: f.mime,
          content: (await f.bytes()).toString('base64'),
        })),
      );
      const body = await call(`${base}/submissions`, settings.apiKey, {
        method: 'POST',
        body: JSON.stringify({
          reference: `lantern-check-${String(input.checkId)}`,
          text: input.texts.find((t) => t.part === 0)?.text ?? null,
          files,
        }),
      });
      const parsed = createdSchema.safeParse(body);
      if (!parsed.success) throw new Error('The similarity service answered something unexpected.');
      return { status: 'pending', externalId: parsed.data.id };
    },
    poll,
  };
}

/** The callback's signature: hex HMAC-SHA256 of the raw body with the shared secret. */
export function signBody(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export function validSignature(secret: string, body: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const want = Buffer.from(signBody(secret, body), 'hex');
  return timingSafeEqual(want, Buffer.from(given, 'hex'));
}
