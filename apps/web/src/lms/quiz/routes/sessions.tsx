import '../styles';
import { Anchor, Button, Group, Loader, Modal, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { QuizSessions } from '@lantern/contracts/quiz';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { useSessions } from '../api/get-sessions';
import { useSaveSession } from '../api/save-session';
import { SessionForm, sessionInputOf } from '../components/session-form';
import { quizPaths } from '../paths';
import { SessionCard } from '../components/session-card';

export const loader = requireRight('QUIZ_SESSION__DISPLAY');

function NewClassSession({ itemId, data }: { itemId: number; data: QuizSessions }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const save = useSaveSession(itemId);
  const base = data.items.find((s) => s.classId === null);
  if (!data.canEdit || data.classesWithout.length === 0 || !base) return null;
  return (
    <>
      <Group>
        <Button variant="light" onClick={() => setOpen(true)}>
          {t('quiz.sessions.addClass', 'Add a session for a class')}
        </Button>
      </Group>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('quiz.sessions.addClass', 'Add a session for a class')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('quiz.close', 'Close') }}
      >
        {open ? (
          <SessionForm
            initial={{ ...sessionInputOf(base), classId: null }}
            classes={data.classesWithout}
            saving={save.isPending}
            serverError={save.error}
            onCancel={() => setOpen(false)}
            onSubmit={(value) =>
              save.mutate(
                { itemId, sessionId: null, data: value },
                { onSuccess: () => setOpen(false) },
              )
            }
          />
        ) : null}
      </Modal>
    </>
  );
}

/** quiz/:itemId/sessions: sessions per class, open and close, exceptions for learners. */
export default function QuizSessionsRoute() {
  const { t } = useTranslation();
  const itemId = Number(useParams().itemId);
  const sessions = useSessions(itemId);
  const data = sessions.data;
  return (
    <Stack gap="md" maw={1200}>
      {sessions.isPending ? (
        <Loader role="status" aria-label={t('lms.loading', 'Loading')} />
      ) : null}
      <ErrorAlert error={sessions.error} />
      {data ? (
        <>
          <div>
            <Anchor component={Link} to={quizPaths.card(itemId)} size="sm">
              {t('quiz.staff.toQuiz', 'The quiz')}
            </Anchor>
            <Title order={1} size="h2">
              {t('quiz.sessions.title', 'Sessions: {{title}}', { title: data.item.title })}
            </Title>
          </div>
          <NewClassSession itemId={itemId} data={data} />
          {data.items.map((s) => (
            <SessionCard key={s.id} itemId={itemId} session={s} canEdit={data.canEdit} />
          ))}
        </>
      ) : null}
    </Stack>
  );
}
