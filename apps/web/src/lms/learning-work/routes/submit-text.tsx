import '../styles';
import { useMemo, useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MyWork } from '@lantern/contracts/learning-work';
import { countWords, wordBoundsProblem } from '@lantern/contracts/words';
import { displayError } from '../../../lib/errors';
import { requireRight } from '../../../lib/require-right';
import { useSubmitWork } from '../api/submit-work';
import { TaskWorkPage } from '../components/task-work-page';
import { useDraftAutosave } from '../components/use-draft-autosave';
import { WordCounter } from '../components/word-counter';
import { HandInConfirm } from '../components/hand-in-confirm';

export const loader = requireRight('COURSE_TASK__DISPLAY');

function SaveStatusText({
  status,
  savedAt,
}: {
  status: ReturnType<typeof useDraftAutosave>['state']['status'];
  savedAt: string | null;
}) {
  const { t } = useTranslation();
  // A draft saved on another day says which day ("Saved at 3 Nov, 07:09"), today's the time only.
  const saved = savedAt ? new Date(savedAt) : null;
  const time = saved
    ? new Intl.DateTimeFormat('en-GB', {
        ...(saved.toDateString() === new Date().toDateString()
          ? {}
          : { day: 'numeric', month: 'short' }),
        hour: '2-digit',
        minute: '2-digit',
      }).format(saved)
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

  // The server's rule, asked before anything is sent: too few or too many words is said at the
  // box, in the server's words, and the confirmation does not open.
  const askToHandIn = () => {
    const problem = wordBoundsProblem(words, { minWords, maxWords });
    if (problem) {
      setFieldError(t(`lms.words.${problem.kind}`, problem.text, { max: maxWords }));
      return;
    }
    setFieldError(null);
    setConfirming(true);
  };

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
          <Button onClick={askToHandIn} loading={submit.isPending}>
            {t('lms.answer.submit', 'Hand in')}
          </Button>
        </Group>
      ) : null}
      <HandInConfirm
        opened={confirming}
        title={t('lms.answer.confirmTitle', 'Hand in your answer?')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void handIn()}
      />
    </Stack>
  );
}

/** submit_text/:itemId (spec §2): write, save as you type, hand in, read the decisions. */
export default function SubmitTextRoute() {
  return <TaskWorkPage answer={(work, userId) => <AnswerEditor work={work} userId={userId} />} />;
}
