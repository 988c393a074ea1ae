import '../styles';
import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { useCurrentUser } from '../../../lib/base-data';
import { requireRight } from '../../../lib/require-right';
import { useMyAttempt } from '../api/get-my-attempt';
import { AttemptView } from '../components/attempt-view';
import { quizPaths } from '../paths';

export const loader = requireRight('COURSE_TASK__DISPLAY');

/** quiz/:itemId/attempt/:attemptId: answering an attempt; a reload comes back to it as it was. */
export default function QuizAttemptRoute() {
  const { t } = useTranslation();
  const params = useParams();
  const itemId = Number(params.itemId);
  const attemptId = Number(params.attemptId);
  const user = useCurrentUser();
  const attempt = useMyAttempt(attemptId);
  if (attempt.isPending) return <Loader role="status" aria-label={t('lms.loading', 'Loading')} />;
  if (attempt.error) return <ErrorAlert error={attempt.error} />;
  if (attempt.data.status === 'finished')
    return (
      <Stack gap="xs">
        <Text>{t('quiz.take.alreadyFinished', 'This attempt is handed in.')}</Text>
        <Anchor component={Link} to={quizPaths.card(itemId)}>
          {t('quiz.take.toCard', 'Back to the quiz')}
        </Anchor>
      </Stack>
    );
  return user ? <AttemptView attempt={attempt.data} userId={user.id} /> : null;
}
