import './styles';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  RECORDER_AUDIO_CONSTRAINTS,
  RECORDER_MIME_TYPES,
  VOICE_BITS_PER_SECOND,
} from '@lantern/contracts/voice';

/**
 * The voice recorder's state machine (decision 0020 §6): MediaRecorder in 1 s chunks kept in
 * memory, Opus at 24 kbit/s where the browser has it, a level meter and the elapsed time; it
 * stops itself at the task's longest recording. No bytes leave the page until the learner uses
 * the recording.
 */

export const RECORDER_OPTIONS = { audioBitsPerSecond: VOICE_BITS_PER_SECOND } as const;

/** Below this a recording holds nothing worth sending. */
export const MIN_RECORDING_MS = 1000;

/** The first MIME type the browser records, or '' for its default. */
export function pickMimeType(isTypeSupported: (type: string) => boolean): string {
  return RECORDER_MIME_TYPES.find((type) => isTypeSupported(type)) ?? '';
}

/** A file name for a recording by its container: recording.webm, .ogg or .m4a. */
export function recordingName(mime: string): string {
  if (mime.startsWith('audio/ogg')) return 'recording.ogg';
  if (mime.startsWith('audio/mp4') || mime.startsWith('audio/aac')) return 'recording.m4a';
  return 'recording.webm';
}

export type Recording = { blob: Blob; url: string; mime: string; durationMs: number };

export type RecorderState = 'idle' | 'starting' | 'recording' | 'recorded';

/** Why the recorder cannot go on, as a key the component turns into a sentence. */
export type RecorderProblem = 'denied' | 'unsupported' | 'empty' | 'failed';

export type VoiceRecorder = {
  state: RecorderState;
  elapsedMs: number;
  /** 0–1, the loudness of the last frame (for the meter). */
  level: number;
  recording: Recording | null;
  problem: RecorderProblem | null;
  /** The recorder stopped itself at the longest recording. */
  stoppedAtLimit: boolean;
  /** How many recordings were started (a page can tie a message to one of them). */
  takes: number;
  start: () => Promise<void>;
  stop: () => void;
  discard: () => void;
};

type Live = {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
  startedAt: number;
  timer: ReturnType<typeof setInterval>;
  audio: AudioContext | null;
  atLimit: boolean;
};

/** The loudness of the microphone's last frame, 0–1; null where Web Audio is missing. */
function levelMeter(stream: MediaStream): { audio: AudioContext; read: () => number } | null {
  if (typeof AudioContext === 'undefined') return null;
  const audio = new AudioContext();
  const analyser = audio.createAnalyser();
  analyser.fftSize = 512;
  audio.createMediaStreamSource(stream).connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);
  return {
    audio,
    read: () => {
      analyser.getByteTimeDomainData(samples);
      let peak = 0;
      for (const s of samples) peak = Math.max(peak, Math.abs(s - 128));
      return Math.min(1, peak / 128);
    },
  };
}

export function useVoiceRecorder({ maxSeconds }: { maxSeconds: number }): VoiceRecorder {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [level, setLevel] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [problem, setProblem] = useState<RecorderProblem | null>(null);
  const [stoppedAtLimit, setStoppedAtLimit] = useState(false);
  const [takes, setTakes] = useState(0);
  const live = useRef<Live | null>(null);
  const urlRef = useRef<string | null>(null);

  const release = useCallback(() => {
    const l = live.current;
    if (!l) return;
    clearInterval(l.timer);
    for (const track of l.stream.getTracks()) track.stop();
    void l.audio?.close().catch(() => undefined);
    live.current = null;
  }, []);

  const stop = useCallback(() => {
    const l = live.current;
    if (!l || l.recorder.state === 'inactive') return;
    l.recorder.stop();
  }, []);

  const start = useCallback(async () => {
    if (live.current) return;
    setProblem(null);
    setStoppedAtLimit(false);
    // Browsers leave mediaDevices out on insecure pages, whatever the types say.
    if (typeof MediaRecorder === 'undefined' || !('mediaDevices' in navigator)) {
      setProblem('unsupported');
      return;
    }
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: RECORDER_AUDIO_CONSTRAINTS,
      });
    } catch (error) {
      setState(recording ? 'recorded' : 'idle');
      const name = error instanceof Error ? error.name : '';
      setProblem(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'failed');
      return;
    }
    const mimeType = pickMimeType((t) => MediaRecorder.isTypeSupported(t));
    const recorder = new MediaRecorder(stream, {
      ...RECORDER_OPTIONS,
      ...(mimeType ? { mimeType } : {}),
    });
    const meter = levelMeter(stream);
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const elapsed = Date.now() - startedAt;
      setElapsedMs(elapsed);
      if (meter) setLevel(meter.read());
      if (elapsed >= maxSeconds * 1000 && live.current) {
        live.current.atLimit = true;
        stop();
      }
    }, 200);
    const l: Live = {
      recorder,
      stream,
      chunks,
      startedAt,
      timer,
      audio: meter?.audio ?? null,
      atLimit: false,
    };
    live.current = l;
    recorder.addEventListener('dataavailable', (event: BlobEvent) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    recorder.addEventListener('stop', () => {
      const durationMs = Math.min(Date.now() - l.startedAt, maxSeconds * 1000);
      const mime = recorder.mimeType || mimeType || chunks[0]?.type || 'audio/webm';
      release();
      setLevel(0);
      setElapsedMs(durationMs);
      const blob = new Blob(chunks, { type: mime });
      if (durationMs < MIN_RECORDING_MS || blob.size === 0) {
        setState('idle');
        setProblem('empty');
        return;
      }
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      const url = URL.createObjectURL(blob);
      urlRef.current = url;
      setRecording({ blob, url, mime, durationMs });
      setStoppedAtLimit(l.atLimit);
      setState('recorded');
    });
    recorder.start(1000);
    setTakes((n) => n + 1);
    setElapsedMs(0);
    setRecording(null);
    setState('recording');
  }, [maxSeconds, recording, release, stop]);

  const discard = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
    setRecording(null);
    setElapsedMs(0);
    setStoppedAtLimit(false);
    setProblem(null);
    setState('idle');
  }, []);

  // Leaving the page stops the microphone and frees the preview.
  useEffect(
    () => () => {
      const l = live.current;
      if (l && l.recorder.state !== 'inactive') l.recorder.stop();
      release();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [release],
  );

  return {
    state,
    elapsedMs,
    level,
    recording,
    problem,
    stoppedAtLimit,
    takes,
    start,
    stop,
    discard,
  };
}
