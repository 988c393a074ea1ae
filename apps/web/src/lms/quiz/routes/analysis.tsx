import '../styles';
import {
  Anchor,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ANALYSIS_MIN_ATTEMPTS } from '@lantern/contracts/quiz';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { exportAnalysis, useAnalysis } from '../api/get-analysis';
import { questionKindLabel, round2 } from '../labels';
import { quizPaths } from '../paths';

export const loader = requireRight('COURSE_TASK__EDIT');

const fmt = (v: number | null) => (v === null ? '—' : String(round2(v)));

/** quiz/:itemId/analysis: facility and discrimination per question, for authors; CSV too. */
export default function QuizAnalysisRoute() {
  const { t } = useTranslation();
  const itemId = Number(useParams().itemId);
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [attempts, setAttempts] = useState<'first' | 'all'>('all');
  const analysis = useAnalysis(itemId, { sessionId, attempts });
  const [exportError, setExportError] = useState<unknown>(null);
  const data = analysis.data;
  return (
    <Stack gap="md" maw={1200}>
      {data ? (
        <div>
          <Anchor component={Link} to={quizPaths.card(itemId)} size="sm">
            {t('quiz.staff.toQuiz', 'The quiz')}
          </Anchor>
          <Title order={1} size="h2">
            {t('quiz.analysis.title', 'Item analysis: {{title}}', { title: data.item.title })}
          </Title>
        </div>
      ) : null}
      <Group gap="md" align="flex-end" wrap="wrap">
        {data && data.sessions.length > 1 ? (
          <Select
            label={t('quiz.results.session', 'Session')}
            w={280}
            data={[
              { value: '', label: t('quiz.analysis.allSessions', 'All sessions') },
              ...data.sessions.map((s) => ({
                value: String(s.id),
                label: s.className ?? t('quiz.sessions.everyClass', 'Every class'),
              })),
            ]}
            value={sessionId === null ? '' : String(sessionId)}
            onChange={(v) => setSessionId(v ? Number(v) : null)}
          />
        ) : null}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="analysis-attempts">
            {t('quiz.analysis.attempts', 'Attempts counted')}
          </Text>
          <SegmentedControl
            aria-labelledby="analysis-attempts"
            value={attempts}
            onChange={(v) => setAttempts(v === 'first' ? 'first' : 'all')}
            data={[
              { value: 'all', label: t('quiz.analysis.all', 'All') },
              { value: 'first', label: t('quiz.analysis.first', 'First of each learner') },
            ]}
          />
        </Stack>
        <Button
          variant="default"
          onClick={() => {
            setExportError(null);
            exportAnalysis(itemId, { sessionId, attempts }).catch(setExportError);
          }}
        >
          {t('quiz.analysis.export', 'Download CSV')}
        </Button>
      </Group>
      <ErrorAlert error={analysis.error ?? exportError} />
      {analysis.isPending ? (
        <Loader role="status" aria-label={t('lms.loading', 'Loading')} />
      ) : null}
      {data ? (
        <>
          <Text size="sm">
            {t(
              'quiz.analysis.help',
              '{{n}} finished attempts. Facility: the mean score in percent. Discrimination: how well the question separates strong from weak attempts (−100 to 100). Under {{min}} attempts a question is too new to judge.',
              { n: data.attemptsCounted, min: ANALYSIS_MIN_ATTEMPTS },
            )}
          </Text>
          {data.rows.length === 0 ? (
            <Text size="sm">{t('quiz.analysis.none', 'No finished attempts yet.')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('quizAuthoring.questionTitle', 'Question')}</Table.Th>
                    <Table.Th>{t('quizAuthoring.kind', 'Kind')}</Table.Th>
                    <Table.Th>{t('quiz.analysis.attemptsCol', 'Attempts')}</Table.Th>
                    <Table.Th>{t('quiz.analysis.facility', 'Facility')}</Table.Th>
                    <Table.Th>{t('quiz.analysis.discrimination', 'Discrimination')}</Table.Th>
                    <Table.Th>{t('quiz.analysis.sd', 'Spread (SD)')}</Table.Th>
                    <Table.Th>{t('quiz.analysis.choices', 'Choices picked')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((row) => (
                    <Table.Tr key={row.questionId}>
                      <Table.Td>
                        <Text size="sm">{row.title}</Text>
                        {row.tooFew ? (
                          <Text size="xs" c="dimmed">
                            {t('quiz.analysis.tooFew', 'Too few attempts to judge')}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>{questionKindLabel(t, row.kind)}</Table.Td>
                      <Table.Td>{row.attempts}</Table.Td>
                      <Table.Td>{fmt(row.facility)}</Table.Td>
                      <Table.Td>{fmt(row.discrimination)}</Table.Td>
                      <Table.Td>{fmt(row.sd)}</Table.Td>
                      <Table.Td>
                        {row.choices
                          ? row.choices.map((c) => (
                              <Text size="xs" key={c.id} fw={c.fraction > 0 ? 700 : 400}>
                                {c.text}: {round2(c.share)} %
                              </Text>
                            ))
                          : '—'}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      ) : null}
    </Stack>
  );
}
