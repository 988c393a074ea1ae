import { describe, expect, it, vi } from 'vitest';
import { fixUnknownDuration } from './audio-player';
import { pickMimeType, recordingName } from './use-voice-recorder';

describe('the recorder module', () => {
  it('asks for Opus in WebM first, then Ogg, then AAC in MP4, else the default', () => {
    expect(pickMimeType((t) => t.startsWith('audio/'))).toBe('audio/webm;codecs=opus');
    expect(pickMimeType((t) => t === 'audio/mp4')).toBe('audio/mp4');
    expect(pickMimeType(() => false)).toBe('');
    expect(recordingName('audio/ogg;codecs=opus')).toBe('recording.ogg');
    expect(recordingName('audio/mp4')).toBe('recording.m4a');
    expect(recordingName('audio/webm;codecs=opus')).toBe('recording.webm');
  });

  it('makes an unknown WebM duration known by seeking to the end once, then back', () => {
    const audio = document.createElement('audio');
    let duration = Infinity;
    Object.defineProperty(audio, 'duration', { get: () => duration });
    const known = vi.fn();
    fixUnknownDuration(audio, known);
    expect(audio.currentTime).toBe(Number.MAX_SAFE_INTEGER);
    duration = 61.5;
    audio.dispatchEvent(new Event('durationchange'));
    expect(known).toHaveBeenCalledWith(61.5);
    expect(audio.currentTime).toBe(0);
  });
});
