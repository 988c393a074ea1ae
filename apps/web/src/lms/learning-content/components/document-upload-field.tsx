import '@mantine/core/styles/Progress.layer.css';
import { FileInput, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/base-data';
import { startResumableUpload, type ResumableUpload } from '../../../lib/resumable-upload';

/**
 * A course document picked and sent through the resumable upload (decision 0019): the form gets
 * the upload's id once the last byte is stored, and the server turns it into the file.
 */
export function DocumentUploadField({
  courseId,
  onUploaded,
}: {
  courseId: number;
  onUploaded: (uploadId: string | null) => void;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const [state, setState] = useState<'idle' | 'uploading' | 'paused' | 'done' | 'failed'>('idle');
  const [error, setError] = useState<string | null>(null);
  const running = useRef<ResumableUpload | null>(null);

  useEffect(() => () => void running.current?.abort(), []);

  const pick = (picked: File | null) => {
    void running.current?.abort();
    running.current = null;
    setFile(picked);
    setSent(0);
    setError(null);
    onUploaded(null);
    if (!picked || !user) {
      setState('idle');
      return;
    }
    setState('uploading');
    const upload = startResumableUpload({
      endpoint: '/api/en/lms/document-uploads',
      file: picked,
      metadata: { courseId: String(courseId) },
      userId: user.id,
      onProgress: (bytes) => {
        setSent(bytes);
      },
      onStateChange: (next) => {
        setState(next);
      },
    });
    running.current = upload;
    upload.done.then(
      ({ uploadId }) => {
        setState('done');
        onUploaded(uploadId);
      },
      (reason: unknown) => {
        if (reason instanceof Error && reason.name === 'AbortError') return;
        setState('failed');
        setError(reason instanceof Error ? reason.message : String(reason));
      },
    );
  };

  const percent = file && file.size > 0 ? Math.round((sent / file.size) * 100) : 0;
  return (
    <Stack gap={4}>
      <FileInput
        label={t('content.documentFile', 'Document')}
        description={t(
          'content.documentFileHelp',
          'PDF, office documents, images, audio or video. Leave empty to keep the current document.',
        )}
        placeholder={t('content.pickFile', 'Pick a file')}
        value={file}
        onChange={pick}
        clearable
        error={error}
      />
      {state === 'uploading' || state === 'paused' ? (
        <>
          <Progress value={percent} aria-label={t('content.uploadProgress', 'Upload progress')} />
          <Text size="xs" c="dimmed">
            {state === 'paused'
              ? t('content.uploadPaused', 'Paused — resumes when you are back online')
              : t('content.uploading', 'Uploading… {{percent}} %', { percent })}
          </Text>
        </>
      ) : null}
      {state === 'done' ? (
        <Text size="xs" c="teal.9">
          {t('content.uploaded', 'Uploaded. Save to use this document.')}
        </Text>
      ) : null}
    </Stack>
  );
}
