import type PgBoss from 'pg-boss';
import type { Deps } from '../../lib/deps';
import { runTaskBatch } from './batch.service';
import { giveUpPending, pollCheck, runCheck } from './checks.service';
import type { SimilarityRunners } from '../../lib/similarity-dispatch';
import { pollDelayMinutes, POLL_UNTIL_MINUTES, RETRY_DELAYS_MS } from './dispatch';

export function similarityRunners(deps: Deps): SimilarityRunners {
  return {
    check: (checkId, final) => runCheck(deps, checkId, { final }),
    task: (itemId) => runTaskBatch(deps, itemId),
    poll: (checkId) => pollCheck(deps, checkId),
    giveUp: (checkId) => giveUpPending(deps.db, checkId),
  };
}

type CheckJob = { checkId?: number; itemId?: number };
type PollJob = { checkId: number; step: number; elapsedMinutes: number };

/**
 * Similarity checks as pg-boss jobs (0020 §5.2): one job per check, keyed by the check so a
 * resend is one job, three retries backing off from 30 s, and an expiry of its own so a stuck
 * job is taken again; a task's recheck is one job. Pending outside checks are polled by jobs.
 */
export async function registerSimilarityJobs(
  boss: PgBoss,
  deps: Deps,
  names: { check: string; poll: string; pollingIntervalSeconds: number },
): Promise<void> {
  await boss.createQueue(names.check, {
    name: names.check,
    retryLimit: RETRY_DELAYS_MS.length,
    retryDelay: RETRY_DELAYS_MS[0] / 1000,
    retryBackoff: true,
    expireInSeconds: 180,
  });
  await boss.createQueue(names.poll, { name: names.poll, retryLimit: 2, retryDelay: 60 });
  const runners = similarityRunners(deps);
  // Two workers, one job each: a slow check never holds the next (the pool has two threads).
  const workers: string[] = [];
  for (let i = 0; i < 2; i += 1)
    workers.push(
      await boss.work<CheckJob>(
        names.check,
        {
          pollingIntervalSeconds: names.pollingIntervalSeconds,
          batchSize: 1,
          includeMetadata: true,
        },
        async ([job]) => {
          if (!job) return;
          if (job.data.itemId !== undefined) await runners.task(job.data.itemId);
          else if (job.data.checkId !== undefined)
            await runners.check(job.data.checkId, job.retryCount >= job.retryLimit);
        },
      ),
    );
  const wake = () => {
    for (const w of workers) boss.notifyWorker(w);
  };
  const pollWorker = await boss.work<PollJob>(
    names.poll,
    { pollingIntervalSeconds: names.pollingIntervalSeconds },
    async ([job]) => {
      if (!job) return;
      const pending = await runners.poll(job.data.checkId);
      if (!pending) return;
      const waited = job.data.elapsedMinutes + pollDelayMinutes(job.data.step);
      if (waited >= POLL_UNTIL_MINUTES) await runners.giveUp(job.data.checkId);
      else await sendPoll(job.data.checkId, job.data.step + 1, waited);
    },
  );
  const sendPoll = async (checkId: number, step: number, elapsedMinutes: number) => {
    await boss.send(
      names.poll,
      { checkId, step, elapsedMinutes },
      {
        startAfter: pollDelayMinutes(step) * 60,
        singletonKey: `poll-${String(checkId)}-${String(step)}`,
      },
    );
  };
  deps.similarity.setQueue({
    check: async (checkIds) => {
      for (const checkId of checkIds)
        await boss.send(names.check, { checkId }, { singletonKey: `check-${String(checkId)}` });
      wake();
    },
    task: async (itemId) => {
      await boss.send(names.check, { itemId }, { singletonKey: `task-${String(itemId)}` });
      wake();
    },
    poll: async (checkId, step) => {
      await sendPoll(checkId, step, 0);
      boss.notifyWorker(pollWorker);
    },
  });
}
