import type { Deps } from './lib/deps';
import type { FileStore } from './plugins/storage';
import { POLL_SECONDS, startJobRunner, type JobRegistration, type Jobs } from './plugins/jobs';
import { sweepUnattachedUploads, sweepUploads } from './modules/uploads/public';
import { registerSimilarityJobs } from './modules/similarity/public';
import { quizSweep } from './modules/learning/quiz/public';
import { sweepOldCommits } from './modules/learning/wbt/public';
import { runAll } from './modules/dropout/public';

/** The modules' queues; the app's own are the jobs plugin's (plugins/jobs.ts). */
export const MODULE_QUEUES = {
  uploadSweep: 'upload-sweep',
  similarityCheck: 'similarity-check',
  similarityPoll: 'similarity-poll',
  quizOverdue: 'quiz-overdue',
  wbtCommitSweep: 'wbt-commit-sweep',
  dropoutEvaluate: 'dropout-evaluate',
} as const;

/** Hourly, at its own minute. */
export const UPLOAD_SWEEP_CRON = '23 * * * *';

/** Daily, at night and at a minute of its own: receipts only age by days. */
export const WBT_COMMIT_SWEEP_CRON = '37 3 * * *';
/** Daily at the configured UTC hour, at a minute of its own (decision 0021 §3.6). */
export const dropoutCron = (hourUtc: number) => `17 ${hourUtc} * * *`;

type StartJobsOptions = Omit<Parameters<typeof startJobRunner>[0], 'register'> & {
  /** The file store, whose expired unfinished uploads the sweep removes. */
  files?: FileStore;
  /** The app's deps, whose similarity checks then run as jobs here. */
  similarity?: Deps;
  /** The UTC hour of the daily dropout evaluation; none: not scheduled in this process. */
  dropoutHourUtc?: number;
};

/** Each module's jobs, in the order they are set up. */
function moduleJobs(options: StartJobsOptions): JobRegistration[] {
  const { db } = options.database;
  const register: JobRegistration[] = [];

  // Unfinished uploads nobody resumed within a day of their last byte: bytes and rows go. So do
  // completed uploads whose file nothing used within a week of completion.
  const { files } = options;
  if (files)
    register.push(({ sweep }) =>
      sweep(MODULE_QUEUES.uploadSweep, UPLOAD_SWEEP_CRON, async () => {
        await sweepUploads({ db, files });
        await sweepUnattachedUploads({ db, files });
      }),
    );

  const { similarity } = options;
  if (similarity)
    register.push(({ boss }) =>
      registerSimilarityJobs(boss, similarity, {
        check: MODULE_QUEUES.similarityCheck,
        poll: MODULE_QUEUES.similarityPoll,
        pollingIntervalSeconds: POLL_SECONDS.delivery,
      }),
    );

  // Quiz attempts past their time limit (and its grace) are handed in, and marks held back until
  // a session's close are released (decision 0020 §3.4, §3.5). Reads finish overdue attempts
  // lazily too, so a process without workers loses nothing.
  register.push(({ sweep }) =>
    sweep(MODULE_QUEUES.quizOverdue, '* * * * *', async () => {
      await quizSweep(db);
    }),
  );

  // Receipts of training commits older than 90 days (decision 0020 §2.1).
  register.push(({ sweep }) =>
    sweep(MODULE_QUEUES.wbtCommitSweep, WBT_COMMIT_SWEEP_CRON, async () => {
      await sweepOldCommits(db);
    }),
  );
  // Dropout flags, programme by programme (each its own transaction). pg-boss keeps one schedule
  // per queue, so a changed hour replaces the old one at the next start.
  const { dropoutHourUtc } = options;
  if (dropoutHourUtc !== undefined)
    register.push(({ sweep }) =>
      sweep(
        MODULE_QUEUES.dropoutEvaluate,
        dropoutCron(dropoutHourUtc),
        async () => {
          await runAll(db, {
            publicUrl: options.publicUrl,
            dispatch: (ids) => {
              options.mailer.dispatch(ids);
            },
          });
        },
        { tz: 'UTC' },
      ),
    );
  return register;
}

/**
 * The job workers of this process: the jobs plugin's own queues (mail, announcements,
 * maintenance), then each module's, handed over here so the plugin imports no module.
 */
export async function startJobs(options: StartJobsOptions): Promise<Jobs> {
  const { files: _files, similarity: _similarity, dropoutHourUtc: _hour, ...runner } = options;
  return startJobRunner({ ...runner, register: moduleJobs(options) });
}
