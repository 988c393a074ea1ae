import '../styles';
import { useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  CloseButton,
  FileButton,
  Group,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Attempt, AttemptFile, MyWork } from '@lantern/contracts/learning-work';
import { fileSize } from '@lantern/contracts/uploads';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { startResumableUpload } from '../../../lib/resumable-upload';
import { saveDraft } from '../api/save-draft';
import { useSubmitWork } from '../api/submit-work';
import { HandInConfirm } from './hand-in-confirm';
import type { Sending } from './sending';

/**
 * The files of the current attempt: each picked file is sent resumably (a cut link pauses it
 * and it goes on from where it stopped), then attached to the draft; the draft is handed in.
 */
export function FilesAnswer({ work, userId }: { work: MyWork; userId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const submit = useSubmitWork(work.task.id);
  const draft = useRef<{ clientId: string; version: number | null }>({
    clientId: work.draft?.clientId ?? crypto.randomUUID(),
    version: work.draft?.version ?? null,
  });
  const [files, setFiles] = useState<AttemptFile[]>(work.draft?.files ?? []);
  const [sending, setSending] = useState<Sending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { maxFiles } = work.task.settings;
  const blocked = work.blocked;

  const store = async (refs: ({ uploadId: string } | { fileId: string })[]) => {
    const saved: Attempt = await saveDraft(work.task.id, {
      clientId: draft.current.clientId,
      version: draft.current.version,
      files: refs,
      clientSavedAt: new Date().toISOString(),
    });
    draft.current = { clientId: saved.clientId, version: saved.version };
    setFiles(saved.files);
    // The task's state (not started → draft) is the server's: read it again.
    void queryClient.invalidateQueries({ queryKey: ['lms', 'my-work', work.task.id] });
  };

  const pick = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setSending({ name: file.name, sent: 0, total: file.size, state: 'uploading' });
    try {
      const upload = startResumableUpload({
        endpoint: '/api/en/lms/submission-uploads',
        file,
        metadata: { itemId: String(work.task.id), filename: file.name },
        userId,
        onProgress: (sent, total) => setSending((s) => (s ? { ...s, sent, total } : s)),
        onStateChange: (state) => setSending((s) => (s ? { ...s, state } : s)),
      });
      const { uploadId } = await upload.done;
      await store([...files.map((f) => ({ fileId: f.fileId })), { uploadId }]);
      setSending(null);
    } catch (failure) {
      setSending(null);
      // The upload rejects with the server's sentence; the draft's save with an API error.
      setError(
        !isApiError(failure) && failure instanceof Error ? failure.message : displayError(failure),
      );
    }
  };

  const remove = async (fileId: string) => {
    setError(null);
    try {
      await store(files.filter((f) => f.fileId !== fileId).map((f) => ({ fileId: f.fileId })));
    } catch (failure) {
      setError(displayError(failure));
    }
  };

  const handIn = () => {
    setConfirming(false);
    setError(null);
    const version = draft.current.version;
    if (version === null || files.length === 0) {
      setError(t('lms.files.addFirst', 'Add a file first.'));
      return;
    }
    submit.mutate(
      { clientId: draft.current.clientId, version },
      {
        onError: (failure) => setError(displayError(failure)),
        onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['lms'] }),
      },
    );
  };

  const full = maxFiles !== null && files.length >= maxFiles;
  return (
    <Stack gap="xs">
      {blocked ? (
        <Alert color="yellow.9" variant="light" role="status">
          {blocked.detail}
        </Alert>
      ) : null}
      <Text fw={600}>{t('lms.files.title', 'Your files')}</Text>
      {files.length === 0 && !sending ? (
        <Text size="sm" c="dimmed">
          {t('lms.files.none', 'No file added yet.')}
        </Text>
      ) : null}
      <Stack gap={4} component="ul" style={{ listStyle: 'none', paddingInlineStart: 0 }}>
        {files.map((f) => (
          <Group key={f.fileId} component="li" gap="xs" wrap="nowrap">
            <Anchor href={f.url} target="_blank" rel="noopener" size="sm">
              {f.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {fileSize(f.size)}
            </Text>
            {blocked === null ? (
              <CloseButton
                size="sm"
                aria-label={t('lms.files.remove', 'Remove {{name}}', { name: f.name })}
                onClick={() => void remove(f.fileId)}
              />
            ) : null}
          </Group>
        ))}
      </Stack>
      {sending ? (
        <Stack gap={2} data-testid="upload-progress">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm">{sending.name}</Text>
            <Text size="sm" role="status" aria-live="polite">
              {sending.state === 'paused'
                ? t('lms.files.paused', 'Connection lost: it goes on when you are back online')
                : t('lms.files.sent', '{{sent}} of {{total}}', {
                    sent: fileSize(sending.sent),
                    total: fileSize(sending.total),
                  })}
            </Text>
          </Group>
          <Progress
            value={sending.total > 0 ? (sending.sent / sending.total) * 100 : 0}
            aria-label={t('lms.files.progress', 'Sending {{name}}', { name: sending.name })}
          />
        </Stack>
      ) : null}
      {error ? (
        <Alert color="red.9" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      {blocked === null ? (
        <Group gap="sm">
          <FileButton onChange={(file) => void pick(file)}>
            {(props) => (
              <Button {...props} variant="default" disabled={sending !== null || full}>
                {t('lms.files.add', 'Add a file')}
              </Button>
            )}
          </FileButton>
          <Button
            onClick={() => setConfirming(true)}
            loading={submit.isPending}
            disabled={sending !== null}
          >
            {t('lms.answer.submit', 'Hand in')}
          </Button>
        </Group>
      ) : null}
      <HandInConfirm
        opened={confirming}
        title={t('lms.files.confirmTitle', 'Hand in your files?')}
        onCancel={() => setConfirming(false)}
        onConfirm={handIn}
      />
    </Stack>
  );
}
