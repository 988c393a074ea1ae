import '../styles';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SubmissionView } from '@lantern/contracts/teaching';
import { formatDateTime } from '../../../lib/format';

/** When the attempt was handed in, and a badge if it came late. */
export function HandedIn({ submission }: { submission: SubmissionView['submission'] }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm">
        {t('teaching.grade.handedIn', 'Handed in {{at}}', {
          at: formatDateTime(submission.submittedAt),
        })}
      </Text>
      {submission.late ? (
        <Badge color="red.9" size="sm" tt="none">
          {t('teaching.grade.late', 'Late')}
        </Badge>
      ) : null}
    </>
  );
}
