import '../styles';
import { useState } from 'react';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { WbtCommitResult, WbtLaunch } from '@lantern/contracts/wbt';
import { ErrorAlert } from '../../../components/failure-alert';
import { useCurrentUser } from '../../../lib/base-data';
import { requireRight } from '../../../lib/require-right';
import { useMyWork } from '../../learning-work/api/get-my-work';
import { TaskHeader } from '../../learning-work/components/task-header';
import { myAttemptsQueryOptions, useMyAttempts } from '../api/get-my-attempts';
import { useLaunchWbt } from '../api/launch-wbt';
import { useMarkWbtDone } from '../api/mark-done';
import { AttemptTable } from '../components/attempt-table';
import { WbtPlayer } from '../components/wbt-player';

export const loader = requireRight('COURSE_TASK__DISPLAY');

function MarkDone({ launch }: { launch: WbtLaunch }) {
  const { t } = useTranslation();
  const done = useMarkWbtDone(launch.attempt?.id ?? 0);
  if (!launch.markDone || !launch.attempt || launch.attempt.completion === 'completed') return null;
  return (
    <>
      <Button
        size="xs"
        loading={done.isPending}
        onClick={() => done.mutate({ launchNo: launch.launchNo, sco: 0 })}
      >
        {t('wbt.player.markDone', 'Mark as done')}
      </Button>
      <ErrorAlert error={done.error} />
    </>
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
  const full = search.get('full') === '1';

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

  return (
    <Stack gap="md" maw={launch && !full ? 1200 : 900}>
      {work.isPending || attempts.isPending ? (
        <Loader role="status" aria-label={t('lms.loading', 'Loading')} />
      ) : null}
      <ErrorAlert error={work.error ?? attempts.error} />
      {work.data ? <TaskHeader work={work.data} /> : null}
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
              extra={<MarkDone launch={launch} />}
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
                  {t('wbt.review', 'Open again')}
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
          <Title order={2} size="h4">
            {t('wbt.attempts.title', 'Your attempts')}
          </Title>
          <AttemptTable attempts={data.attempts} />
        </>
      ) : null}
    </Stack>
  );
}
