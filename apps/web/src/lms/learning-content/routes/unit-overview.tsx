import '../styles';
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { UnitItem } from '@lantern/contracts/learning-content';
import { useTranslation } from 'react-i18next';
import { LightBadge } from '../components/light-badge';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { RichText } from '../../../components/rich-text';
import { formatDateTime } from '../../../lib/format';
import { useIsPhone } from '../../../lib/media';
import { requireRight } from '../../../lib/require-right';
import { useUnit } from '../api/get-unit';
import { ContentHeader } from '../components/course-header';
import { CourseDiscussions } from '../../discussions/public';
import { ItemTaskStateBadge } from '../components/task-state-badge';
import { UnitNotice } from '../components/unit-notice';
import { kindLabel } from '../labels';
import { contentPaths } from '../paths';

export const loader = requireRight('COURSE_DOCUMENT__DISPLAY');

/** An item's state: its task's, "Done" for a done resource, else a dash. */
function ItemState({ item, t }: { item: UnitItem; t: TFunction }) {
  if (item.task?.mine) return <ItemTaskStateBadge item={item} />;
  if (item.done) return <LightBadge color="green">{t('content.done', 'Done')}</LightBadge>;
  return <Text size="sm">–</Text>;
}

const dueText = (item: UnitItem) => (item.task?.dueAt ? formatDateTime(item.task.dueAt) : '–');

const pointsText = (item: UnitItem) =>
  item.task
    ? item.task.mine?.points != null
      ? `${item.task.mine.points} / ${item.task.maxPoints}`
      : String(item.task.maxPoints)
    : '–';

/** The items as a table; on a phone as a list of cards, so no badge is cut at the edge. */
function UnitItems({ unitId, items }: { unitId: number; items: UnitItem[] }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const title = (item: UnitItem) => (
    <Anchor component={Link} to={contentPaths.unit(unitId, item.id)}>
      {item.title}
    </Anchor>
  );
  if (isPhone)
    return (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <Card component="li" key={item.id} withBorder padding="sm">
            <Stack gap={4} style={{ overflowWrap: 'anywhere' }}>
              {title(item)}
              <Group gap="xs" wrap="wrap">
                <Text size="sm" c="dimmed">
                  {kindLabel(t, item.kind)}
                </Text>
                <ItemState item={item} t={t} />
              </Group>
              {item.task ? (
                <Text size="sm">
                  {t('content.due', 'Due')}: {dueText(item)} · {t('content.points', 'Points')}:{' '}
                  {pointsText(item)}
                </Text>
              ) : null}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  return (
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
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>{title(item)}</Table.Td>
              <Table.Td>{kindLabel(t, item.kind)}</Table.Td>
              <Table.Td>
                <ItemState item={item} t={t} />
              </Table.Td>
              <Table.Td>{dueText(item)}</Table.Td>
              <Table.Td>{pointsText(item)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

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
          {data.items.length > 0 ? <UnitItems unitId={unitId} items={data.items} /> : null}
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
