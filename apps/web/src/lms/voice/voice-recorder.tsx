import './styles';
import { Alert, Box, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AudioPlayer, formatClock } from './audio-player';
import type { RecorderProblem, VoiceRecorder } from './use-voice-recorder';

/** The sentence of a recorder problem (decision 0020 §6). */
function problemText(
  t: (key: string, fallback: string) => string,
  problem: RecorderProblem,
  allowFile: boolean,
): string {
  switch (problem) {
    case 'denied':
      return allowFile
        ? t(
            'voice.deniedFile',
            'Lantern may not use your microphone: allow it in your browser’s site settings, or choose an audio file.',
          )
        : t(
            'voice.denied',
            'Lantern may not use your microphone: allow it in your browser’s site settings.',
          );
    case 'unsupported':
      return t('voice.unsupported', 'This browser cannot record sound: use a current browser.');
    case 'empty':
      return t('voice.empty', 'The recording is empty: record again.');
    case 'failed':
      return t('voice.failed', 'No microphone could be opened: check that one is connected.');
  }
}

/**
 * Record, listen, record again (asked first), keep: the controls over a recorder. The page
 * owns what happens to a kept recording (it uploads it).
 */
export function VoiceRecorderPanel({
  recorder,
  maxSeconds,
  allowFile,
  disabled,
  onUse,
  using,
}: {
  recorder: VoiceRecorder;
  maxSeconds: number;
  allowFile: boolean;
  disabled: boolean;
  onUse?: () => void;
  using?: boolean;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const { state, recording } = recorder;
  const seconds = recorder.elapsedMs / 1000;
  return (
    <Stack gap="xs">
      {state === 'recording' || state === 'starting' ? (
        <Stack gap={4}>
          <Group gap="xs">
            <Box
              aria-hidden
              w={10}
              h={10}
              style={{ borderRadius: '50%', background: 'var(--mantine-color-red-8)' }}
            />
            <Text size="sm" role="status" aria-live="polite" data-testid="recording-time">
              {t('voice.recordingTime', 'Recording {{time}} of {{max}}', {
                time: formatClock(seconds),
                max: formatClock(maxSeconds),
              })}
            </Text>
          </Group>
          <Progress
            value={recorder.level * 100}
            color="teal.8"
            size="sm"
            aria-label={t('voice.level', 'Microphone level')}
            transitionDuration={100}
          />
        </Stack>
      ) : null}
      {recording && state === 'recorded' ? (
        <Stack gap={4}>
          <Text size="sm">
            {t('voice.recorded', 'Your recording, {{time}}', {
              time: formatClock(recording.durationMs / 1000),
            })}
          </Text>
          {recorder.stoppedAtLimit ? (
            <Text size="sm" role="status">
              {t('voice.atLimit', 'Recording stopped at {{max}}, the most this task takes.', {
                max: formatClock(maxSeconds),
              })}
            </Text>
          ) : null}
          <AudioPlayer src={recording.url} label={t('voice.play', 'Play your recording')} />
        </Stack>
      ) : null}
      {recorder.problem ? (
        <Alert color="red.9" variant="light" role="alert">
          {problemText(t, recorder.problem, allowFile)}
        </Alert>
      ) : null}
      {disabled ? null : (
        <Group gap="sm">
          {state === 'recording' || state === 'starting' ? (
            <Button color="red.9" onClick={recorder.stop} disabled={state === 'starting'}>
              {t('voice.stop', 'Stop recording')}
            </Button>
          ) : state === 'recorded' ? (
            <>
              <Button variant="default" onClick={() => setAsking(true)}>
                {t('voice.again', 'Record again')}
              </Button>
              {onUse ? (
                <Button variant="light" onClick={onUse} loading={using}>
                  {t('voice.use', 'Use this recording')}
                </Button>
              ) : null}
            </>
          ) : (
            <Button variant="default" onClick={() => void recorder.start()}>
              {t('voice.record', 'Record')}
            </Button>
          )}
        </Group>
      )}
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={t('voice.againTitle', 'Record again?')}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t('voice.againText', 'Your recording is replaced by the new one.')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('common.cancel', 'Cancel')}
            </Button>
            <Button
              onClick={() => {
                setAsking(false);
                recorder.discard();
                void recorder.start();
              }}
            >
              {t('voice.again', 'Record again')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
