import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { MyWork } from '@lantern/contracts/learning-work';
import { countWords } from '@lantern/contracts/words';
import { ErrorAlert } from '../../../components/failure-alert';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useMyWork } from '../api/get-my-work';
import { useReadGradeComments } from '../api/read-grade-comments';
import { useSubmitWork } from '../api/submit-work';
import { AttemptsList } from '../components/attempts-list';
import { StudyBreakBanner } from '../components/study-break-banner';
import { TaskHeader } from '../components/task-header';
import { useDraftAutosave } from '../components/use-draft-autosave';
import { WordCounter } from '../components/word-counter';

export const loader = requireRight('COURSE_TASK__DISPLAY');

function SaveStatusText({
  status,
  savedAt,
}: {
  status: ReturnType<typeof useDraftAutosave>['state']['status'];
  savedAt: string | null;
}) {
  const { t } = useTranslation();
  const time = savedAt
    ? new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(
        new Date(savedAt),
      )
    : null;
  const text =
    status === 'saving'
      ? t('lms.draft.saving', 'Saving…')
      : status === 'saved' && time
        ? t('lms.draft.savedAt', 'Saved at {{time}}', { time })
        : t('lms.draft.notSaved', 'Not saved yet');
  return (
    <Text size="sm" c="dimmed" role="status" aria-live="polite">
      {text}
    </Text>
  );
}

function AnswerEditor({ work, userId }: { work: MyWork; userId: number }) {
  const { t } = useTranslation();
  const blocked = work.blocked;
  const autosave = useDraftAutosave({
    itemId: work.task.id,
    userId,
    draft: work.draft,
    disabled: blocked !== null,
  });
  const submit = useSubmitWork(work.task.id);
  const [confirming, setConfirming] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const words = useMemo(() => countWords(autosave.text), [autosave.text]);
  const { minWords, maxWords } = work.task.settings;

  const handIn = async () => {
    setConfirming(false);
    setFieldError(null);
    await autosave.save();
    const version = autosave.version();
    if (version === null) {
      setFieldError(t('lms.draft.writeFirst', 'Not enough words.'));
      return;
    }
    submit.mutate(
      { clientId: autosave.clientId(), version },
      {
        onSuccess: () => autosave.forget(),
        onError: (error) => setFieldError(displayError(error)),
      },
    );
  };

  if (autosave.state.status === 'conflict')
    return (
      <Stack gap="xs">
        <Alert color="orange.9" variant="light" role="alert">
          {autosave.state.error}
        </Alert>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={4}>
            <Text fw={600}>{t('lms.draft.yours', 'Your text on this device')}</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {autosave.text}
            </Text>
            <Button variant="outline" onClick={() => autosave.resolveConflict('mine')}>
              {t('lms.draft.keepMine', 'Keep this one')}
            </Button>
          </Stack>
          <Stack gap={4}>
            <Text fw={600}>{t('lms.draft.theirs', 'The text saved elsewhere')}</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {autosave.state.serverText}
            </Text>
            <Button variant="outline" onClick={() => autosave.resolveConflict('theirs')}>
              {t('lms.draft.keepTheirs', 'Keep the saved one')}
            </Button>
          </Stack>
        </SimpleGrid>
      </Stack>
    );

  return (
    <Stack gap="xs">
      {blocked ? (
        <Alert color="yellow.9" variant="light" role="status">
          {blocked.detail}
        </Alert>
      ) : null}
      <Textarea
        label={t('lms.answer.label', 'Your answer')}
        autosize
        minRows={8}
        maxRows={30}
        value={autosave.text}
        readOnly={blocked !== null}
        onChange={(e) => autosave.setText(e.currentTarget.value)}
        error={fieldError ?? (submit.error ? displayError(submit.error) : null)}
      />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <WordCounter count={words} min={minWords} max={maxWords} />
        <SaveStatusText status={autosave.state.status} savedAt={autosave.state.savedAt} />
      </Group>
      {autosave.state.status === 'error' ? (
        <Alert color="red.9" variant="light" role="alert">
          {autosave.state.error}
        </Alert>
      ) : null}
      {blocked === null ? (
        <Group>
          <Button onClick={() => setConfirming(true)} loading={submit.isPending}>
            {t('lms.answer.submit', 'Hand in')}
          </Button>
        </Group>
      ) : null}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('lms.answer.confirmTitle', 'Hand in your answer?')}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t(
              'lms.answer.confirmText',
              'Once handed in, you cannot change it unless it is returned to you for rework.',
            )}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.cancel', 'Cancel')}
            </Button>
            <Button onClick={() => void handIn()}>{t('lms.answer.submit', 'Hand in')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** submit_text/:itemId (spec §2): write, save as you type, hand in, read the decisions. */
export default function SubmitTextRoute() {
  const { t } = useTranslation();
  const itemId = Number(useParams().itemId);
  const [search] = useSearchParams();
  const submissionId = Number(search.get('submission')) || null;
  const user = useCurrentUser();
  const work = useMyWork(itemId);
  useReadGradeComments(submissionId);
  return (
    <Stack gap="md" maw={900}>
      {work.isPending ? <Loader role="status" aria-label={t('lms.loading', 'Loading')} /> : null}
      <ErrorAlert error={work.error} />
      {work.data && user ? (
        <>
          <TaskHeader work={work.data} />
          <StudyBreakBanner until={work.data.studyBreakUntil} />
          {work.data.state !== 'submitted' && work.data.state !== 'graded' ? (
            <AnswerEditor
              key={`${work.data.draft?.id ?? 'new'}-${work.data.attempts.length}`}
              work={work.data}
              userId={user.id}
            />
          ) : (
            <Text size="sm">
              {work.data.state === 'graded'
                ? t('lms.answer.gradedNote', 'This task is graded.')
                : t(
                    'lms.answer.submittedNote',
                    'Handed in {{at}}. You can hand in again if it is returned to you.',
                    { at: formatDateTime(work.data.attempts.at(-1)?.submittedAt ?? null) },
                  )}
            </Text>
          )}
          <AttemptsList attempts={work.data.attempts} highlight={submissionId} />
        </>
      ) : null}
    </Stack>
  );
}
