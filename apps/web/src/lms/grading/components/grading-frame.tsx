import '../styles';
import type { ReactNode } from 'react';
import { Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubmissionView } from '@lantern/contracts/teaching';
import { GradePanel } from './grade-panel';

/** Previous / next in the queue: a link when there is one, else a disabled button (no link). */
function StepButton({ to, label }: { to: string | null; label: string }) {
  return to === null ? (
    <Button size="xs" variant="default" disabled>
      {label}
    </Button>
  ) : (
    <Button size="xs" variant="default" component={Link} to={to}>
      {label}
    </Button>
  );
}

/**
 * What every grading page shows around the work: the task and the learner, previous and next in
 * the queue (`pathOf` names a submission's page), the work on the left and the grading panel on
 * the right (with what `beside` adds under it); stacked on a phone.
 */
export function GradingFrame({
  view,
  pathOf,
  beside,
  children,
}: {
  view: SubmissionView;
  pathOf: (submissionId: number) => string;
  beside?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const panel = (
    <GradePanel key={`${view.submission.id}-${view.grade?.version ?? 0}`} view={view} />
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1} size="h3">
            {view.task.title}
          </Title>
          <Text size="sm" c="gray.8">
            {view.student.lastName}, {view.student.firstName}
            {view.student.className ? ` · ${view.student.className}` : ''} · {view.task.courseTitle}
          </Text>
        </div>
        <Group gap="xs">
          <StepButton
            to={view.previousId === null ? null : pathOf(view.previousId)}
            label={t('teaching.grade.previous', 'Previous')}
          />
          <StepButton
            to={view.nextId === null ? null : pathOf(view.nextId)}
            label={t('teaching.grade.next', 'Next')}
          />
        </Group>
      </Group>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xs">{children}</Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="sm">
            {beside ? (
              <Stack gap="sm">
                {panel}
                {beside}
              </Stack>
            ) : (
              panel
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
