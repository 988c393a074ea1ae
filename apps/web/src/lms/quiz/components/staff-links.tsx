import '../styles';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../lib/base-data';
import { hasRight } from '../../../lib/rights';
import { quizPaths } from '../paths';

/** Staff's ways from the card: sessions and results (QUIZ_SESSION), analysis (authors). */
export function QuizStaffLinks({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const sessions = hasRight(user, 'QUIZ_SESSION__DISPLAY');
  const analysis = hasRight(user, 'COURSE_TASK__EDIT');
  if (!sessions && !analysis) return null;
  return (
    <Group gap="xs">
      {sessions ? (
        <>
          <Button component={Link} to={quizPaths.sessions(itemId)} variant="default" size="xs">
            {t('quiz.staff.sessions', 'Sessions')}
          </Button>
          <Button component={Link} to={quizPaths.results(itemId)} variant="default" size="xs">
            {t('quiz.staff.results', 'Results')}
          </Button>
        </>
      ) : null}
      {analysis ? (
        <Button component={Link} to={quizPaths.analysis(itemId)} variant="default" size="xs">
          {t('quiz.staff.analysis', 'Item analysis')}
        </Button>
      ) : null}
    </Group>
  );
}
