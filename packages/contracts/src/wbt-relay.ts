import { WBT_MESSAGE_MAX_BYTES, type AppMessage, type PlayerMessage } from './wbt';

/**
 * Reading the relay's messages (decision 0020 §2.4): both ends parse every message they receive
 * with the schemas of `wbt.ts`, after checking its origin and source, and drop anything too
 * large or not one of them.
 */

/** The `v` of every message (the schemas' literal). */
export const WBT_RELAY_VERSION = 1;
export type PlayerCommit = Extract<PlayerMessage, { type: 'commit' }>;
export type PlayerInit = Extract<AppMessage, { type: 'init' }>;

/** A message's JSON size in characters (bytes for ASCII, which CMI nearly always is: the cap is
 * against floods, not an exact byte count), or null when it cannot be serialised. */
function jsonSize(data: unknown): number | null {
  try {
    const text = JSON.stringify(data);
    return typeof text === 'string' ? text.length : null;
  } catch {
    return null;
  }
}

/** A received message parsed, or null when it is too large or not one of ours. */
export function parseRelayMessage<T>(
  schema: { safeParse: (data: unknown) => { success: true; data: T } | { success: false } },
  data: unknown,
): T | null {
  const size = jsonSize(data);
  if (size === null || size > WBT_MESSAGE_MAX_BYTES) return null;
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
