import '../styles';
import {
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LightBadge } from '../components/light-badge';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useConcentration } from '../api/get-concentration';
import { ContentHeader } from '../components/course-header';
import { kindLabel, taskStateLabel } from '../labels';
import { contentPaths } from '../paths';
import { useShownTaskState } from '../../task-state/public';
import type { DueItem } from '@lantern/contracts/learning-content';

export const loader = requireRight('GENERAL_LMS__DISPLAY');

/** A learner's landing page for a programme: its courses with progress, and what is due. */
/** A due item's state as its own page shows it ("In progress" for a training under way). */
function DueState({ item }: { item: DueItem }) {
  const { t } = useTranslation();
  const state = useShownTaskState(item.itemId, item.kind, item.state);
  return state ? taskStateLabel(t, state) : '';
}

export default function ConcentrationHomeRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().concentration);
  const query = useConcentration(id);
  const data = query.data;
  return (
    <Stack gap="md" maw={1200}>
      {query.isPending ? (
        <Loader role="status" aria-label={t('content.loading', 'Loading')} />
      ) : null}
      <ErrorAlert error={query.error} />
      {data ? (
        <>
          <ContentHeader
            title={data.programme.title}
            actions={
              <Button component={Link} to={contentPaths.itinerary(id)} variant="light">
                {t('content.itinerary', 'Itinerary')}
              </Button>
            }
          />
          <Title order={2} size="h4">
            {t('content.courses', 'Courses')}
          </Title>
          {data.courses.length === 0 ? (
            <Text>{t('content.noCourses', 'There are no courses here yet.')}</Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {data.courses.map((course) => (
              <Card key={course.id} withBorder padding="sm">
                <Stack gap={6}>
                  <Anchor component={Link} to={contentPaths.course(course.id)} fw={600}>
                    {course.title}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {course.code} ·{' '}
                    {t('content.unitCount', '{{count}} units', { count: course.unitCount })} ·{' '}
                    {t('content.taskCount', '{{count}} tasks', { count: course.tasksTotal })}
                  </Text>
                  {course.itemsDone !== null ? (
                    <>
                      <Progress
                        value={course.itemsTotal ? (100 * course.itemsDone) / course.itemsTotal : 0}
                        aria-label={t('content.progressOf', 'Progress in {{title}}', {
                          title: course.title,
                        })}
                      />
                      <Text size="sm">
                        {t('content.doneOf', '{{done}} of {{total}} done', {
                          done: course.itemsDone,
                          total: course.itemsTotal,
                        })}
                        {course.pointsPublished
                          ? ` · ${t('content.pointsSoFar', '{{points}} points so far', { points: course.pointsPublished })}`
                          : ''}
                      </Text>
                    </>
                  ) : null}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <Title order={2} size="h4">
            {t('content.dueNext', 'Due next')}
          </Title>
          {data.due.length === 0 ? (
            <Text>{t('content.nothingDue', 'Nothing is due.')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table striped verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('content.task', 'Task')}</Table.Th>
                    <Table.Th>{t('content.course', 'Course')}</Table.Th>
                    <Table.Th>{t('content.due', 'Due')}</Table.Th>
                    {data.isLearner ? <Table.Th>{t('content.state', 'State')}</Table.Th> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.due.map((item) => (
                    <Table.Tr key={item.itemId}>
                      <Table.Td>
                        <Anchor component={Link} to={contentPaths.unit(item.unitId, item.itemId)}>
                          {item.title}
                        </Anchor>{' '}
                        <Text span size="xs" c="dimmed">
                          {kindLabel(t, item.kind)}
                        </Text>
                      </Table.Td>
                      <Table.Td>{item.courseTitle}</Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {formatDateTime(item.dueAt)}
                          {item.late ? (
                            <LightBadge color="red">{t('content.late', 'Late')}</LightBadge>
                          ) : null}
                        </Group>
                      </Table.Td>
                      {data.isLearner ? (
                        <Table.Td>
                          <DueState item={item} />
                        </Table.Td>
                      ) : null}
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
