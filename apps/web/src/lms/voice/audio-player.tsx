import './styles';
import { useEffect, useId, useRef, useState } from 'react';
import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const PLAYBACK_SPEEDS = ['0.75', '1', '1.25', '1.5'] as const;

const clock = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  return `${String(Math.floor(s / 60))}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * Chromium's MediaRecorder writes WebM without a duration, so the element reports Infinity and
 * its bar cannot seek. Seeking far past the end once makes the browser read to the end and
 * compute it (a minute is ~180 KB, so this is cheap); then it goes back to the start.
 */
export function fixUnknownDuration(audio: HTMLAudioElement, onKnown: (s: number) => void): void {
  if (Number.isFinite(audio.duration)) {
    onKnown(audio.duration);
    return;
  }
  const known = () => {
    if (!Number.isFinite(audio.duration)) return;
    audio.removeEventListener('durationchange', known);
    audio.currentTime = 0;
    onKnown(audio.duration);
  };
  audio.addEventListener('durationchange', known);
  audio.currentTime = Number.MAX_SAFE_INTEGER;
}

/** A recording with the browser's controls, its length and a speed choice. */
export function AudioPlayer({ src, label }: { src: string; label: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLAudioElement>(null);
  const [speed, setSpeed] = useState<string>('1');
  const [seconds, setSeconds] = useState<number | null>(null);
  const speedId = useId();
  useEffect(() => {
    if (ref.current) ref.current.playbackRate = Number(speed);
  }, [speed]);
  return (
    <Stack gap={4}>
      <audio
        ref={ref}
        controls
        preload="auto"
        src={src}
        aria-label={label}
        style={{ inlineSize: '100%', maxInlineSize: 480 }}
        onLoadedMetadata={(e) => {
          const audio = e.currentTarget;
          audio.playbackRate = Number(speed);
          fixUnknownDuration(audio, setSeconds);
        }}
      />
      <Group gap="xs" wrap="wrap">
        <Text size="sm" id={speedId}>
          {t('voice.speed', 'Speed')}
        </Text>
        <SegmentedControl
          size="xs"
          value={speed}
          onChange={setSpeed}
          aria-labelledby={speedId}
          data={PLAYBACK_SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
        />
        {seconds !== null ? (
          <Text size="sm" c="dimmed" data-testid="audio-length">
            {t('voice.length', 'Length {{time}}', { time: clock(seconds) })}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}

export { clock as formatClock };
