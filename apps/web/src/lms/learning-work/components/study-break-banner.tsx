import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

/** The study break as the lms shows it: reading goes on, handing in waits. */
export function StudyBreakBanner({ until }: { until: string | null }) {
  const { t } = useTranslation();
  if (!until) return null;
  return (
    <Alert color="yellow.9" variant="light" role="status">
      {t(
        'lms.break.banner',
        'You are on a study break until {{date}}: you can read, and hand in work again after it.',
        { date: formatDate(until) },
      )}
    </Alert>
  );
}
