import '../styles';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QuizSession } from '@lantern/contracts/quiz';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDateTime } from '../../../lib/format';
import { useOpenCloseSession } from '../api/open-close-session';
import { useDeleteOverride } from '../api/save-override';
import { useSaveSession } from '../api/save-session';
import { SessionForm, sessionInputOf } from './session-form';
import { gradingMethodLabel, reviewWhenLabel } from '../labels';
import { quizPaths } from '../paths';
import { OverrideForm } from './override-form';

const STATE_COLOURS = { not_open: 'gray.8', open: 'green.9', closed: 'red.9' } as const;

function StateBadge({ state }: { state: QuizSession['state'] }) {
  const { t } = useTranslation();
  const labels = {
    not_open: t('quiz.sessions.notOpen', 'Not open yet'),
    open: t('quiz.sessions.open', 'Open'),
    closed: t('quiz.sessions.closed', 'Closed'),
  };
  return (
    <Badge color={STATE_COLOURS[state]} variant="light" c="dark.8" tt="none">
      {labels[state]}
    </Badge>
  );
}

/** One class's session on the sessions page: its dates and rules, open and close, edit, and its exceptions for learners. */
export function SessionCard({
  itemId,
  session,
  canEdit,
}: {
  itemId: number;
  session: QuizSession;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [granting, setGranting] = useState(false);
  const save = useSaveSession(itemId);
  const openClose = useOpenCloseSession(itemId);
  const removeOverride = useDeleteOverride(itemId);
  const title = session.className ?? t('quiz.sessions.everyClass', 'Every class');
  const facts: [string, string][] = [
    [
      t('quizAuthoring.opensAt', 'Opens'),
      session.opensAt ? formatDateTime(session.opensAt) : t('quiz.card.openNow', 'With the unit'),
    ],
    [
      t('quizAuthoring.closesAt', 'Closes'),
      session.closesAt
        ? formatDateTime(session.closesAt)
        : t('quiz.card.noClose', 'While the unit is open'),
    ],
    [
      t('quiz.card.timeLimit', 'Time limit'),
      session.timeLimitMinutes === null
        ? t('quiz.card.noTimeLimit', 'None')
        : t('quiz.card.minutes', '{{n}} min', { n: session.timeLimitMinutes }),
    ],
    [
      t('quiz.sessions.attemptsAllowed', 'Attempts allowed'),
      session.attemptsAllowed === null
        ? t('quiz.sessions.unlimited', 'No limit')
        : String(session.attemptsAllowed),
    ],
    [t('quiz.card.grading', 'Grade'), gradingMethodLabel(t, session.gradingMethod)],
    [t('quiz.card.marksShown', 'Marks shown'), reviewWhenLabel(t, session.review.marks)],
    [t('quiz.card.answersShown', 'Answers shown'), reviewWhenLabel(t, session.review.answers)],
    [
      t('quiz.sessions.attemptsNow', 'Attempts so far'),
      t('quiz.sessions.attemptCounts', '{{running}} in progress, {{done}} handed in', {
        running: session.attemptsInProgress,
        done: session.attemptsFinished,
      }),
    ],
  ];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`session-${session.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title order={2} size="h4" id={`session-${session.id}`}>
              {title}
            </Title>
            <StateBadge state={session.state} />
          </Group>
          <Group gap="xs">
            <Button
              component={Link}
              to={quizPaths.results(itemId, session.id)}
              size="xs"
              variant="default"
            >
              {t('quiz.staff.results', 'Results')}
            </Button>
            {canEdit ? (
              <>
                <Button size="xs" variant="default" onClick={() => setEditing(true)}>
                  {t('quiz.sessions.edit', 'Edit')}
                </Button>
                {session.state !== 'open' ? (
                  <Button
                    size="xs"
                    variant="light"
                    loading={openClose.isPending}
                    onClick={() =>
                      openClose.mutate({
                        sessionId: session.id,
                        action: 'open',
                        version: session.version,
                      })
                    }
                  >
                    {t('quiz.sessions.openNow', 'Open now')}
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    // Mantine's light red text (shade 6) is below AA on its tint.
                    c="red.9"
                    loading={openClose.isPending}
                    onClick={() => {
                      if (
                        window.confirm(
                          t(
                            'quiz.sessions.confirmClose',
                            'Close “{{title}}” now? Attempts in progress are handed in.',
                            {
                              title,
                            },
                          ),
                        )
                      )
                        openClose.mutate({
                          sessionId: session.id,
                          action: 'close',
                          version: session.version,
                        });
                    }}
                  >
                    {t('quiz.sessions.closeNow', 'Close now')}
                  </Button>
                )}
              </>
            ) : null}
          </Group>
        </Group>
        <ErrorAlert error={openClose.error ?? removeOverride.error} />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing={4} verticalSpacing={4}>
          {facts.map(([label, value]) => (
            <Text size="sm" key={label}>
              <strong>{label}:</strong> {value}
            </Text>
          ))}
        </SimpleGrid>
        <Stack gap={4}>
          <Group justify="space-between">
            <Title order={3} size="h5">
              {t('quiz.sessions.overrides', 'Exceptions for learners')}
            </Title>
            {canEdit ? (
              <Button size="compact-xs" variant="light" onClick={() => setGranting(true)}>
                {t('quiz.sessions.addOverride', 'Grant an exception')}
              </Button>
            ) : null}
          </Group>
          {session.overrides.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('quiz.sessions.noOverrides', 'None.')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table withTableBorder verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('quiz.sessions.learner', 'Learner')}</Table.Th>
                    <Table.Th>{t('quiz.sessions.extraMinutes', 'Extra minutes')}</Table.Th>
                    <Table.Th>{t('quiz.sessions.extraAttempts', 'Extra attempts')}</Table.Th>
                    <Table.Th>{t('quiz.sessions.laterClose', 'Closes for this learner')}</Table.Th>
                    <Table.Th>{t('quiz.sessions.reason', 'Reason')}</Table.Th>
                    {canEdit ? <Table.Th>{t('quizAuthoring.actions', 'Actions')}</Table.Th> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {session.overrides.map((o) => (
                    <Table.Tr key={o.studentId}>
                      <Table.Td>{o.name}</Table.Td>
                      <Table.Td>{o.extraMinutes}</Table.Td>
                      <Table.Td>{o.extraAttempts}</Table.Td>
                      <Table.Td>{o.closesAt ? formatDateTime(o.closesAt) : '—'}</Table.Td>
                      <Table.Td>{o.reason}</Table.Td>
                      {canEdit ? (
                        <Table.Td>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            onClick={() =>
                              removeOverride.mutate({
                                sessionId: session.id,
                                studentId: o.studentId,
                                version: o.version,
                              })
                            }
                          >
                            {t('quiz.sessions.removeOverride', 'Remove')}
                          </Button>
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Stack>
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('quiz.sessions.editTitle', 'Session: {{title}}', { title })}
        size="lg"
        closeButtonProps={{ 'aria-label': t('quiz.close', 'Close') }}
      >
        <SessionForm
          initial={sessionInputOf(session)}
          classes={null}
          saving={save.isPending}
          serverError={save.error}
          onCancel={() => setEditing(false)}
          onSubmit={(value) => {
            const { classId: _classId, ...rest } = value;
            save.mutate(
              { itemId, sessionId: session.id, data: { ...rest, version: session.version } },
              { onSuccess: () => setEditing(false) },
            );
          }}
        />
      </Modal>
      <Modal
        opened={granting}
        onClose={() => setGranting(false)}
        title={t('quiz.sessions.addOverride', 'Grant an exception')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('quiz.close', 'Close') }}
      >
        {granting ? (
          <OverrideForm itemId={itemId} session={session} onDone={() => setGranting(false)} />
        ) : null}
      </Modal>
    </Card>
  );
}
