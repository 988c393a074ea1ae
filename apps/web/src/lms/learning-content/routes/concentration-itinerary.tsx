import '../styles';
import { Anchor, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LightBadge } from '../components/light-badge';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDate, formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useItinerary } from '../api/get-itinerary';
import { ContentHeader } from '../components/course-header';
import { availabilityLabel } from '../labels';
import { contentPaths } from '../paths';

export const loader = requireRight('GENERAL_LMS__DISPLAY');

const COLOURS = { not_open: 'gray', open: 'green', closed: 'dark' } as const;

/** The path through a programme: its courses and units in order, with dates and state. */
export default function ConcentrationItineraryRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().concentration);
  const query = useItinerary(id);
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
            programme={data.programme}
            title={t('content.itineraryOf', 'Itinerary')}
            subtitle={`${formatDate(data.programme.startDate)} – ${formatDate(data.programme.endDate)}`}
          />
          {data.courses.map((course) => (
            <Card key={course.id} withBorder padding="sm">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  <Anchor component={Link} to={contentPaths.course(course.id)} inherit>
                    {course.code} · {course.title}
                  </Anchor>
                </Title>
                {course.units.length === 0 ? (
                  <Text size="sm">{t('content.noUnits', 'No units yet.')}</Text>
                ) : (
                  <Table.ScrollContainer minWidth={520}>
                    <Table verticalSpacing={4}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('content.unit', 'Unit')}</Table.Th>
                          <Table.Th>{t('content.state', 'State')}</Table.Th>
                          <Table.Th>{t('content.dueDates', 'Due dates')}</Table.Th>
                          {data.isLearner ? (
                            <Table.Th>{t('content.progress', 'Progress')}</Table.Th>
                          ) : null}
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {course.units.map((unit) => (
                          <Table.Tr key={unit.id}>
                            <Table.Td>
                              <Anchor component={Link} to={contentPaths.unitOverview(unit.id)}>
                                {unit.title}
                              </Anchor>
                            </Table.Td>
                            <Table.Td>
                              <Group gap={4}>
                                <LightBadge color={COLOURS[unit.availability]}>
                                  {availabilityLabel(t, unit.availability)}
                                </LightBadge>
                                {unit.availability === 'not_open' && unit.opensAt ? (
                                  <Text size="xs">{formatDateTime(unit.opensAt)}</Text>
                                ) : null}
                              </Group>
                            </Table.Td>
                            <Table.Td>
                              {unit.firstDueAt
                                ? unit.firstDueAt === unit.lastDueAt
                                  ? formatDate(unit.firstDueAt)
                                  : `${formatDate(unit.firstDueAt)} – ${formatDate(unit.lastDueAt)}`
                                : '–'}
                            </Table.Td>
                            {data.isLearner ? (
                              <Table.Td>
                                {t('content.doneOf', '{{done}} of {{total}} done', {
                                  done: unit.itemsDone ?? 0,
                                  total: unit.itemsTotal,
                                })}
                              </Table.Td>
                            ) : null}
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </Stack>
            </Card>
          ))}
        </>
      ) : null}
    </Stack>
  );
}
