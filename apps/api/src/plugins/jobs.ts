import PgBoss from 'pg-boss';
import type { Database } from '@lantern/db/client';
import type { Mailer } from './mail';
import { queueBreakEvents } from '../lib/automatic-mails';
import { deliverAnnouncement, dueAnnouncements } from '@lantern/db/announcements';
import { vacuumWhereDue, type MaintenanceStep } from '@lantern/db/maintenance';

/** The queues of the app's own deliveries and sweeps; the modules' queues are handed in (../jobs.ts). */
export const QUEUES = {
  mailDeliver: 'mail-deliver',
  mailSweep: 'mail-sweep',
  breakEvents: 'automatic-mail-breaks',
  announcementDeliver: 'announcement-deliver',
  announcementSweep: 'announcement-sweep',
  maintenance: 'database-maintenance',
} as const;

/**
 * Hourly, at an odd minute away from the other sweeps: often enough that each run vacuums only
 * an hour's changes, since a request on PGlite waits while a table is vacuumed.
 */
export const MAINTENANCE_CRON = '41 * * * *';

export type Jobs = {
  boss: PgBoss;
  /** Queues the mails' delivery and wakes this process's worker for it. */
  dispatchMails: (ids: number[]) => Promise<void>;
  /** Queues an announcement's delivery and wakes this process's worker for it. */
  deliverAnnouncement: (id: number) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * How often an idle worker looks for jobs. The app wakes its own worker when it sends a job, so
 * polling only finds what another process sent, retries coming due and the scheduled sweeps.
 * Each look is a statement of several milliseconds on PGlite's one connection, which a request
 * arriving meanwhile waits for; at one a second per queue they were the bell's p99 (0013).
 */
export const POLL_SECONDS = { delivery: 10, sweep: 30 } as const;

/** What a module's jobs get to set themselves up with, after the app's own queues. */
export type JobRegistry = {
  boss: PgBoss;
  /**
   * A sweep: its queue, one worker polling at the sweep pace, and its cron schedule (with the
   * schedule's options when given).
   */
  sweep: (
    name: string,
    cron: string,
    run: () => Promise<void>,
    scheduleOptions?: PgBoss.ScheduleOptions,
  ) => Promise<void>;
};

/** One module's queues, workers and schedules, registered in the order handed in. */
export type JobRegistration = (jobs: JobRegistry) => Promise<void>;

/** pg-boss's statements over the app's own connection (PGlite's one, or the pool). */
export function bossDb(raw: Pick<Database, 'query' | 'execRows'>) {
  return {
    executeSql: async (text: string, values?: unknown[]) =>
      // Schema creation sends several statements at once, which only a statement without
      // parameters takes.
      ({
        rows:
          values && values.length > 0 ? await raw.query(text, values) : await raw.execRows(text),
      }),
  };
}

/**
 * pg-boss in the same database. On PGlite it runs through an adapter over the one embedded
 * connection; on PostgreSQL it keeps a small pool of its own.
 */
export async function startJobRunner(options: {
  database: Database;
  databaseUrl: string | null;
  mailer: Mailer;
  /** The public address, for links in automatic mails. */
  publicUrl: string;
  onError: (error: Error) => void;
  /** What the PGlite maintenance vacuumed or analyzed, when it did anything. */
  onMaintenance?: (steps: MaintenanceStep[]) => void;
  /** The modules' jobs (the composition root's list), set up after the app's own. */
  register: readonly JobRegistration[];
}): Promise<Jobs> {
  const { database } = options;
  const boss =
    database.kind === 'pglite' || !options.databaseUrl
      ? new PgBoss({
          db: bossDb(database),
          supervise: true,
          schedule: true,
        })
      : new PgBoss({ connectionString: options.databaseUrl, max: 4 });
  boss.on('error', options.onError);
  await boss.start();
  await boss.createQueue(QUEUES.mailDeliver, {
    name: QUEUES.mailDeliver,
    retryLimit: 5,
    retryBackoff: true,
  });
  await boss.createQueue(QUEUES.mailSweep, { name: QUEUES.mailSweep });

  const mailWorker = await boss.work<{ id: number }>(
    QUEUES.mailDeliver,
    { pollingIntervalSeconds: POLL_SECONDS.delivery, batchSize: 10 },
    async (jobs) => {
      for (const job of jobs) await options.mailer.deliver(job.data.id);
    },
  );
  // Mails queued in a transaction whose dispatch was lost (a crash in between), mails whose
  // delivery failed (again and again, backing off up to 6 hours, until the server takes them),
  // and mails a crashed worker left claimed go out here.
  const dispatchMails = async (ids: number[]) => {
    for (const id of ids) await boss.send(QUEUES.mailDeliver, { id });
    if (ids.length > 0) boss.notifyWorker(mailWorker);
  };
  await boss.work(QUEUES.mailSweep, { pollingIntervalSeconds: POLL_SECONDS.sweep }, async () => {
    await database.query(
      `update mail_outbox set status = 'queued' where status = 'sending' and attempted_at < now() - interval '10 minutes'`,
    );
    const due = await database.query<{ id: number }>(
      `select id from mail_outbox
        where (status = 'queued' and created_at < now() - interval '1 minute')
           or (status = 'failed' and attempted_at < now() - make_interval(mins => least(power(2, least(attempts, 9))::int, 360)))
        order by id limit 500`,
    );
    await dispatchMails(due.map((row) => row.id));
  });
  await boss.schedule(QUEUES.mailSweep, '*/5 * * * *');

  // Study breaks start and end by the calendar: their automatic mails go out from here (the
  // outbox's key keeps each to one, however often this runs).
  await boss.createQueue(QUEUES.breakEvents, { name: QUEUES.breakEvents });
  await boss.work(QUEUES.breakEvents, { pollingIntervalSeconds: POLL_SECONDS.sweep }, async () => {
    const today = new Date().toISOString().slice(0, 10);
    const ids = await database.db.transaction((tx) =>
      queueBreakEvents(tx, options.publicUrl, today),
    );
    options.mailer.dispatch(ids);
  });
  await boss.schedule(QUEUES.breakEvents, '7 * * * *');

  // Announcements: one job makes (or brings in line) the notifications of one announcement;
  // the sweep picks up those whose start has come, and any whose job was lost.
  await boss.createQueue(QUEUES.announcementDeliver, {
    name: QUEUES.announcementDeliver,
    retryLimit: 3,
    retryBackoff: true,
  });
  const announcementWorker = await boss.work<{ id: number }>(
    QUEUES.announcementDeliver,
    { pollingIntervalSeconds: POLL_SECONDS.delivery },
    async (jobs) => {
      for (const job of jobs) await deliverAnnouncement(database.db, job.data.id);
    },
  );
  await boss.createQueue(QUEUES.announcementSweep, { name: QUEUES.announcementSweep });
  const deliverOne = async (id: number) => {
    await boss.send(QUEUES.announcementDeliver, { id });
    boss.notifyWorker(announcementWorker);
  };
  await boss.work(
    QUEUES.announcementSweep,
    { pollingIntervalSeconds: POLL_SECONDS.sweep },
    async () => {
      for (const id of await dueAnnouncements(database.db)) await deliverOne(id);
    },
  );
  await boss.schedule(QUEUES.announcementSweep, '* * * * *');

  // PGlite has no autovacuum: without this, rows that updates and deletes leave behind (read
  // marks, withdrawn announcements, pg-boss's own finished jobs) would pile up in its tables and
  // indexes for as long as the process runs. PostgreSQL vacuums by itself.
  if (database.kind === 'pglite') {
    await boss.createQueue(QUEUES.maintenance, { name: QUEUES.maintenance });
    // PGlite's statistics start from zero at each start: the first run does every table.
    let firstRun = true;
    await boss.work(
      QUEUES.maintenance,
      { pollingIntervalSeconds: POLL_SECONDS.sweep },
      async () => {
        const steps = await vacuumWhereDue(database, { everyTable: firstRun });
        firstRun = false;
        if (steps.length > 0) options.onMaintenance?.(steps);
      },
    );
    await boss.schedule(QUEUES.maintenance, MAINTENANCE_CRON);
  }

  const registry: JobRegistry = {
    boss,
    sweep: async (name, cron, run, scheduleOptions) => {
      await boss.createQueue(name, { name });
      await boss.work(name, { pollingIntervalSeconds: POLL_SECONDS.sweep }, run);
      if (scheduleOptions) await boss.schedule(name, cron, undefined, scheduleOptions);
      else await boss.schedule(name, cron);
    },
  };
  for (const register of options.register) await register(registry);

  return {
    boss,
    dispatchMails,
    deliverAnnouncement: deliverOne,
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5000 }),
  };
}
