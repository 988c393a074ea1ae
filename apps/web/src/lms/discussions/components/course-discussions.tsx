import '../styles';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { useCourseForums } from '../api/get-course-forums';
import { useCreateForum } from '../api/create-forum';

/**
 * "Discussions" on the course page: the course's forums with unread counts; an author opens
 * the course's forum here. `unitId` narrows to one unit's forums (the unit overview).
 */
export function CourseDiscussions({ courseId, unitId }: { courseId: number; unitId?: number }) {
  const { t } = useTranslation();
  const forums = useCourseForums(courseId);
  const create = useCreateForum(courseId);
  if (forums.error) return <ErrorAlert error={forums.error} />;
  if (!forums.data) return null;
  const shown = forums.data.forums.filter((f) => unitId === undefined || f.unit?.id === unitId);
  const mayOpen =
    unitId === undefined
      ? forums.data.mayCreate.course
      : forums.data.mayCreate.units.some((u) => u.id === unitId);
  if (shown.length === 0 && !mayOpen) return null;
  return (
    <Stack gap={6} component="section" aria-labelledby={`discussions-${courseId}-${unitId ?? 0}`}>
      <Title order={2} size="h4" id={`discussions-${courseId}-${unitId ?? 0}`}>
        {t('discuss.title', 'Discussions')}
      </Title>
      {shown.map((f) => (
        <Group key={f.id} gap="xs" wrap="wrap">
          <Anchor component={Link} to={`/en/discuss/${f.id}`} size="sm" fw={600}>
            {f.title}
          </Anchor>
          {unitId === undefined && f.unit ? (
            <Text size="xs" c="gray.8">
              {f.unit.title}
            </Text>
          ) : null}
          <Text size="xs" c="gray.8">
            {t('discuss.topicCount', '{{count}} topics', { count: f.topicCount })}
          </Text>
          {f.unread > 0 ? (
            <Badge size="sm" color="blue.9" tt="none">
              {t('discuss.unread', '{{n}} new', { n: f.unread })}
            </Badge>
          ) : null}
        </Group>
      ))}
      {mayOpen ? (
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            loading={create.isPending}
            onClick={() => create.mutate(unitId === undefined ? {} : { unitId })}
          >
            {unitId === undefined
              ? t('discuss.openCourseForum', 'Open a course forum')
              : t('discuss.openUnitForum', 'Open a forum for this unit')}
          </Button>
        </Group>
      ) : null}
      <ErrorAlert error={create.error} />
    </Stack>
  );
}
