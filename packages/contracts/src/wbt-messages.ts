// Relay messages (decision 0020 §2.4): postMessage between the app and the player, `v: 1`.
import { z } from 'zod';
import { id } from './wbt-fields';
import { WBT_LAUNCH_MODES, WBT_MAX_VALUE_CHARS, WBT_STANDARDS } from './wbt-constants';
import { wbtElementNameSchema } from './wbt-attempts';

const v = z.literal(1);

/** Player → app. */
export const playerMessageSchema = z.discriminatedUnion('type', [
  z.object({ v, type: z.literal('ready') }),
  z.object({
    v,
    type: z.literal('commit'),
    launchNo: z.number().int().min(0),
    seq: z.number().int().min(1),
    sco: z.number().int().min(0),
    values: z.record(wbtElementNameSchema, z.string().max(WBT_MAX_VALUE_CHARS)),
    terminate: z.boolean(),
  }),
  z.object({ v, type: z.literal('navigate'), sco: z.number().int().min(0) }),
  z.object({ v, type: z.literal('error'), code: z.string().max(100) }),
]);
export type PlayerMessage = z.infer<typeof playerMessageSchema>;

/** App → player. */
export const appMessageSchema = z.discriminatedUnion('type', [
  z.object({
    v,
    type: z.literal('init'),
    /** null: browse (preview, public, or refused): the player drops commits. */
    attemptId: id.nullable(),
    launchNo: id,
    standard: z.enum(WBT_STANDARDS),
    sco: id,
    /** The SCO's href with its parameters, relative to `contentBase`. */
    href: z.string(),
    contentBase: z.string(),
    /** The SCO's values to resume from. */
    cmi: z.record(z.string(), z.string()),
    learner: z.object({ id: z.string(), name: z.string() }),
    mode: z.enum(WBT_LAUNCH_MODES),
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
