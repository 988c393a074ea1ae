import '../styles';
import {
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { SubmissionView } from '@lantern/contracts/teaching';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useSubmission } from '../api/get-submission';
import { GradePanel } from '../components/grade-panel';
import { TaskInstructions } from '../components/task-instructions';
import { AudioPlayer } from '../../voice/public';
import { ScoreBadge } from '../../similarity/public';
import { QuizAttemptView } from '../../quiz/public';
import { WbtAttemptView } from '../../wbt/public';
import { GradeRequestPanel } from '../../grade-requests/public';

export const loader = requireRight('SUBMISSION__DISPLAY');

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

/** grade/:submissionId: the work, its attempts, the grading panel, previous/next in the queue. */
/** Previous / next in the queue: a link when there is one, else a disabled button (no link). */
function StepButton({ to, label }: { to: string | null; label: string }) {
  return to === null ? (
    <Button size="xs" variant="default" disabled>
      {label}
    </Button>
  ) : (
    <Button size="xs" variant="default" component={Link} to={to}>
      {label}
    </Button>
  );
}

export default function GradePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submissionId = Number(useParams().submissionId);
  const { data, error, isPending } = useSubmission(submissionId);
  if (error) return <ErrorAlert error={error} />;
  if (isPending) return <Loader size="sm" />;
  const s = data.submission;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1} size="h3">
            {data.task.title}
          </Title>
          <Text size="sm" c="gray.8">
            {data.student.lastName}, {data.student.firstName}
            {data.student.className ? ` · ${data.student.className}` : ''} · {data.task.courseTitle}
          </Text>
        </div>
        <Group gap="xs">
          <StepButton
            to={data.previousId === null ? null : `/en/grade/${data.previousId}`}
            label={t('teaching.grade.previous', 'Previous')}
          />
          <StepButton
            to={data.nextId === null ? null : `/en/grade/${data.nextId}`}
            label={t('teaching.grade.next', 'Next')}
          />
        </Group>
      </Group>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xs">
            <TaskInstructions task={data.task} />
            <Group gap="xs">
              {data.attempts.length > 1 ? (
                <Select
                  label={t('teaching.grade.attempt', 'Attempt')}
                  size="xs"
                  w={200}
                  allowDeselect={false}
                  value={String(s.id)}
                  data={data.attempts.map((a) => ({
                    value: String(a.id),
                    label: `${a.attempt} · ${formatDateTime(a.submittedAt)}`,
                  }))}
                  onChange={(v) => {
                    if (v) void navigate(`/en/grade/${v}`);
                  }}
                />
              ) : null}
              <Text size="sm">
                {t('teaching.grade.handedIn', 'Handed in {{at}}', {
                  at: formatDateTime(s.submittedAt),
                })}
              </Text>
              {s.late ? (
                <Badge color="red.9" size="sm" tt="none">
                  {t('teaching.grade.late', 'Late')}
                </Badge>
              ) : null}
              {data.similarity ? (
                <Anchor component={Link} to={`/en/similarity/${s.id}`} size="sm">
                  <ScoreBadge badge={data.similarity} />{' '}
                  {t('similarity.openReport', 'Similarity report')}
                </Anchor>
              ) : null}
            </Group>
            {data.task.kind === 'quiz' ? (
              <QuizAttemptView
                submissionId={s.id}
                mayGrade={data.mayGrade}
                gradeVersion={data.grade?.version ?? null}
              />
            ) : null}
            {data.task.kind === 'wbt' ? <WbtAttemptView submissionId={s.id} /> : null}
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
              <FilePreview key={file.id} file={file} voice={data.task.kind === 'voice_task'} />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="sm">
            <Stack gap="sm">
              <GradePanel key={`${s.id}-${data.grade?.version ?? 0}`} view={data} />
              <GradeRequestPanel view={data} />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
