import '../styles';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requireRight } from '../../../lib/require-right';
import { useMyGradeHistory } from '../api/get-my-grade-history';
import { HistoryList } from '../components/history-table';

export const loader = requireRight('GENERAL_LMS__DISPLAY');

/**
 * track/grade-history (decision 0021 §1.7): a learner's own grade changes, newest first — only
 * changes to or from a published grade; a draft's values are never shown.
 */
export default function MyGradeHistoryRoute() {
  const { t } = useTranslation();
  const history = useMyGradeHistory();
  return (
    <Stack gap="sm" maw={1100}>
      <Anchor component={Link} to="/en/track?tab=grades" size="sm">
        {t('gradeHistory.backToGrades', 'Back to my grades')}
      </Anchor>
      <Title order={1} size="h2">
        {t('gradeHistory.mineTitle', 'History of my grades')}
      </Title>
      <Text size="sm" c="gray.8">
        {t(
          'gradeHistory.mineExplain',
          'Each time a grade was published to you or changed after that, newest first.',
        )}
      </Text>
      <HistoryList
        query={history}
        learner
        empty={t('gradeHistory.mineNone', 'No published grade yet.')}
      />
    </Stack>
  );
}
