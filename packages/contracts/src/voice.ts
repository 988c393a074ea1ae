import { z } from 'zod';

/**
 * Voice answers (decision 0020 §6): a task answered by a recording made in the browser. Its
 * submission is a file task's with one audio file, so drafts, attempts and grading are 0019's.
 */

/** Audio containers a recording (or a picked audio file) may be, sniffed by their bytes. */
export const VOICE_ACCEPT = ['webm', 'ogg', 'm4a', 'mp4'] as const;

/** The bitrate the recorder asks for: speech stays clear in Opus at 24 kbit/s. */
export const VOICE_BITS_PER_SECOND = 24_000;

/**
 * The recorder's containers, first supported wins: Opus in WebM (Chromium) or Ogg (Firefox),
 * else AAC in MP4 (Safari). Here so the recorder and the `voice-size` bench use the same list.
 */
export const RECORDER_MIME_TYPES = [
  'audio/webm;codecs=opus',
  'audio/ogg;codecs=opus',
  'audio/mp4',
] as const;

/** What the recorder asks getUserMedia for: one speech channel, cleaned up. */
export const RECORDER_AUDIO_CONSTRAINTS = {
  channelCount: 1,
  echoCancellation: true,
  noiseSuppression: true,
} as const;

/** The smallest cap (2 MB, as the upload's sentences count megabytes). */
export const VOICE_MIN_CAP_BYTES = 2 * 1024 * 1024;

/**
 * The largest recording a voice task takes: room for a browser that records at up to
 * 64 kbit/s (Safari's AAC), half as much again for container overhead, never under 2 MB.
 */
export const voiceMaxFileBytes = (maxSeconds: number): number =>
  Math.max(VOICE_MIN_CAP_BYTES, Math.ceil(((maxSeconds * 64_000) / 8) * 1.5));

export const voiceTaskSettingsSchema = z.object({
  maxSeconds: z
    .number({ error: 'Please enter a number' })
    .int()
    .min(10, 'At least 10 seconds.')
    .max(600, 'At most 600 seconds (10 minutes).')
    .default(120),
  /** Also accept a picked audio file (for a learner whose browser cannot record). */
  allowFile: z.boolean().default(false),
  maxAttempts: z.number().int().min(1).max(20).nullable().optional(),
});
export type VoiceTaskSettings = z.infer<typeof voiceTaskSettingsSchema>;
