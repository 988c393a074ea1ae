import '../styles';
import { useState } from 'react';
import {
  Anchor,
  Card,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { answerPathOf } from '@lantern/contracts/learning-kinds';
import type { MyGrade } from '@lantern/contracts/learning-work';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useMyGrades } from '../api/get-my-grades';
import { useMyProgress } from '../api/get-my-progress';
import { ProgressLine } from '../components/progress-line';
import { ScrollTable } from '../../../components/scroll-table';
import { gradeComment, gradeText } from '../components/grade-text';

export const loader = requireRight('GENERAL_LMS__DISPLAY');

function ProgressTab() {
  const { t } = useTranslation();
  const progress = useMyProgress();
  if (progress.isPending) return <Loader role="status" aria-label={t('lms.loading', 'Loading')} />;
  if (progress.error) return <ErrorAlert error={progress.error} />;
  if (progress.data.concentrations.length === 0)
    return <Text size="sm">{t('lms.track.noCourses', 'You have no courses yet.')}</Text>;
  return (
    <Stack gap="sm">
      {progress.data.concentrations.map((c) => (
        <Card key={c.programme.id} withBorder padding="sm" component="section">
          <Stack gap="xs">
            <Title order={2} size="h4">
              {c.programme.title}
            </Title>
            <ProgressLine done={c.itemsDone} total={c.itemsTotal} label={c.programme.title} />
            {c.courses.map((course) => (
              <Stack
                key={course.id}
                gap={4}
                ps="sm"
                style={{ borderInlineStart: '2px solid var(--mantine-color-gray-3)' }}
              >
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Anchor component={Link} to={`/en/course/${course.id}`} size="sm" fw={600}>
                    {course.code} · {course.title}
                  </Anchor>
                  {course.tasksTotal > 0 ? (
                    <Text size="xs" c="dimmed">
                      {t('lms.track.tasks', '{{done}} of {{total}} tasks handed in', {
                        done: course.tasksSubmitted,
                        total: course.tasksTotal,
                      })}
                    </Text>
                  ) : null}
                </Group>
                <ProgressLine
                  done={course.itemsDone}
                  total={course.itemsTotal}
                  label={course.title}
                />
                {course.units.map((u) => (
                  <Group key={u.id} gap="xs" wrap="nowrap" ps="md">
                    <Anchor
                      component={Link}
                      to={`/en/unit_overview/${u.id}`}
                      size="xs"
                      w="40%"
                      truncate
                    >
                      {u.title}
                    </Anchor>
                    <div style={{ flex: 1 }}>
                      <ProgressLine done={u.itemsDone} total={u.itemsTotal} label={u.title} />
                    </div>
                  </Group>
                ))}
              </Stack>
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

const gradeLink = (g: MyGrade) => {
  const path = answerPathOf(g.kind, g.itemId);
  if (!path) return null;
  return `/en/${path}${g.submissionId ? `?submission=${g.submissionId}` : ''}`;
};

function GradesTab() {
  const { t } = useTranslation();
  const [courseId, setCourseId] = useState<number | undefined>(undefined);
  const [sort, setSort] = useState<'date' | 'course'>('date');
  const [page, setPage] = useState(1);
  const grades = useMyGrades({ courseId, sort, page, limit: 25 });
  const data = grades.data;
  return (
    <Stack gap="sm">
      <Anchor component={Link} to="/en/track/grade-history" size="sm">
        {t('lms.track.history', 'History of my grades')}
      </Anchor>
      <Group gap="sm" wrap="wrap">
        <Select
          label={t('lms.track.course', 'Course')}
          placeholder={t('lms.track.allCourses', 'All courses')}
          clearable
          data={(data?.courses ?? []).map((c) => ({
            value: String(c.id),
            label: `${c.code} · ${c.title}`,
          }))}
          value={courseId === undefined ? null : String(courseId)}
          onChange={(v) => {
            setCourseId(v ? Number(v) : undefined);
            setPage(1);
          }}
        />
        <Select
          label={t('lms.track.sort', 'Sort by')}
          allowDeselect={false}
          data={[
            { value: 'date', label: t('lms.track.sortDate', 'Newest first') },
            { value: 'course', label: t('lms.track.sortCourse', 'Course') },
          ]}
          value={sort}
          onChange={(v) => {
            setSort(v === 'course' ? 'course' : 'date');
            setPage(1);
          }}
        />
      </Group>
      <ErrorAlert error={grades.error} />
      {grades.isPending ? <Loader role="status" aria-label={t('lms.loading', 'Loading')} /> : null}
      {data && data.items.length === 0 ? (
        <Text size="sm">{t('lms.track.noGrades', 'No published grades yet.')}</Text>
      ) : null}
      {data && data.items.length > 0 ? (
        <ScrollTable minWidth={560} label="Progress by course">
          <Table striped verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('lms.track.task', 'Task')}</Table.Th>
                <Table.Th>{t('lms.track.course', 'Course')}</Table.Th>
                <Table.Th>{t('lms.track.grade', 'Grade')}</Table.Th>
                <Table.Th>{t('lms.track.comment', 'Comment')}</Table.Th>
                <Table.Th>{t('lms.track.published', 'Published')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((g) => {
                const link = gradeLink(g);
                return (
                  <Table.Tr key={g.itemId}>
                    <Table.Td>
                      {link ? (
                        <Anchor component={Link} to={link} size="sm">
                          {g.title}
                        </Anchor>
                      ) : (
                        g.title
                      )}
                    </Table.Td>
                    <Table.Td>{g.course.code}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{gradeText(t, g)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={3}>
                        {gradeComment(g) ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(g.publishedAt)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      ) : null}
      {data && data.total > data.limit ? (
        <Pagination
          total={Math.ceil(data.total / data.limit)}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({
            'aria-label': t(`lms.pagination.${control}`, control),
          })}
        />
      ) : null}
    </Stack>
  );
}

/** track (decision 0019): the learner's progress and grades. */
export default function TrackRoute() {
  const { t } = useTranslation();
  // ?tab=grades: the way back from the grade history lands on the grades.
  const [search] = useSearchParams();
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h2">
        {t('lms.track.title', 'Progress')}
      </Title>
      <Tabs
        defaultValue={search.get('tab') === 'grades' ? 'grades' : 'progress'}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="progress">{t('lms.track.progressTab', 'Progress')}</Tabs.Tab>
          <Tabs.Tab value="grades">{t('lms.track.gradesTab', 'Grades')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="progress" pt="sm">
          <ProgressTab />
        </Tabs.Panel>
        <Tabs.Panel value="grades" pt="sm">
          <GradesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
