import '../styles';
import { Anchor, Badge, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { useResults } from '../api/get-results';
import { useSessions } from '../api/get-sessions';
import { finishedByLabel, gradingMethodLabel, pointsText, round2 } from '../labels';
import { quizPaths } from '../paths';

export const loader = requireRight('QUIZ_SESSION__DISPLAY');

/** quiz/:itemId/results: a session's learners, their attempts, points by the method, grade. */
export default function QuizResultsRoute() {
  const { t } = useTranslation();
  const itemId = Number(useParams().itemId);
  const [search, setSearch] = useSearchParams();
  const sessions = useSessions(itemId);
  const asked = Number(search.get('session')) || null;
  const sessionId = asked ?? sessions.data?.items[0]?.id ?? null;
  const results = useResults(itemId, sessionId);
  const data = results.data;
  return (
    <Stack gap="md" maw={1200}>
      <ErrorAlert error={sessions.error ?? results.error} />
      {sessions.data ? (
        <>
          <div>
            <Anchor component={Link} to={quizPaths.sessions(itemId)} size="sm">
              {t('quiz.staff.sessions', 'Sessions')}
            </Anchor>
            <Title order={1} size="h2">
              {t('quiz.results.title', 'Results: {{title}}', { title: sessions.data.item.title })}
            </Title>
          </div>
          {sessions.data.items.length > 1 ? (
            <Select
              label={t('quiz.results.session', 'Session')}
              allowDeselect={false}
              maw={360}
              data={sessions.data.items.map((s) => ({
                value: String(s.id),
                label: s.className ?? t('quiz.sessions.everyClass', 'Every class'),
              }))}
              value={sessionId === null ? null : String(sessionId)}
              onChange={(v) => {
                if (v) setSearch({ session: v }, { replace: true });
              }}
            />
          ) : null}
        </>
      ) : null}
      {results.isPending && sessionId !== null ? (
        <Loader role="status" aria-label={t('lms.loading', 'Loading')} />
      ) : null}
      {data ? (
        <>
          <Text size="sm">
            {t('quiz.results.method', 'Grade: {{method}}, out of {{max}}.', {
              method: gradingMethodLabel(t, data.session.gradingMethod).toLowerCase(),
              max: round2(data.item.maxPoints),
            })}
          </Text>
          {data.rows.length === 0 ? (
            <Text size="sm">{t('quiz.results.none', 'No learners in this session.')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('quiz.sessions.learner', 'Learner')}</Table.Th>
                    <Table.Th>{t('quiz.results.attempts', 'Attempts')}</Table.Th>
                    <Table.Th>{t('quiz.results.byMethod', 'By the method')}</Table.Th>
                    <Table.Th>{t('quiz.results.grade', 'Grade')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((row) => (
                    <Table.Tr key={row.studentId}>
                      <Table.Td>
                        <Text size="sm">{row.name}</Text>
                        {row.className ? (
                          <Text size="xs" c="dimmed">
                            {row.className}
                          </Text>
                        ) : null}
                        {row.override ? (
                          <Badge size="xs" variant="light" c="dark.8" color="orange.9" tt="none">
                            {t('quiz.results.exception', 'Exception')}
                          </Badge>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        {row.attempts.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            {t('quiz.results.notStarted', 'Not started')}
                          </Text>
                        ) : (
                          <Stack gap={2}>
                            {row.attempts.map((a) => (
                              <Group key={a.id} gap={6} wrap="nowrap">
                                <Text size="sm">
                                  {t('quiz.take.attemptN', 'Attempt {{n}}', { n: a.attempt })}:
                                </Text>
                                {a.status === 'in_progress' ? (
                                  <Badge size="sm" variant="light" c="dark.8" tt="none">
                                    {t('quiz.results.inProgress', 'In progress')}
                                  </Badge>
                                ) : a.submissionId !== null ? (
                                  <Anchor
                                    component={Link}
                                    to={quizPaths.grade(a.submissionId)}
                                    size="sm"
                                  >
                                    {pointsText(t, a.totalPoints, data.item.maxPoints)}
                                  </Anchor>
                                ) : (
                                  <Text size="sm">
                                    {pointsText(t, a.totalPoints, data.item.maxPoints)}
                                  </Text>
                                )}
                                {a.finishedBy && a.finishedBy !== 'learner' ? (
                                  <Text size="xs" c="dimmed">
                                    {finishedByLabel(t, a.finishedBy)}
                                  </Text>
                                ) : null}
                              </Group>
                            ))}
                          </Stack>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {row.methodPoints === null ? '—' : round2(row.methodPoints)}
                      </Table.Td>
                      <Table.Td>
                        {row.grade ? (
                          <Group gap={6}>
                            <Text size="sm">
                              {row.grade.points === null ? '—' : round2(row.grade.points)}
                            </Text>
                            <Badge
                              size="xs"
                              variant="light"
                              c="dark.8"
                              color={row.grade.isPublished ? 'green.9' : 'gray.8'}
                              tt="none"
                            >
                              {row.grade.isPublished
                                ? t('quiz.results.published', 'Published')
                                : t('quiz.results.draft', 'Not published')}
                            </Badge>
                          </Group>
                        ) : (
                          '—'
                        )}
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
