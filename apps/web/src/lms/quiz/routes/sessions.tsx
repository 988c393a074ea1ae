import '../styles';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Select } from '../../../components/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  overrideInputSchema,
  type OverrideInput,
  type QuizSession,
  type QuizSessions,
} from '@lantern/contracts/quiz';
import { DateTimeField } from '../../../components/date-time-field';
import { ErrorAlert } from '../../../components/failure-alert';
import { isApiError } from '../../../lib/api-errors';
import { formatDateTime, fromLocalDateTime, toLocalDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useResults } from '../api/get-results';
import { useSessions } from '../api/get-sessions';
import { useOpenCloseSession } from '../api/open-close-session';
import { useDeleteOverride, useSaveOverride } from '../api/save-override';
import { useSaveSession } from '../api/save-session';
import { SessionForm, sessionInputOf } from '../components/session-form';
import { gradingMethodLabel, reviewWhenLabel } from '../labels';
import { quizPaths } from '../paths';

export const loader = requireRight('QUIZ_SESSION__DISPLAY');

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

/** Extra time, extra attempts or a later close for one learner, with the reason. */
function OverrideForm({
  itemId,
  session,
  onDone,
}: {
  itemId: number;
  session: QuizSession;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const results = useResults(itemId, session.id);
  const save = useSaveOverride(itemId);
  const [studentId, setStudentId] = useState<string | null>(null);
  const [value, setValue] = useState<OverrideInput>({
    extraMinutes: 0,
    extraAttempts: 0,
    closesAt: null,
    reason: '',
  });
  const [checked, setChecked] = useState(false);
  const existing = session.overrides.find((o) => String(o.studentId) === studentId);
  const local: Record<string, string> = {};
  if (checked) {
    const parsed = overrideInputSchema.safeParse(value);
    if (!parsed.success)
      for (const issue of parsed.error.issues) local[issue.path.join('.')] ??= issue.message;
    if (studentId === null)
      local.studentId = t('quizAuthoring.required', 'This field must be filled');
  }
  const server = isApiError(save.error) ? save.error.fields : {};
  const err = (key: string) => local[key] ?? server[key];
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setChecked(true);
        if (studentId === null || !overrideInputSchema.safeParse(value).success) return;
        save.mutate(
          {
            sessionId: session.id,
            studentId: Number(studentId),
            data: { ...value, ...(existing ? { version: existing.version } : {}) },
          },
          { onSuccess: onDone },
        );
      }}
    >
      <Stack gap="sm">
        <Select
          label={t('quiz.sessions.learner', 'Learner')}
          required
          searchable
          data={(results.data?.rows ?? []).map((r) => ({
            value: String(r.studentId),
            label: r.className ? `${r.name} · ${r.className}` : r.name,
          }))}
          value={studentId}
          error={err('studentId')}
          onChange={setStudentId}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NumberInput
            label={t('quiz.sessions.extraMinutes', 'Extra minutes')}
            min={0}
            max={600}
            value={value.extraMinutes ?? 0}
            error={err('extraMinutes')}
            onChange={(v) => setValue({ ...value, extraMinutes: Number(v) || 0 })}
          />
          <NumberInput
            label={t('quiz.sessions.extraAttempts', 'Extra attempts')}
            min={0}
            max={20}
            value={value.extraAttempts ?? 0}
            error={err('extraAttempts')}
            onChange={(v) => setValue({ ...value, extraAttempts: Number(v) || 0 })}
          />
          <DateTimeField
            label={t('quiz.sessions.laterClose', 'Closes for this learner')}
            value={toLocalDateTime(value.closesAt ?? null)}
            error={err('closesAt')}
            defaultTime="23:59"
            onChange={(v) => setValue({ ...value, closesAt: fromLocalDateTime(v) })}
          />
        </SimpleGrid>
        <TextInput
          label={t('quiz.sessions.reason', 'Reason')}
          required
          maxLength={500}
          value={value.reason}
          error={err('reason')}
          onChange={(e) => setValue({ ...value, reason: e.currentTarget.value })}
        />
        {save.error && Object.keys(server).length === 0 ? <ErrorAlert error={save.error} /> : null}
        <Group gap="xs">
          <Button type="submit" loading={save.isPending}>
            {t('quiz.sessions.grant', 'Grant')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('quizAuthoring.cancel', 'Cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SessionCard({
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

function NewClassSession({ itemId, data }: { itemId: number; data: QuizSessions }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const save = useSaveSession(itemId);
  const base = data.items.find((s) => s.classId === null);
  if (!data.canEdit || data.classesWithout.length === 0 || !base) return null;
  return (
    <>
      <Group>
        <Button variant="light" onClick={() => setOpen(true)}>
          {t('quiz.sessions.addClass', 'Add a session for a class')}
        </Button>
      </Group>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('quiz.sessions.addClass', 'Add a session for a class')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('quiz.close', 'Close') }}
      >
        {open ? (
          <SessionForm
            initial={{ ...sessionInputOf(base), classId: null }}
            classes={data.classesWithout}
            saving={save.isPending}
            serverError={save.error}
            onCancel={() => setOpen(false)}
            onSubmit={(value) =>
              save.mutate(
                { itemId, sessionId: null, data: value },
                { onSuccess: () => setOpen(false) },
              )
            }
          />
        ) : null}
      </Modal>
    </>
  );
}

/** quiz/:itemId/sessions: sessions per class, open and close, exceptions for learners. */
export default function QuizSessionsRoute() {
  const { t } = useTranslation();
  const itemId = Number(useParams().itemId);
  const sessions = useSessions(itemId);
  const data = sessions.data;
  return (
    <Stack gap="md" maw={1200}>
      {sessions.isPending ? (
        <Loader role="status" aria-label={t('lms.loading', 'Loading')} />
      ) : null}
      <ErrorAlert error={sessions.error} />
      {data ? (
        <>
          <div>
            <Anchor component={Link} to={quizPaths.card(itemId)} size="sm">
              {t('quiz.staff.toQuiz', 'The quiz')}
            </Anchor>
            <Title order={1} size="h2">
              {t('quiz.sessions.title', 'Sessions: {{title}}', { title: data.item.title })}
            </Title>
          </div>
          <NewClassSession itemId={itemId} data={data} />
          {data.items.map((s) => (
            <SessionCard key={s.id} itemId={itemId} session={s} canEdit={data.canEdit} />
          ))}
        </>
      ) : null}
    </Stack>
  );
}
