import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WbtAttemptSummary } from '@lantern/contracts/wbt';
import { formatDateTime } from '../../../lib/format';
import { completionLabel, formatScore, formatSeconds, successLabel } from '../labels';
import { ScrollTable } from '../../../components/scroll-table';
import { Ltr } from './ltr';

/** A learner's attempts at a training: state, score, time and dates, newest first. */
export function AttemptTable({ attempts }: { attempts: WbtAttemptSummary[] }) {
  const { t } = useTranslation();
  if (attempts.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('wbt.attempts.none', 'You have not started this training yet.')}
      </Text>
    );
  return (
    <ScrollTable minWidth={560} label={t('wbt.attempts.title', 'Your attempts')}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('wbt.attempts.attempt', 'Attempt')}</Table.Th>
            <Table.Th>{t('wbt.attempts.completion', 'Completion')}</Table.Th>
            <Table.Th>{t('wbt.attempts.success', 'Result')}</Table.Th>
            <Table.Th>{t('wbt.attempts.score', 'Score')}</Table.Th>
            <Table.Th>{t('wbt.attempts.time', 'Time spent')}</Table.Th>
            <Table.Th>{t('wbt.attempts.started', 'Started')}</Table.Th>
            <Table.Th>{t('wbt.attempts.completed', 'Completed')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...attempts].reverse().map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>{a.attempt}</Table.Td>
              <Table.Td>{completionLabel(t, a.completion)}</Table.Td>
              <Table.Td>{successLabel(t, a.success)}</Table.Td>
              <Table.Td>
                <Ltr>{formatScore(a.scoreScaled)}</Ltr>
              </Table.Td>
              <Table.Td>
                <Ltr>{formatSeconds(a.totalSeconds)}</Ltr>
              </Table.Td>
              <Table.Td>
                <Ltr>{formatDateTime(a.startedAt)}</Ltr>
              </Table.Td>
              <Table.Td>
                {a.completedAt ? <Ltr>{formatDateTime(a.completedAt)}</Ltr> : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
