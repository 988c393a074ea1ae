import '../styles';
import { Anchor, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { answerPathOf, type ITEM_KINDS } from '@lantern/contracts/learning-kinds';
import type { LmsHome } from '@lantern/contracts/learning-work';
import { ErrorAlert } from '../../../components/failure-alert';
import { useCurrentUser } from '../../../lib/base-data';
import { formatDate, formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useLmsHome } from '../api/get-lms-home';
import { ProgressLine } from '../components/progress-line';
import { StudyBreakBanner } from '../components/study-break-banner';
import { TaskStateBadge } from '../components/task-state-badge';
import { useShownTaskState } from '../../task-state/public';
import type { DueTask } from '@lantern/contracts/learning-work';
import { gradeComment, gradeText } from '../components/grade-text';

export const loader = requireRight('GENERAL_LMS__DISPLAY');

const answerPath = (kind: keyof typeof ITEM_KINDS, itemId: number) => {
  const path = answerPathOf(kind, itemId);
  return path ? `/en/${path}` : null;
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="sm" component="section">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** A finished programme says so, with the learner's certificate where one was issued. */
function FinishedLine({ code }: { code: string | null }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="xs">{t('lms.home.finished', 'This programme is finished.')}</Text>
      {code ? (
        <Anchor component={Link} size="xs" to={`/en/certificate-verification/${code}`}>
          {t('lms.home.certificate', 'Your certificate')}
        </Anchor>
      ) : null}
    </Group>
  );
}

function LearnerHome({ home }: { home: LmsHome }) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {home.concentrations.map((c) => (
          <Card key={c.programme.id} withBorder padding="sm">
            <Stack gap={6}>
              <Anchor
                component={Link}
                fw={600}
                to={
                  c.firstCourseId !== null
                    ? `/en/orientation_course/${c.firstCourseId}`
                    : `/en/concentration_home/${c.programme.id}`
                }
              >
                {c.programme.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {c.programme.code}
                {c.programme.startDate
                  ? ` · ${formatDate(c.programme.startDate)} – ${formatDate(c.programme.endDate)}`
                  : ''}
              </Text>
              {c.isFinished ? (
                <FinishedLine code={c.certificateCode} />
              ) : (
                <ProgressLine
                  done={c.itemsDone}
                  total={c.itemsTotal}
                  label={t('lms.home.progressOf', 'Progress in {{title}}', {
                    title: c.programme.title,
                  })}
                />
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <Section title={t('lms.home.due', 'Due next')}>
          {home.due.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('lms.home.nothingDue', 'Nothing is due in the next 14 days.')}
            </Text>
          ) : (
            home.due.map((d) => {
              const path = answerPath(d.kind, d.itemId);
              return (
                <Group key={d.itemId} justify="space-between" wrap="nowrap" gap="xs">
                  {/* Wraps rather than cutting the title or the due time on a phone. */}
                  <Stack gap={0} miw={0} style={{ overflowWrap: 'anywhere' }}>
                    {path ? (
                      <Anchor component={Link} to={path} size="sm">
                        {d.title}
                      </Anchor>
                    ) : (
                      <Text size="sm">{d.title}</Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {d.course.title} · {formatDateTime(d.dueAt)}
                    </Text>
                  </Stack>
                  <DueStateBadge task={d} />
                </Group>
              );
            })
          )}
        </Section>
        <Section title={t('lms.home.grades', 'Recent grades and comments')}>
          {home.grades.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('lms.home.noGrades', 'No grades yet.')}
            </Text>
          ) : (
            home.grades.map((g) => {
              const path = answerPath(g.kind, g.itemId);
              return (
                <Stack key={g.itemId} gap={0}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    {path ? (
                      <Anchor
                        component={Link}
                        size="sm"
                        truncate
                        to={g.submissionId ? `${path}?submission=${g.submissionId}` : path}
                      >
                        {g.title}
                      </Anchor>
                    ) : (
                      <Text size="sm">{g.title}</Text>
                    )}
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {gradeText(t, g)}
                    </Text>
                  </Group>
                  {gradeComment(g) ? (
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {gradeComment(g)}
                    </Text>
                  ) : null}
                </Stack>
              );
            })
          )}
        </Section>
      </SimpleGrid>
    </>
  );
}

function StaffHome({ home }: { home: LmsHome }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Section title={t('lms.home.classes', 'Your classes')}>
        {home.classes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('lms.home.noClasses', 'You teach no running or upcoming class.')}
          </Text>
        ) : (
          home.classes.map((k) => (
            <Group key={k.id} justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} miw={0}>
                <Anchor component={Link} to={`/en/class/${k.id}`} size="sm" truncate>
                  {k.name}
                </Anchor>
                <Text size="xs" c="dimmed" truncate>
                  {k.phase === 'upcoming' ? `${t('lms.home.upcoming', 'Upcoming')} · ` : ''}
                  {k.programme.title} ·{' '}
                  {t('lms.home.students', '{{count}} students', { count: k.students })}
                </Text>
              </Stack>
              <Text size="sm" fw={k.toGrade > 0 ? 600 : 400} style={{ whiteSpace: 'nowrap' }}>
                {t('lms.home.toGrade', '{{count}} to grade', { count: k.toGrade })}
              </Text>
            </Group>
          ))
        )}
        <Group gap="md">
          <Anchor component={Link} to="/en/class_root" size="sm">
            {home.classesTotal > home.classes.length
              ? t('lms.home.allClassesCount', 'All my classes ({{count}} running or upcoming)', {
                  count: home.classesTotal,
                })
              : t('lms.home.allClasses', 'All my classes')}
          </Anchor>
          <Anchor component={Link} to="/en/class_root?phase=past" size="sm">
            {t('lms.home.pastClasses', 'Past classes')}
          </Anchor>
        </Group>
      </Section>
      {home.authoring.length > 0 ? (
        <Section title={t('lms.home.authoring', 'Courses you author')}>
          {home.authoring.map((c) => (
            <Stack key={c.courseId} gap={0}>
              <Anchor component={Link} to={`/en/course/${c.courseId}`} size="sm">
                {c.code} · {c.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {c.programme.title}
              </Text>
            </Stack>
          ))}
        </Section>
      ) : null}
    </SimpleGrid>
  );
}

/** learning (the lms home, decision 0019): what a learner or a teacher does next. */
/** A due task's state, as its own page shows it ("In progress" for a training under way). */
function DueStateBadge({ task }: { task: DueTask }) {
  return <TaskStateBadge state={useShownTaskState(task.itemId, task.kind, task.state)} />;
}

export default function LearningRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const home = useLmsHome();
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h2">
        {t('lms.home.title', 'Welcome, {{name}}', { name: user?.firstName ?? '' })}
      </Title>
      {home.isPending ? <Loader role="status" aria-label={t('lms.loading', 'Loading')} /> : null}
      <ErrorAlert error={home.error} />
      {home.data ? (
        <>
          <StudyBreakBanner until={home.data.studyBreakUntil} />
          {home.data.isLearner ? <LearnerHome home={home.data} /> : <StaffHome home={home.data} />}
          {home.data.announcements.length > 0 ? (
            <Section title={t('lms.home.announcements', 'Announcements')}>
              {home.data.announcements.map((a) => (
                <Stack key={a.id} gap={0}>
                  <Text size="sm" fw={a.isRead ? 400 : 600}>
                    {a.title}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {a.body}
                  </Text>
                </Stack>
              ))}
              <Anchor component={Link} to="/en/notifications" size="sm">
                {t('lms.home.allNotifications', 'All notifications')}
              </Anchor>
            </Section>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
