import '../styles';
import { Alert, Anchor, Button, Loader, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LightBadge } from '../components/light-badge';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { RichText } from '../../../components/rich-text';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useUnit } from '../api/get-unit';
import { ContentHeader } from '../components/course-header';
import { CourseDiscussions } from '../../discussions/components/course-discussions';
import { TaskStateBadge } from '../components/task-state-badge';
import { UnitNotice } from '../components/unit-notice';
import { kindLabel } from '../labels';
import { contentPaths } from '../paths';

export const loader = requireRight('COURSE_DOCUMENT__DISPLAY');

/** A unit's items at a glance: kind, state, due date (late) and points. */
export default function UnitOverviewRoute() {
  const { t } = useTranslation();
  const unitId = Number(useParams().unitId);
  const query = useUnit(unitId, false);
  const data = query.data;
  return (
    <Stack gap="md" maw={1100}>
      {query.isPending ? (
        <Loader role="status" aria-label={t('content.loading', 'Loading')} />
      ) : null}
      <ErrorAlert error={query.error} />
      {data ? (
        <>
          <ContentHeader
            programme={data.programme}
            course={data.course}
            title={data.unit.title}
            actions={
              data.items.length > 0 ? (
                <Button component={Link} to={contentPaths.unit(unitId)}>
                  {t('content.startUnit', 'Start reading')}
                </Button>
              ) : null
            }
          />
          <UnitNotice view={data} />
          <RichText html={data.unit.summary} />
          {data.items.length > 0 ? (
            <Table.ScrollContainer minWidth={560}>
              <Table striped verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('content.item', 'Item')}</Table.Th>
                    <Table.Th>{t('content.kindHeader', 'Kind')}</Table.Th>
                    <Table.Th>{t('content.state', 'State')}</Table.Th>
                    <Table.Th>{t('content.due', 'Due')}</Table.Th>
                    <Table.Th>{t('content.points', 'Points')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((item) => (
                    <Table.Tr key={item.id}>
                      <Table.Td>
                        <Anchor component={Link} to={contentPaths.unit(unitId, item.id)}>
                          {item.title}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{kindLabel(t, item.kind)}</Table.Td>
                      <Table.Td>
                        {item.task?.mine ? (
                          <TaskStateBadge state={item.task.mine.state} late={item.task.mine.late} />
                        ) : item.done ? (
                          <LightBadge color="green">{t('content.done', 'Done')}</LightBadge>
                        ) : (
                          <Text size="sm">–</Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {item.task?.dueAt ? formatDateTime(item.task.dueAt) : '–'}
                      </Table.Td>
                      <Table.Td>
                        {item.task
                          ? item.task.mine?.points != null
                            ? `${item.task.mine.points} / ${item.task.maxPoints}`
                            : item.task.maxPoints
                          : '–'}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          <CourseDiscussions courseId={data.course.id} unitId={unitId} />
          {data.items.length === 0 && data.unit.availability !== 'not_open' ? (
            <Alert variant="light">
              {t('content.emptyUnit', 'This unit has nothing to read yet.')}
            </Alert>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
