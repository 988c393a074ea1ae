import '../styles';
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import { displayError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { exportGradeBookAsOf } from '../api/export-grade-book-as-of';
import { GradeBookAsOfTable } from './grade-book-as-of';

/**
 * The grade book "as of" a time: clearly marked, read-only, with "Back to now" and (with
 * GRADE_BOOK__EXPORT) "Export as of …". The as-of read is per class: without one it asks for it.
 */
export function GradeBookAsOfPanel({
  courseId,
  classId,
  at,
  mayExport,
  onBack,
}: {
  courseId: number;
  classId: number | undefined;
  at: string;
  mayExport: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const when = formatDateTime(at);
  const run = async (format: 'csv' | 'xlsx') => {
    if (classId === undefined) return;
    setBusy(format);
    setFailure(null);
    try {
      await exportGradeBookAsOf(courseId, classId, at, format);
    } catch (error) {
      setFailure(displayError(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="sm">
      <Alert color="blue.9" variant="light" p="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <div>
            <Text fw={700}>{t('gradeHistory.bookAsOf', 'As of {{at}}', { at: when })}</Text>
            <Text size="sm">
              {t(
                'gradeHistory.bookAsOfExplain',
                'The grades published to the learners then. Read-only: nothing here can be changed.',
              )}
            </Text>
          </div>
          <Button size="xs" variant="default" onClick={onBack}>
            {t('gradeHistory.backToNow', 'Back to now')}
          </Button>
        </Group>
      </Alert>
      {classId === undefined ? (
        <Text size="sm">
          {t(
            'gradeHistory.bookChooseClass',
            'Choose a class to see its grade book as of that time.',
          )}
        </Text>
      ) : (
        <>
          {mayExport ? (
            <Group gap="xs">
              {(['csv', 'xlsx'] as const).map((format) => (
                <Button
                  key={format}
                  size="xs"
                  variant="default"
                  loading={busy === format}
                  disabled={busy !== null && busy !== format}
                  onClick={() => void run(format)}
                >
                  {t('gradeHistory.exportAsOf', 'Export as of {{at}} ({{format}})', {
                    at: when,
                    format: format.toUpperCase(),
                  })}
                </Button>
              ))}
            </Group>
          ) : null}
          <FailureAlert text={failure} />
          <GradeBookAsOfTable courseId={courseId} classId={classId} at={at} />
        </>
      )}
    </Stack>
  );
}
