import '../styles';
import { useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Attempt, AttemptFile, MyWork } from '@lantern/contracts/learning-work';
import { fileSize } from '@lantern/contracts/uploads';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { startResumableUpload } from '../../../lib/resumable-upload';
import { saveDraft } from '../api/save-draft';
import { useSubmitWork } from '../api/submit-work';
import { AudioPlayer, formatClock } from '../../voice/public';
import { recordingName, useVoiceRecorder } from '../../voice/public';
import { VoiceRecorderPanel } from '../../voice/public';
import { HandInConfirm } from './hand-in-confirm';
import type { Sending } from './sending';

/**
 * A voice task's answer (decision 0020 §6): record, listen, record again, then the recording
 * is sent resumably like any file and becomes the draft's one file; handing in while recording
 * is refused on the page and nothing is sent.
 */
export function VoiceAnswer({ work, userId }: { work: MyWork; userId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const submit = useSubmitWork(work.task.id);
  const { maxSeconds, allowFile } = work.task.settings;
  const recorder = useVoiceRecorder({ maxSeconds: maxSeconds ?? 120 });
  const draft = useRef<{ clientId: string; version: number | null }>({
    clientId: work.draft?.clientId ?? crypto.randomUUID(),
    version: work.draft?.version ?? null,
  });
  const [file, setFile] = useState<AttemptFile | null>(work.draft?.files[0] ?? null);
  const [sending, setSending] = useState<Sending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const blocked = work.blocked;
  // 'Please stop your recording first' holds for the recording it was said of, while it runs.
  const [stopAskedOf, setStopAskedOf] = useState<number | null>(null);
  const recording = recorder.state === 'recording' || recorder.state === 'starting';
  const stopFirst = recording && stopAskedOf === recorder.takes;

  /** Sends a recording or a picked file and makes it the draft's file; false when refused. */
  const send = async (picked: File): Promise<boolean> => {
    setError(null);
    setSending({ name: picked.name, sent: 0, total: picked.size, state: 'uploading' });
    try {
      const upload = startResumableUpload({
        endpoint: '/api/en/lms/submission-uploads',
        file: picked,
        metadata: { itemId: String(work.task.id), filename: picked.name },
        userId,
        onProgress: (sent, total) => setSending((s) => (s ? { ...s, sent, total } : s)),
        onStateChange: (state) => setSending((s) => (s ? { ...s, state } : s)),
      });
      const { uploadId } = await upload.done;
      const saved: Attempt = await saveDraft(work.task.id, {
        clientId: draft.current.clientId,
        version: draft.current.version,
        files: [{ uploadId }],
        clientSavedAt: new Date().toISOString(),
      });
      draft.current = { clientId: saved.clientId, version: saved.version };
      setFile(saved.files[0] ?? null);
      void queryClient.invalidateQueries({ queryKey: ['lms', 'my-work', work.task.id] });
      return true;
    } catch (failure) {
      setError(
        !isApiError(failure) && failure instanceof Error ? failure.message : displayError(failure),
      );
      return false;
    } finally {
      setSending(null);
    }
  };

  const keepRecording = async (): Promise<boolean> => {
    const r = recorder.recording;
    if (!r) return true;
    const sent = await send(
      new File([r.blob], recordingName(r.mime), { type: r.mime, lastModified: Date.now() }),
    );
    if (sent) recorder.discard();
    return sent;
  };

  const askToHandIn = () => {
    setError(null);
    if (recording) {
      setStopAskedOf(recorder.takes);
      return;
    }
    if (!file && !recorder.recording) {
      setError(t('voice.recordFirst', 'Record your answer first.'));
      return;
    }
    setConfirming(true);
  };

  const handIn = async () => {
    setConfirming(false);
    if (!(await keepRecording())) return;
    const version = draft.current.version;
    if (version === null) return;
    submit.mutate(
      { clientId: draft.current.clientId, version },
      {
        onError: (failure) => setError(displayError(failure)),
        onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['lms'] }),
      },
    );
  };

  return (
    <Stack gap="xs">
      {blocked ? (
        <Alert color="yellow.9" variant="light" role="status">
          {blocked.detail}
        </Alert>
      ) : null}
      <Text fw={600}>{t('voice.title', 'Your spoken answer')}</Text>
      {file ? (
        <Stack gap={4} data-testid="kept-recording">
          <Text size="sm">
            {t('voice.kept', 'Kept: {{name}} ({{size}})', {
              name: file.name,
              size: fileSize(file.size),
            })}
          </Text>
          <AudioPlayer src={file.url} label={t('voice.playKept', 'Play your kept answer')} />
        </Stack>
      ) : recorder.state === 'idle' && !sending ? (
        <Text size="sm" c="dimmed">
          {t('voice.none', 'Nothing recorded yet. You can speak for up to {{max}}.', {
            max: formatClock(maxSeconds ?? 120),
          })}
        </Text>
      ) : null}
      <VoiceRecorderPanel
        recorder={recorder}
        maxSeconds={maxSeconds ?? 120}
        allowFile={allowFile}
        disabled={blocked !== null || sending !== null}
        onUse={() => void keepRecording()}
        using={sending !== null}
      />
      {sending ? (
        <Stack gap={2} data-testid="upload-progress">
          <Text size="sm" role="status" aria-live="polite">
            {sending.state === 'paused'
              ? t('lms.files.paused', 'Connection lost: it goes on when you are back online')
              : t('lms.files.sent', '{{sent}} of {{total}}', {
                  sent: fileSize(sending.sent),
                  total: fileSize(sending.total),
                })}
          </Text>
          <Progress
            value={sending.total > 0 ? (sending.sent / sending.total) * 100 : 0}
            aria-label={t('lms.files.progress', 'Sending {{name}}', { name: sending.name })}
          />
        </Stack>
      ) : null}
      {stopFirst ? (
        <Alert color="red.9" variant="light" role="alert">
          {t('voice.stopFirst', 'Please stop your recording first')}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red.9" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      {blocked === null ? (
        <Group gap="sm">
          {allowFile ? (
            <FileButton
              accept="audio/webm,audio/ogg,audio/mp4,audio/x-m4a,.webm,.ogg,.m4a"
              onChange={(picked) => {
                if (picked) void send(picked);
              }}
            >
              {(props) => (
                <Button {...props} variant="default" disabled={sending !== null}>
                  {t('voice.chooseFile', 'Choose an audio file')}
                </Button>
              )}
            </FileButton>
          ) : null}
          <Button onClick={askToHandIn} loading={submit.isPending} disabled={sending !== null}>
            {t('lms.answer.submit', 'Hand in')}
          </Button>
        </Group>
      ) : null}
      <HandInConfirm
        opened={confirming}
        title={t('voice.confirmTitle', 'Hand in your recording?')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void handIn()}
      />
    </Stack>
  );
}
