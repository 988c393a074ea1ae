import { useState } from 'react';
import { Anchor, Button, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SimilarityStatus } from '@lantern/contracts/similarity-enums';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useChecks } from '../api/get-checks';
import { useRecheckTask, useRetryCheck } from '../api/retry-check';
import { ScoreBadge } from '../components/score-badge';
import '../styles';

export const loader = requireRight('SUBMISSION_TURNITIN_ADMIN__DISPLAY');

/** similarity-checks: every check in the admin's CLC scope, its state and error; retry, recheck. */
export default function SimilarityChecksPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SimilarityStatus | undefined>(undefined);
  const checks = useChecks({ status });
  const retry = useRetryCheck();
  const recheck = useRecheckTask();
  const statusLabel: Record<SimilarityStatus, string> = {
    queued: t('similarity.state.queued', 'Waiting'),
    running: t('similarity.state.running', 'Checking'),
    done: t('similarity.state.done', 'Done'),
    failed: t('similarity.state.failed', 'Failed'),
    skipped: t('similarity.state.skipped', 'Not checked'),
  };
  const providerLabel = {
    local: t('similarity.provider.local', 'Lantern'),
    turnitin: t('similarity.provider.turnitin', 'Turnitin'),
  };
  const rows = checks.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="sm">
      <Title order={1} size="h3">
        {t('similarity.checksTitle', 'Similarity checks')}
      </Title>
      <Select
        label={t('similarity.filterStatus', 'State')}
        size="xs"
        w={220}
        clearable
        placeholder={t('similarity.allStates', 'All states')}
        value={status ?? null}
        data={(Object.keys(statusLabel) as SimilarityStatus[]).map((s) => ({
          value: s,
          label: statusLabel[s],
        }))}
        onChange={(v) => setStatus((v as SimilarityStatus | null) ?? undefined)}
      />
      {checks.error ? <ErrorAlert error={checks.error} /> : null}
      {retry.error ? <ErrorAlert error={retry.error} /> : null}
      {recheck.error ? <ErrorAlert error={recheck.error} /> : null}
      {recheck.data ? (
        <Text size="sm" role="status">
          {t('similarity.rechecking', '{{count}} works are being checked again.', {
            count: recheck.data.queued,
          })}
        </Text>
      ) : null}
      {checks.isPending ? (
        <Loader size="sm" />
      ) : rows.length === 0 ? (
        <Text size="sm">{t('similarity.noChecks', 'No checks to show.')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped withTableBorder fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('similarity.col.learner', 'Learner')}</Table.Th>
                <Table.Th>{t('similarity.col.task', 'Task')}</Table.Th>
                <Table.Th>{t('similarity.col.state', 'State')}</Table.Th>
                <Table.Th>{t('similarity.col.score', 'Score')}</Table.Th>
                <Table.Th>{t('similarity.col.provider', 'Checked by')}</Table.Th>
                <Table.Th>{t('similarity.col.queued', 'Queued')}</Table.Th>
                <Table.Th>{t('similarity.col.error', 'Error')}</Table.Th>
                <Table.Th>{t('similarity.col.actions', 'Actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/en/similarity/${c.submissionId}?check=${c.id}`}
                      size="sm"
                    >
                      {c.studentName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {c.courseCode} · {c.itemTitle}
                  </Table.Td>
                  <Table.Td>
                    {statusLabel[c.status]}
                    {c.tries > 1
                      ? ` · ${t('similarity.tries', '{{count}} tries', { count: c.tries })}`
                      : ''}
                  </Table.Td>
                  <Table.Td>{c.status === 'done' ? <ScoreBadge badge={c} short /> : '—'}</Table.Td>
                  <Table.Td>{providerLabel[c.provider]}</Table.Td>
                  <Table.Td>{formatDateTime(c.queuedAt)}</Table.Td>
                  <Table.Td>{c.error ?? ''}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="default"
                        loading={retry.isPending && retry.variables === c.id}
                        onClick={() => retry.mutate(c.id)}
                      >
                        {t('similarity.retry', 'Check again')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="default"
                        loading={recheck.isPending && recheck.variables === c.itemId}
                        onClick={() => recheck.mutate(c.itemId)}
                      >
                        {t('similarity.recheck', 'Check the whole task')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {checks.hasNextPage ? (
        <Button
          size="xs"
          variant="default"
          w="fit-content"
          onClick={() => void checks.fetchNextPage()}
          loading={checks.isFetchingNextPage}
        >
          {t('similarity.more', 'Show more')}
        </Button>
      ) : null}
    </Stack>
  );
}
