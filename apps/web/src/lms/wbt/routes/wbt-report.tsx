import '../styles';
import { useState } from 'react';
import { Anchor, Button, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { WBT_STANDARD_LABELS } from '@lantern/contracts/wbt';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { exportWbtReport } from '../api/export-wbt-report';
import { useReportLearners } from '../api/find-report-learners';
import { useWbtReport } from '../api/get-wbt-report';
import { completionLabel, formatScore, formatSeconds, successLabel } from '../labels';
import { ScrollTable } from '../../../components/scroll-table';
import { Ltr } from '../components/ltr';

export const loader = requireRight('WBT_ALL__DISPLAY');

function Learners({ itemId, classId }: { itemId: number; classId: number | null }) {
  const { t } = useTranslation();
  const learners = useReportLearners(itemId, classId);
  const rows = learners.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <Stack gap="xs">
      <ErrorAlert error={learners.error} />
      {learners.isPending ? (
        <Loader size="sm" role="status" aria-label={t('lms.loading', 'Loading')} />
      ) : null}
      {learners.data && rows.length === 0 ? (
        <Text size="sm">{t('wbt.report.noLearners', 'No learners in this class.')}</Text>
      ) : null}
      {rows.length > 0 ? (
        <ScrollTable minWidth={760} label={t('wbt.report.learnersTable', 'Learners')}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('wbt.report.learner', 'Learner')}</Table.Th>
                <Table.Th>{t('wbt.report.attempts', 'Attempts')}</Table.Th>
                <Table.Th>{t('wbt.attempts.completion', 'Completion')}</Table.Th>
                <Table.Th>{t('wbt.attempts.success', 'Result')}</Table.Th>
                <Table.Th>{t('wbt.report.bestScore', 'Best score')}</Table.Th>
                <Table.Th>{t('wbt.attempts.time', 'Time spent')}</Table.Th>
                <Table.Th>{t('wbt.report.lastActivity', 'Last activity')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.studentId}>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>{r.attempts}</Table.Td>
                  <Table.Td>{completionLabel(t, r.completion)}</Table.Td>
                  <Table.Td>{successLabel(t, r.success)}</Table.Td>
                  <Table.Td>
                    <Ltr>{formatScore(r.bestScore)}</Ltr>
                  </Table.Td>
                  <Table.Td>
                    <Ltr>{formatSeconds(r.totalSeconds)}</Ltr>
                  </Table.Td>
                  <Table.Td>
                    {r.lastActivityAt ? <Ltr>{formatDateTime(r.lastActivityAt)}</Ltr> : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      ) : null}
      {learners.hasNextPage ? (
        <Button
          variant="default"
          w="fit-content"
          loading={learners.isFetchingNextPage}
          onClick={() => void learners.fetchNextPage()}
        >
          {t('wbt.list.more', 'Show more')}
        </Button>
      ) : null}
    </Stack>
  );
}

/** wbts/:itemId/report (WBT_ALL): per class, learners, started, completed, passed, scores and
 * time; then the learners of a class; CSV export. */
export default function WbtReportRoute() {
  const { t } = useTranslation();
  const itemId = Number(useParams().itemId);
  const report = useWbtReport(itemId);
  const [classId, setClassId] = useState<number | null>(null);
  const [exportError, setExportError] = useState<unknown>(null);
  const data = report.data;

  const download = async () => {
    setExportError(null);
    try {
      const { blob, filename } = await exportWbtReport(itemId);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      a.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      setExportError(error);
    }
  };

  return (
    <Stack gap="md" maw={1200}>
      <Anchor component={Link} to="/en/wbts" size="sm">
        ← {t('wbt.list.title', 'All web-based trainings')}
      </Anchor>
      {report.isPending ? <Loader role="status" aria-label={t('lms.loading', 'Loading')} /> : null}
      <ErrorAlert error={report.error} />
      {data ? (
        <>
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Stack gap={2}>
              <Title order={1} size="h2">
                {data.title}
              </Title>
              <Text size="sm" c="dimmed">
                {data.courseTitle} · {WBT_STANDARD_LABELS[data.standard]}
              </Text>
            </Stack>
            <Button variant="default" onClick={() => void download()}>
              {t('wbt.report.export', 'Export CSV')}
            </Button>
          </Group>
          <ErrorAlert error={exportError} />
          <ScrollTable minWidth={720} label={t('wbt.report.classesTable', 'Classes')}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('wbt.report.class', 'Class')}</Table.Th>
                  <Table.Th>{t('wbt.report.learners', 'Learners')}</Table.Th>
                  <Table.Th>{t('wbt.report.started', 'Started')}</Table.Th>
                  <Table.Th>{t('wbt.report.completed', 'Completed')}</Table.Th>
                  <Table.Th>{t('wbt.report.passed', 'Passed')}</Table.Th>
                  <Table.Th>{t('wbt.report.meanScore', 'Mean best score')}</Table.Th>
                  <Table.Th>{t('wbt.report.medianTime', 'Median time')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.classes.map((c) => (
                  <Table.Tr key={c.classId ?? 'none'}>
                    <Table.Td>{c.className}</Table.Td>
                    <Table.Td>{c.learners}</Table.Td>
                    <Table.Td>{c.started}</Table.Td>
                    <Table.Td>{c.completed}</Table.Td>
                    <Table.Td>{c.passed}</Table.Td>
                    <Table.Td>
                      <Ltr>{formatScore(c.meanBestScore)}</Ltr>
                    </Table.Td>
                    <Table.Td>
                      <Ltr>{formatSeconds(c.medianSeconds)}</Ltr>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Title order={2} size="h4">
            {t('wbt.report.learnersTitle', 'Learners')}
          </Title>
          <Select
            label={t('wbt.report.class', 'Class')}
            data={[
              { value: '', label: t('wbt.report.allClasses', 'All classes') },
              ...data.classes
                .filter((c) => c.classId !== null)
                .map((c) => ({ value: String(c.classId), label: c.className })),
            ]}
            value={classId === null ? '' : String(classId)}
            onChange={(v) => setClassId(v ? Number(v) : null)}
            allowDeselect={false}
            maw={320}
          />
          <Learners itemId={itemId} classId={classId} />
        </>
      ) : null}
    </Stack>
  );
}
