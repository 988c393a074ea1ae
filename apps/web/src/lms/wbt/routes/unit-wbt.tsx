import '../styles';
import { useRef, useState } from 'react';
import { Badge, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import {
  WBT_HTML_MIN_OPEN_SECONDS,
  type WbtCommitResult,
  type WbtLaunch,
  type WbtPart,
} from '@lantern/contracts/wbt';
import { ErrorAlert } from '../../../components/failure-alert';
import { useCurrentUser } from '../../../lib/base-data';
import { requireRight } from '../../../lib/require-right';
import { useMyWork } from '../../learning-work/public';
import { TaskHeader } from '../../learning-work/public';
import { trainingTaskState } from '../../task-state/public';
import { myAttemptsQueryOptions, useMyAttempts } from '../api/get-my-attempts';
import { useLaunchWbt } from '../api/launch-wbt';
import { useMarkWbtDone } from '../api/mark-done';
import { AttemptTable } from '../components/attempt-table';
import { WbtPlayer } from '../components/wbt-player';
import { useOpenTime } from '../components/use-open-time';
import { partStateLabel } from '../labels';

export const loader = requireRight('COURSE_TASK__DISPLAY');

/**
 * "Mark as done" of an HTML package: it counts as done once the package was open
 * `WBT_HTML_MIN_OPEN_SECONDS`; marked sooner, it is handed in and a teacher grades it.
 */
function MarkDone({
  launch,
  completed,
  openSeconds,
}: {
  launch: WbtLaunch;
  completed: boolean;
  openSeconds: () => number;
}) {
  const { t } = useTranslation();
  const done = useMarkWbtDone(launch.attempt?.id ?? 0);
  const [early, setEarly] = useState(false);
  if (!launch.markDone || !launch.attempt || launch.mode !== 'normal') return null;
  if (completed || done.isSuccess)
    return (
      <Text size="sm" role="status">
        {early
          ? t('wbt.player.doneEarly', 'Marked as done: your teacher grades this training.')
          : t('wbt.player.done', 'Marked as done.')}
      </Text>
    );
  return (
    <>
      <Button
        size="xs"
        loading={done.isPending}
        onClick={() => {
          const seconds = openSeconds();
          setEarly(seconds < WBT_HTML_MIN_OPEN_SECONDS);
          done.mutate({ launchNo: launch.launchNo, sco: 0, openSeconds: seconds });
        }}
      >
        {t('wbt.player.markDone', 'Mark as done')}
      </Button>
      <ErrorAlert error={done.error} />
    </>
  );
}

/** The launch's page parts: counts an HTML package's time open and offers "Mark as done". */
function PlayerExtras({
  launch,
  completed,
  onReported,
}: {
  launch: WbtLaunch;
  completed: boolean;
  onReported: () => void;
}) {
  const openSeconds = useOpenTime(launch, onReported);
  return <MarkDone launch={launch} completed={completed} openSeconds={openSeconds} />;
}

/** Each part of a training and its state, before the learner opens it. */
function PartList({ parts }: { parts: readonly WbtPart[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Title order={2} size="h4">
        {t('wbt.parts.title', 'Parts')}
      </Title>
      <List size="sm" spacing={4} aria-label={t('wbt.parts.title', 'Parts')}>
        {parts.map((p) => (
          <List.Item key={p.index}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm">{p.title}</Text>
              <Badge size="sm" variant="light" color="gray.7" c="dark.8">
                {partStateLabel(t, p.state)}
              </Badge>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * unit_wbt/:itemId: a training as its learner plays it — the task, the attempts, "Start",
 * "Resume" or "Start a new attempt", and the player (embedded, or over the whole viewport with
 * `?full=1`, the author's choice, or on a phone).
 */
export default function UnitWbtRoute() {
  const { t } = useTranslation();
  const itemId = Number(useParams().itemId);
  const [search, setSearch] = useSearchParams();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const work = useMyWork(itemId);
  const attempts = useMyAttempts(itemId);
  const launchMutation = useLaunchWbt(itemId);
  const [launch, setLaunch] = useState<WbtLaunch | null>(null);
  /** A part ended: the parts' states are read again once its last commit is stored. */
  const partEnded = useRef(false);
  const full = search.get('full') === '1';
  const refreshAttempts = () =>
    void queryClient.invalidateQueries({ queryKey: myAttemptsQueryOptions(itemId).queryKey });

  const setFull = (next: boolean) =>
    setSearch(
      (params) => {
        if (next) params.set('full', '1');
        else params.delete('full');
        return params;
      },
      { replace: true },
    );

  const start = (newAttempt: boolean) =>
    launchMutation.mutate(newAttempt, {
      onSuccess: (next) => {
        setLaunch(next);
        void queryClient.invalidateQueries({ queryKey: myAttemptsQueryOptions(itemId).queryKey });
      },
    });

  const onCommitted = (result: WbtCommitResult) => {
    const before = attempts.data?.attempts.find((a) => a.id === result.attempt.id);
    if (partEnded.current) {
      partEnded.current = false;
      refreshAttempts();
    }
    if (
      before?.completion !== result.attempt.completion ||
      before.scoreScaled !== result.attempt.scoreScaled
    )
      // Completion and score change the task's state, progress and the grade: read them again.
      void queryClient.invalidateQueries({ queryKey: ['lms'] });
  };

  const data = attempts.data;
  const latest = data?.attempts.at(-1);
  const inProgress = latest !== undefined && latest.completion !== 'completed';
  const close = () => {
    setLaunch(null);
    if (full) setFull(false);
    refreshAttempts();
  };

  return (
    <Stack gap="md" maw={launch && !full ? 1200 : 900}>
      {work.isPending || attempts.isPending ? (
        <Loader role="status" aria-label={t('lms.loading', 'Loading')} />
      ) : null}
      <ErrorAlert error={work.error ?? attempts.error} />
      {work.data ? (
        <TaskHeader work={work.data} state={trainingTaskState(work.data.state, latest)} />
      ) : null}
      {data ? (
        <>
          {launch ? (
            <WbtPlayer
              key={`${String(launch.launchNo)}-${String(launch.attempt?.id ?? 0)}`}
              launch={launch}
              title={data.title}
              userId={user?.id ?? null}
              full={full}
              onFullChange={(next) => {
                setFull(next);
                // Closing the full view of a phone or a full-mode training ends the play.
                if (
                  !next &&
                  (launch.display.mode === 'full' || window.matchMedia('(max-width: 48em)').matches)
                )
                  setLaunch(null);
              }}
              onCommitted={onCommitted}
              onPlayerReload={() => start(false)}
              onPartEnded={() => {
                partEnded.current = true;
              }}
              onClose={close}
              parts={launch.attempt?.id === latest?.id ? data.parts : launch.parts}
              extra={
                <PlayerExtras
                  launch={launch}
                  completed={
                    latest?.id === launch.attempt?.id && latest?.completion === 'completed'
                  }
                  onReported={refreshAttempts}
                />
              }
            />
          ) : (
            <Group gap="xs">
              {!latest ? (
                <Button loading={launchMutation.isPending} onClick={() => start(false)}>
                  {t('wbt.start', 'Start')}
                </Button>
              ) : inProgress ? (
                <Button loading={launchMutation.isPending} onClick={() => start(false)}>
                  {t('wbt.resume', 'Resume')}
                </Button>
              ) : (
                <Button
                  variant="default"
                  loading={launchMutation.isPending}
                  onClick={() => start(false)}
                >
                  {t('wbt.review', 'Review the finished attempt')}
                </Button>
              )}
              {data.mayStartAgain ? (
                <Button
                  variant="light"
                  loading={launchMutation.isPending}
                  onClick={() => start(true)}
                >
                  {t('wbt.startAgain', 'Start a new attempt')}
                </Button>
              ) : null}
              {data.maxAttempts !== null ? (
                <Text size="sm" c="dimmed">
                  {t('wbt.attemptsUsed', '{{used}} of {{max}} attempts used', {
                    used: data.attempts.length,
                    max: data.maxAttempts,
                  })}
                </Text>
              ) : null}
            </Group>
          )}
          <ErrorAlert error={launchMutation.error} />
          {!launch && data.parts.length > 1 ? <PartList parts={data.parts} /> : null}
          <Title order={2} size="h4">
            {t('wbt.attempts.title', 'Your attempts')}
          </Title>
          <AttemptTable attempts={data.attempts} />
        </>
      ) : null}
    </Stack>
  );
}
