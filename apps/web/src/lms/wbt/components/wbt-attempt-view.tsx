import '../styles';
import { Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/failure-alert';
import { ScrollTable } from '../../../components/scroll-table';
import { useWbtAttempt } from '../api/get-wbt-attempt';
import {
  completionLabel,
  formatScore,
  formatSeconds,
  interactionResultLabel,
  readResponse,
  successLabel,
} from '../labels';
import { Ltr } from './ltr';

/**
 * The grade page's view of a training's hand-in: the attempt's state, score and time, each part
 * (SCO) as the package reported it, and the answers it recorded (interactions), if any.
 */
export function WbtAttemptView({ submissionId }: { submissionId: number }) {
  const { t } = useTranslation();
  const detail = useWbtAttempt(submissionId);
  if (detail.isPending)
    return <Loader size="sm" role="status" aria-label={t('lms.loading', 'Loading')} />;
  if (detail.isError) return <ErrorAlert error={detail.error} />;
  const { attempt, scos, interactions } = detail.data;
  const partTitle = (index: number) => scos.find((s) => s.index === index)?.title ?? '';
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="wbt-attempt-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="wbt-attempt-title">
          {t('wbt.grade.title', 'Training attempt {{n}}', { n: attempt.attempt })}
        </Title>
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            {t('wbt.attempts.completion', 'Completion')}: {completionLabel(t, attempt.completion)}
          </Text>
          <Text size="sm">
            {t('wbt.attempts.success', 'Result')}: {successLabel(t, attempt.success)}
          </Text>
          <Text size="sm">
            {t('wbt.attempts.score', 'Score')}: <Ltr>{formatScore(attempt.scoreScaled)}</Ltr>
          </Text>
          <Text size="sm">
            {t('wbt.attempts.time', 'Time spent')}: <Ltr>{formatSeconds(attempt.totalSeconds)}</Ltr>
          </Text>
        </Group>
        {scos.length > 1 ? (
          <ScrollTable minWidth={480} label={t('wbt.grade.parts', 'Parts')}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('wbt.player.part', 'Part')}</Table.Th>
                  <Table.Th>{t('wbt.attempts.completion', 'Completion')}</Table.Th>
                  <Table.Th>{t('wbt.attempts.success', 'Result')}</Table.Th>
                  <Table.Th>{t('wbt.attempts.score', 'Score')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {scos.map((s) => (
                  <Table.Tr key={s.index}>
                    <Table.Td>{s.title}</Table.Td>
                    <Table.Td>{completionLabel(t, s.completion)}</Table.Td>
                    <Table.Td>{successLabel(t, s.success)}</Table.Td>
                    <Table.Td>
                      <Ltr>{formatScore(s.scoreScaled)}</Ltr>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        ) : null}
        {interactions.length > 0 ? (
          <ScrollTable minWidth={720} label={t('wbt.grade.answers', 'Answers recorded')}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  {scos.length > 1 ? <Table.Th>{t('wbt.player.part', 'Part')}</Table.Th> : null}
                  <Table.Th>{t('wbt.grade.question', 'Question')}</Table.Th>
                  <Table.Th>{t('wbt.grade.response', 'Answer')}</Table.Th>
                  <Table.Th>{t('wbt.grade.correct', 'Correct answer')}</Table.Th>
                  <Table.Th>{t('wbt.grade.result', 'Outcome')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {interactions.map((i) => (
                  <Table.Tr key={`${String(i.sco)}.${String(i.index)}`}>
                    {scos.length > 1 ? <Table.Td>{partTitle(i.sco)}</Table.Td> : null}
                    <Table.Td>
                      {i.description ? (
                        <Text size="sm">{i.description}</Text>
                      ) : (
                        <Text size="sm">
                          {t('wbt.grade.questionN', 'Question {{n}}', { n: i.index + 1 })}
                        </Text>
                      )}
                      {i.id ? (
                        <Text size="xs" c="dimmed">
                          <Ltr>{i.id}</Ltr>
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Ltr>{readResponse(i.response)}</Ltr>
                    </Table.Td>
                    <Table.Td>
                      <Ltr>{readResponse(i.correctPattern)}</Ltr>
                    </Table.Td>
                    <Table.Td>{interactionResultLabel(t, i.result)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        ) : (
          <Text size="sm" c="dimmed">
            {t('wbt.grade.noAnswers', 'The training recorded no answers.')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
