import '../styles';
import { useState } from 'react';
import {
  Anchor,
  Button,
  Group,
  Loader,
  Pagination,
  Progress,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { gradePathOf } from '@lantern/contracts/learning-kinds';
import {
  QUEUE_STATES,
  type ClassStudentsQuery,
  type QueueState,
} from '@lantern/contracts/teaching';
import { ErrorAlert } from '../../../components/failure-alert';
import { useCurrentUser } from '../../../lib/base-data';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { useTeachingClass } from '../api/get-class';
import { useClassProgress } from '../api/get-class-progress';
import { useGradingQueue } from '../api/get-grading-queue';
import { ScoreBadge } from '../../similarity/public';
import { pointsText, STATE_COLORS, taskStateLabel } from '../labels';
import { ScrollTable } from '../../../components/scroll-table';
import { ClassFlagBadge } from '../../dropout/public';

export const loader = requireRight('CLASSROOM__DISPLAY');

/** class/:classId: Students (learners × tasks), To grade (the queue) and Progress. */
export default function ClassPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const classId = Number(useParams().classId);
  const [query, setQuery] = useState<Partial<ClassStudentsQuery>>({ page: 1, sort: 'name' });
  const [tab, setTab] = useState<string | null>('students');
  const [queueTask, setQueueTask] = useState<number | undefined>(undefined);
  const [queueState, setQueueState] = useState<QueueState | undefined>(undefined);
  const { data, error, isPending } = useTeachingClass(classId, query);
  const courseId = data?.courseId ?? null;
  const queue = useGradingQueue(
    hasRight(user, 'SUBMISSION__DISPLAY') && tab === 'queue' ? courseId : null,
    {
      classId,
      itemId: queueTask,
      state: queueState,
    },
  );
  const progress = useClassProgress(classId, courseId, tab === 'progress' && courseId !== null);
  const stateLabels: Record<QueueState, string> = {
    submitted: t('teaching.queue.submitted', 'Submitted on time'),
    late: t('teaching.queue.late', 'Late'),
    resubmitted: t('teaching.queue.resubmitted', 'Resubmitted'),
  };
  if (error) return <ErrorAlert error={error} />;
  if (isPending) return <Loader size="sm" />;
  const k = data.class;
  return (
    <Stack gap="sm">
      <div>
        <Title order={1} size="h3">
          {t('teaching.class.title', 'Class {{name}}', { name: k.name })}
        </Title>
        <Text size="sm" c="gray.8">
          {k.programme.code} · {k.programme.title} · {k.clc.code}
        </Text>
        <ClassFlagBadge classId={classId} />
      </div>
      <Group gap="xs" align="end">
        {data.courses.length > 1 ? (
          <Select
            label={t('teaching.course', 'Course')}
            size="xs"
            w={260}
            allowDeselect={false}
            value={courseId === null ? null : String(courseId)}
            data={data.courses.map((c) => ({
              value: String(c.id),
              label: `${c.code} · ${c.title}`,
            }))}
            onChange={(v) => {
              setQuery((q) => ({ ...q, page: 1, courseId: v === null ? undefined : Number(v) }));
            }}
          />
        ) : null}
        {courseId !== null && hasRight(user, 'GRADE_BOOK__DISPLAY') ? (
          <Button
            component={Link}
            to={`/en/course/${courseId}/grade-book?classId=${classId}`}
            size="xs"
            variant="default"
          >
            {t('teaching.gradeBook.open', 'Grade book')}
          </Button>
        ) : null}
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="students">{t('teaching.tab.students', 'Students')}</Tabs.Tab>
          {hasRight(user, 'SUBMISSION__DISPLAY') ? (
            <Tabs.Tab value="queue">{t('teaching.tab.queue', 'To grade')}</Tabs.Tab>
          ) : null}
          <Tabs.Tab value="progress">{t('teaching.tab.progress', 'Progress')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="students" pt="sm">
          <Stack gap="xs">
            <Group gap="xs" align="end">
              <TextInput
                label={t('teaching.search', 'Search')}
                placeholder={t('teaching.class.search', 'Student name')}
                size="xs"
                w={220}
                defaultValue={query.q ?? ''}
                onChange={(e) => {
                  const q = e.currentTarget.value || undefined;
                  setQuery((x) => ({ ...x, page: 1, q }));
                }}
              />
              <Select
                label={t('teaching.sortBy', 'Sort by')}
                size="xs"
                w={160}
                allowDeselect={false}
                value={query.sort ?? 'name'}
                data={[
                  { value: 'name', label: t('teaching.sort.name', 'Name') },
                  {
                    value: 'lastActivity',
                    label: t('teaching.sort.lastActivity', 'Last activity'),
                  },
                ]}
                onChange={(v) => {
                  const sort = v === 'lastActivity' ? 'lastActivity' : 'name';
                  setQuery((x) => ({ ...x, page: 1, sort, dir: sort === 'name' ? 'asc' : 'desc' }));
                }}
              />
            </Group>
            {data.students.length === 0 ? (
              // A sentence, not a table of headers with nothing under them.
              <Text size="sm">
                {query.q
                  ? t('teaching.class.noMatch', 'No student of this class matches the search.')
                  : t('teaching.class.noStudents', 'No student is in this class yet.')}
              </Text>
            ) : (
              <ScrollTable minWidth={480} label="Students and tasks">
                <Table striped verticalSpacing={4} fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('teaching.student', 'Student')}</Table.Th>
                      {data.tasks.map((task) => (
                        <Table.Th key={task.id}>
                          {task.title}
                          <Text size="xs" c="gray.8">
                            {t('teaching.class.notSubmitted', '{{n}} not submitted', {
                              n: data.notSubmitted[String(task.id)] ?? 0,
                            })}
                          </Text>
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.students.map((s) => (
                      <Table.Tr key={s.studentId}>
                        <Table.Td>
                          {s.lastName}, {s.firstName}
                        </Table.Td>
                        {s.cells.map((c, i) => {
                          const label = taskStateLabel(t, c.state);
                          const text =
                            c.points === null ? label : `${pointsText(c.points)} · ${label}`;
                          return (
                            <Table.Td key={data.tasks[i]?.id ?? i}>
                              {c.submissionId !== null ? (
                                <Anchor
                                  component={Link}
                                  to={`/en/${gradePathOf(data.tasks[i]?.kind ?? 'text_task', c.submissionId)}`}
                                  size="sm"
                                  c={STATE_COLORS[c.state]}
                                >
                                  {text}
                                </Anchor>
                              ) : (
                                <Text span size="sm" c={STATE_COLORS[c.state]}>
                                  {text}
                                </Text>
                              )}
                              {c.late ? (
                                <Text span size="xs" c="red.9" ms={4}>
                                  {t('teaching.late', 'late')}
                                </Text>
                              ) : null}
                              {c.points !== null && !c.published ? (
                                <Text span size="xs" c="gray.8" ms={4}>
                                  {t('teaching.draft', '(draft)')}
                                </Text>
                              ) : null}
                            </Table.Td>
                          );
                        })}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            )}
            {data.tasks.length === 0 ? (
              <Text size="sm">
                {t('teaching.class.noTasks', 'This course has no graded tasks yet.')}
              </Text>
            ) : null}
            {data.total > data.limit ? (
              <Pagination
                size="sm"
                total={Math.ceil(data.total / data.limit)}
                value={data.page}
                onChange={(page) => {
                  setQuery((q) => ({ ...q, page }));
                }}
              />
            ) : null}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="queue" pt="sm">
          <Stack gap="xs">
            <Group gap="xs">
              <Select
                label={t('teaching.task', 'Task')}
                size="xs"
                w={220}
                clearable
                placeholder={t('teaching.allTasks', 'All tasks')}
                value={queueTask === undefined ? null : String(queueTask)}
                data={data.tasks.map((task) => ({ value: String(task.id), label: task.title }))}
                onChange={(v) => {
                  setQueueTask(v === null ? undefined : Number(v));
                }}
              />
              <Select
                label={t('teaching.state', 'State')}
                size="xs"
                w={180}
                clearable
                placeholder={t('teaching.allStates', 'All states')}
                value={queueState ?? null}
                data={QUEUE_STATES.map((v) => ({ value: v, label: stateLabels[v] }))}
                onChange={(v) => {
                  setQueueState((v ?? undefined) as QueueState | undefined);
                }}
              />
            </Group>
            {queue.error ? <ErrorAlert error={queue.error} /> : null}
            <Table striped verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('teaching.student', 'Student')}</Table.Th>
                  <Table.Th>{t('teaching.task', 'Task')}</Table.Th>
                  <Table.Th>{t('teaching.handedIn', 'Handed in')}</Table.Th>
                  <Table.Th>{t('teaching.attempt', 'Attempt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(queue.data?.pages ?? []).flatMap((p) =>
                  p.items.map((e) => (
                    <Table.Tr key={e.submissionId}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={`/en/${gradePathOf(e.itemKind, e.submissionId)}`}
                          size="sm"
                        >
                          {e.lastName}, {e.firstName}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{e.itemTitle}</Table.Td>
                      <Table.Td>
                        {formatDateTime(e.submittedAt)}
                        {e.late ? (
                          <Text span size="xs" c="red.9" ms={4}>
                            {t('teaching.late', 'late')}
                          </Text>
                        ) : null}
                        {e.similarity ? (
                          <Anchor component={Link} to={`/en/similarity/${e.submissionId}`} ms={4}>
                            <ScoreBadge badge={e.similarity} />
                          </Anchor>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        {e.attempt}
                        {e.hasDraft ? (
                          <Text span size="xs" c="gray.8" ms={4}>
                            {t('teaching.queue.hasDraft', 'draft grade')}
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  )),
                )}
              </Table.Tbody>
            </Table>
            {queue.data && queue.data.pages.every((p) => p.items.length === 0) ? (
              <Text size="sm">{t('teaching.queue.empty', 'Nothing waits for a grade.')}</Text>
            ) : null}
            {queue.hasNextPage ? (
              <Button
                size="xs"
                variant="default"
                loading={queue.isFetchingNextPage}
                onClick={() => void queue.fetchNextPage()}
              >
                {t('teaching.more', 'Show more')}
              </Button>
            ) : null}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="progress" pt="sm">
          {progress.error ? <ErrorAlert error={progress.error} /> : null}
          {progress.data ? (
            <Stack gap="xs">
              <Table verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('teaching.unit', 'Unit')}</Table.Th>
                    <Table.Th>{t('teaching.progress.done', 'Done on average')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {progress.data.units.map((u) => (
                    <Table.Tr key={u.id}>
                      <Table.Td>{u.title}</Table.Td>
                      <Table.Td>
                        <Progress
                          value={u.averageDone * 100}
                          size="sm"
                          aria-label={t('teaching.progress.unitDone', '{{unit}}: {{pct}} % done', {
                            unit: u.title,
                            pct: Math.round(u.averageDone * 100),
                          })}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Table striped verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('teaching.student', 'Student')}</Table.Th>
                    <Table.Th ta="end">{t('teaching.progress.items', 'Items done')}</Table.Th>
                    <Table.Th ta="end">
                      {t('teaching.progress.submitted', 'Tasks handed in')}
                    </Table.Th>
                    <Table.Th ta="end">{t('teaching.progress.graded', 'Graded')}</Table.Th>
                    <Table.Th ta="end">{t('teaching.progress.soFar', 'So far')}</Table.Th>
                    <Table.Th>{t('teaching.progress.lastActivity', 'Last activity')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {progress.data.students.map((s) => (
                    <Table.Tr key={s.studentId}>
                      <Table.Td>
                        {s.lastName}, {s.firstName}
                      </Table.Td>
                      <Table.Td ta="end">
                        {s.itemsDone} / {progress.data.itemsTotal}
                      </Table.Td>
                      <Table.Td ta="end">
                        {s.tasksSubmitted} / {progress.data.tasksTotal}
                      </Table.Td>
                      <Table.Td ta="end">{s.tasksGraded}</Table.Td>
                      <Table.Td ta="end">
                        {s.soFarPercent === null ? '—' : `${s.soFarPercent} %`}
                      </Table.Td>
                      <Table.Td>
                        {s.lastActivityAt ? formatDateTime(s.lastActivityAt) : '—'}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          ) : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
