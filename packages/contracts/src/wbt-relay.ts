import { z } from 'zod';

/**
 * The messages between the training player (content origin) and the app's relay (decision 0020
 * §2.4). Both sides parse every message they receive with these schemas, after checking its
 * origin and source; anything else is dropped. CMI travels only in messages, never in a URL.
 */

export const WBT_RELAY_VERSION = 1;
/** A message larger than this (as JSON) is dropped unread. */
export const WBT_MESSAGE_MAX_BYTES = 256 * 1024;
/** At most this many elements in one commit (the server's limit too). */
export const WBT_COMMIT_MAX_VALUES = 1000;
export const WBT_VALUE_MAX_CHARS = 65_536;
export const WBT_ELEMENT_PATTERN = /^(cmi|adl)\.[A-Za-z0-9_.]+$/;

export const wbtStandardSchema = z.enum(['scorm12', 'scorm2004', 'html']);
export type WbtStandard = z.infer<typeof wbtStandardSchema>;

const elementName = z.string().max(255).regex(WBT_ELEMENT_PATTERN);
export const wbtValuesSchema = z
  .record(elementName, z.string().max(WBT_VALUE_MAX_CHARS))
  .refine((values) => Object.keys(values).length <= WBT_COMMIT_MAX_VALUES, {
    message: `At most ${WBT_COMMIT_MAX_VALUES} elements in one commit.`,
  });

const v = z.literal(WBT_RELAY_VERSION);
const launchNo = z.number().int().min(0);
const sco = z.number().int().min(0).max(9999);

/** Player → app. */
export const playerMessageSchema = z.discriminatedUnion('type', [
  z.object({ v, type: z.literal('ready') }),
  z.object({
    v,
    type: z.literal('commit'),
    launchNo,
    seq: z.number().int().min(1),
    sco,
    values: wbtValuesSchema,
    terminate: z.boolean(),
  }),
  z.object({ v, type: z.literal('navigate'), sco }),
  z.object({ v, type: z.literal('error'), code: z.string().max(100) }),
]);
export type PlayerMessage = z.infer<typeof playerMessageSchema>;
export type PlayerCommit = Extract<PlayerMessage, { type: 'commit' }>;

/** App → player. */
export const appMessageSchema = z.discriminatedUnion('type', [
  z.object({
    v,
    type: z.literal('init'),
    /** null: a browse launch (preview, public, or not allowed to hand in): nothing is tracked. */
    attemptId: z.number().int().positive().nullable(),
    launchNo,
    standard: wbtStandardSchema,
    sco,
    /** The SCO's launch path inside the package (with its parameters). */
    href: z.string().min(1).max(2000),
    /** `<content origin>/c/<token>/`: the package's files. */
    contentBase: z.string().url().max(2000),
    /** The SCO's stored values to resume from (element → value). */
    cmi: z.record(elementName, z.string().max(WBT_VALUE_MAX_CHARS)),
    learner: z.object({ id: z.string().max(255), name: z.string().max(255) }),
    mode: z.enum(['normal', 'browse']),
    credit: z.enum(['credit', 'no-credit']),
  }),
  z.object({
    v,
    type: z.literal('ack'),
    seq: z.number().int().min(1),
    state: z.enum(['queued', 'queue_full']),
  }),
]);
export type AppMessage = z.infer<typeof appMessageSchema>;
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
