import './styles';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SubmissionView } from '@lantern/contracts/teaching';
import { AudioPlayer } from '../voice/public';

type File = SubmissionView['submission']['files'][number];

/** A file as the browser can show it: PDF framed, images, audio, video; others downloaded. */
function FilePreview({ file, voice }: { file: File; voice: boolean }) {
  const { t } = useTranslation();
  const download = (
    <Anchor href={file.downloadUrl} size="sm" download={file.name}>
      {t('teaching.grade.download', 'Download {{name}}', { name: file.name })}
    </Anchor>
  );
  if (file.mime === 'application/pdf')
    return (
      <Stack gap={4}>
        <iframe
          src={file.url}
          title={file.name}
          style={{ inlineSize: '100%', blockSize: '70vh', border: 0 }}
        />
        {download}
      </Stack>
    );
  if (file.mime.startsWith('image/'))
    return (
      <Stack gap={4}>
        <img src={file.url} alt={file.name} style={{ maxInlineSize: '100%' }} />
        {download}
      </Stack>
    );
  // A voice answer in WebM sniffs as video/webm: its task says it is sound.
  if (file.mime.startsWith('audio/') || voice)
    return (
      <Stack gap={4}>
        <AudioPlayer src={file.url} label={file.name} />
        {download}
      </Stack>
    );
  if (file.mime.startsWith('video/'))
    return (
      <Stack gap={4}>
        <video controls src={file.url} aria-label={file.name} style={{ maxInlineSize: '100%' }} />
        {download}
      </Stack>
    );
  return download;
}

/** An attempt's handed-in text and files, as the grading page shows them for any task. */
export function SubmittedWork({ view }: { view: SubmissionView }) {
  const { t } = useTranslation();
  const s = view.submission;
  return (
    <>
      {s.text !== null ? (
        <Paper withBorder p="sm">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {s.text}
          </Text>
          <Text size="xs" c="gray.8" mt={4}>
            {t('teaching.grade.words', '{{count}} words', { count: s.wordCount })}
          </Text>
        </Paper>
      ) : null}
      {s.files.map((file) => (
        <FilePreview key={file.id} file={file} voice={view.task.kind === 'voice_task'} />
      ))}
    </>
  );
}
