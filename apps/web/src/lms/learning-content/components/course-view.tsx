import {
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Progress,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LightBadge } from './light-badge';
import { CourseDiscussions } from '../../discussions/public';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { RichText } from '../../../components/rich-text';
import { formatDateTime } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/base-data';
import { hasRight } from '../../../lib/rights';
import { useCourseOutline } from '../api/get-course-outline';
import { useSyllabus } from '../api/get-syllabus';
import { availabilityLabel } from '../labels';
import { contentPaths } from '../paths';
import { ContentHeader } from './course-header';

const COLOURS = { not_open: 'gray', open: 'green', closed: 'dark' } as const;

/** A course: its outline (units with counts, state and progress) and its syllabus. */
export function CourseView({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [tab, setTab] = useState<'outline' | 'syllabus'>('outline');
  const outline = useCourseOutline(courseId);
  const canReadSyllabus = hasRight(user, 'SYLLABUS__DISPLAY');
  const syllabus = useSyllabus(courseId, tab === 'syllabus' && canReadSyllabus);
  const data = outline.data;
  return (
    <Stack gap="md" maw={1100}>
      {outline.isPending ? (
        <Loader role="status" aria-label={t('content.loading', 'Loading')} />
      ) : null}
      <ErrorAlert error={outline.error} />
      {data ? (
        <>
          <ContentHeader
            programme={data.programme}
            title={data.course.title}
            subtitle={data.course.code}
            actions={
              data.canAuthor ? (
                <Button component={Link} to={contentPaths.authoring(courseId)} variant="light">
                  {t('content.editCourse', 'Edit course')}
                </Button>
              ) : null
            }
          />
          {canReadSyllabus ? (
            <SegmentedControl
              value={tab}
              onChange={(value) => {
                setTab(value === 'syllabus' ? 'syllabus' : 'outline');
              }}
              data={[
                { value: 'outline', label: t('content.outline', 'Units') },
                { value: 'syllabus', label: t('content.syllabus', 'Syllabus') },
              ]}
              w="fit-content"
            />
          ) : null}
          {tab === 'syllabus' ? (
            <Card withBorder padding="md">
              {syllabus.isPending ? (
                <Loader size="sm" role="status" aria-label={t('content.loading', 'Loading')} />
              ) : null}
              <ErrorAlert error={syllabus.error} />
              {syllabus.data ? (
                syllabus.data.syllabus ? (
                  <RichText html={syllabus.data.syllabus} />
                ) : (
                  <Text>{t('content.noSyllabus', 'This course has no syllabus yet.')}</Text>
                )
              ) : null}
            </Card>
          ) : (
            <Stack gap="sm">
              {data.units.length === 0 ? (
                <Text>{t('content.noUnitsYet', 'This course has no units yet.')}</Text>
              ) : null}
              {data.units.map((unit, index) => (
                <Card key={unit.id} withBorder padding="sm">
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Anchor component={Link} to={contentPaths.unitOverview(unit.id)} fw={600}>
                        {t('content.unitNumber', '{{number}}.', { number: index + 1 })} {unit.title}
                      </Anchor>
                      <LightBadge color={COLOURS[unit.availability]}>
                        {unit.availability === 'not_open' && unit.opensAt
                          ? t('content.opensOn', 'Opens {{date}}', {
                              date: formatDateTime(unit.opensAt),
                            })
                          : availabilityLabel(t, unit.availability)}
                      </LightBadge>
                    </Group>
                    <RichText html={unit.summary} />
                    <Text size="sm" c="dimmed">
                      {t('content.resourceCount', '{{count}} resources', { count: unit.resources })}{' '}
                      · {t('content.taskCount', '{{count}} tasks', { count: unit.tasks })}
                    </Text>
                    {unit.itemsDone !== null && unit.itemsTotal > 0 ? (
                      <Group gap="xs" wrap="nowrap">
                        <Progress
                          flex={1}
                          value={(100 * unit.itemsDone) / unit.itemsTotal}
                          aria-label={t('content.progressOf', 'Progress in {{title}}', {
                            title: unit.title,
                          })}
                        />
                        <Text size="xs">
                          {t('content.doneOf', '{{done}} of {{total}} done', {
                            done: unit.itemsDone,
                            total: unit.itemsTotal,
                          })}
                        </Text>
                      </Group>
                    ) : null}
                    {unit.availability !== 'not_open' ? (
                      <Group>
                        <Button
                          component={Link}
                          to={contentPaths.unit(unit.id)}
                          size="xs"
                          variant="light"
                        >
                          {t('content.openUnit', 'Open unit')}
                        </Button>
                      </Group>
                    ) : null}
                  </Stack>
                </Card>
              ))}
              <CourseDiscussions courseId={courseId} />
            </Stack>
          )}
        </>
      ) : null}
    </Stack>
  );
}
