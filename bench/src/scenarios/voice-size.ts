import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import {
  RECORDER_AUDIO_CONSTRAINTS,
  RECORDER_MIME_TYPES,
  VOICE_BITS_PER_SECOND,
} from '@lantern/contracts/voice';
import type { Context, Scenario } from '../lib/context';
import { CHROMIUM, CHROMIUM_ARGS } from '../lib/page-bytes';
import { ensureBuilt, startApp } from '../lib/processes';
import { log, result } from '../lib/report';

const SECONDS = 60;
const TARGET_KIB = 240;
/** Safari records AAC in MP4; until measured on a Safari its size is computed from its rate. */
const SAFARI_AAC_BITS_PER_SECOND = 64_000;

/**
 * A speech-like WAV (48 kHz mono, 16 bit): a voiced source at a gliding pitch through three
 * formants that move per syllable (~4 a second), with breath noise and short pauses, so the
 * encoder sees what speech gives it, not a steady tone (which it would squeeze far smaller).
 */
function speechLikeWav(seconds: number): Buffer {
  const rate = 48_000;
  const n = rate * seconds;
  const data = Buffer.alloc(n * 2);
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const vowels = [
    [730, 1090, 2440],
    [270, 2290, 3010],
    [300, 870, 2240],
    [530, 1840, 2480],
    [570, 840, 2410],
  ];
  let phase = 0;
  let syllable = 0;
  let syllableEnd = 0;
  let formants = vowels[0] ?? [500, 1500, 2500];
  for (let i = 0; i < n; i += 1) {
    if (i >= syllableEnd) {
      syllable += 1;
      syllableEnd = i + Math.round(rate * (0.15 + random() * 0.2));
      formants = vowels[Math.floor(random() * vowels.length)] ?? formants;
    }
    const t = i / rate;
    // Every 12th syllable is a pause, as a speaker breathes.
    const voiced = syllable % 12 !== 0;
    const pitch = 110 + 25 * Math.sin(2 * Math.PI * 0.7 * t) + 10 * Math.sin(2 * Math.PI * 3 * t);
    phase += (2 * Math.PI * pitch) / rate;
    let sample = 0;
    if (voiced) {
      // Harmonics of the pitch, each weighted by how near it lies to a formant.
      for (let h = 1; h * pitch < 4000; h += 1) {
        const f = h * pitch;
        const gain = formants.reduce((g, fm) => g + 1 / (1 + ((f - fm) / 120) ** 2), 0) / h ** 0.5;
        sample += gain * Math.sin(h * phase);
      }
      sample *= 0.08;
    }
    sample += (random() - 0.5) * (voiced ? 0.02 : 0.05);
    const envelope = Math.min(1, (syllableEnd - i) / (rate * 0.03));
    data.writeInt16LE(
      Math.max(-32_767, Math.min(32_767, Math.round(sample * envelope * 20_000))),
      i * 2,
    );
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export const voiceSize: Scenario = {
  name: 'voice-size',
  summary: `bytes of a ${String(SECONDS)} s voice answer recorded in headless Chromium (Opus at 24 kbit/s)`,
  async run(context: Context) {
    await ensureBuilt();
    const dir = context.newDir('voice-size');
    const wav = join(dir, 'speech.wav');
    writeFileSync(wav, speechLikeWav(SECONDS + 5));
    const app = await startApp({ dataDir: join(dir, 'data') });
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-audio-capture=${wav}`,
      ],
    });
    try {
      const page = await (await browser.newContext({ permissions: ['microphone'] })).newPage();
      // The app's own origin: its Permissions-Policy must let the page use the microphone.
      await page.goto(`${app.url}/en/login`, { waitUntil: 'networkidle' });
      log(`  recording ${String(SECONDS)} s in real time…`);
      const recorded = await page.evaluate(
        async ({ seconds, types, bits, constraints }) => {
          const stream = await navigator.mediaDevices.getUserMedia({ audio: constraints });
          const mimeType = types.find((t) => MediaRecorder.isTypeSupported(t)) ?? '';
          const recorder = new MediaRecorder(stream, {
            audioBitsPerSecond: bits,
            ...(mimeType ? { mimeType } : {}),
          });
          const chunks: Blob[] = [];
          recorder.addEventListener('dataavailable', (e) => chunks.push(e.data));
          const stopped = new Promise((resolve) => recorder.addEventListener('stop', resolve));
          recorder.start(1000);
          await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
          recorder.stop();
          await stopped;
          for (const track of stream.getTracks()) track.stop();
          const blob = new Blob(chunks, { type: recorder.mimeType });
          return { bytes: blob.size, mime: recorder.mimeType, chunks: chunks.length };
        },
        {
          seconds: SECONDS,
          types: [...RECORDER_MIME_TYPES],
          bits: VOICE_BITS_PER_SECOND,
          constraints: RECORDER_AUDIO_CONSTRAINTS,
        },
      );
      const kib = recorded.bytes / 1024;
      const floorKib = (VOICE_BITS_PER_SECOND * SECONDS) / 8 / 1024;
      const safariKib = (SAFARI_AAC_BITS_PER_SECOND * SECONDS) / 8 / 1024;
      log(
        `  ${recorded.mime}: ${String(recorded.bytes)} bytes (${kib.toFixed(1)} KiB) in ${String(recorded.chunks)} chunks; the codec's budget ${floorKib.toFixed(1)} KiB; Safari's AAC at 64 kbit/s would be ${safariKib.toFixed(1)} KiB (computed, not measured)`,
      );
      return [
        result({
          scenario: 'voice-size',
          name: `${String(SECONDS)} s voice answer (${recorded.mime || 'default'})`,
          unit: 'KiB',
          value: kib,
          floor: floorKib,
          target: { on: 'value', op: '<=', limit: TARGET_KIB },
          detail: {
            bytes: recorded.bytes,
            mime: recorded.mime,
            chunks: recorded.chunks,
            safariAacKiBComputed: Math.round(safariKib * 10) / 10,
            note: `floor = ${String(VOICE_BITS_PER_SECOND)} bit/s × ${String(SECONDS)} s ÷ 8 (the codec's own budget); the recording uses the recorder's MIME list, bitrate and constraints from @lantern/contracts/voice; the source is a speech-like WAV the bench makes, played by Chromium's fake microphone; Safari's AAC is computed at 64 kbit/s until measured on a Safari`,
          },
        }),
      ];
    } finally {
      await browser.close();
      await app.stop();
    }
  },
};
