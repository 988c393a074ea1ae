import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProgrammeRef } from '@lantern/contracts/learning-content';
import { contentPaths } from '../paths';

/** The way back (concentration › course › unit) and the page's title. */
export function ContentHeader({
  programme,
  course,
  title,
  subtitle,
  actions,
}: {
  programme?: ProgrammeRef | undefined;
  course?: { id: number; title: string } | undefined;
  title: string;
  subtitle?: string | undefined;
  actions?: ReactNode;
}) {
  const crumbs = [
    programme ? (
      <Anchor key="p" component={Link} to={contentPaths.concentrationHome(programme.id)} size="sm">
        {programme.title}
      </Anchor>
    ) : null,
    course ? (
      <Anchor key="c" component={Link} to={contentPaths.course(course.id)} size="sm">
        {course.title}
      </Anchor>
    ) : null,
  ].filter((c) => c !== null);
  return (
    <Stack gap={4}>
      {crumbs.length > 0 ? <Breadcrumbs separatorMargin={6}>{crumbs}</Breadcrumbs> : null}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions}
      </Group>
      {subtitle ? (
        <Text size="sm" c="dimmed">
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}
