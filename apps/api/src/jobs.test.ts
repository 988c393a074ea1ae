import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers';
import { TEST_DB } from '../test/db-target';
import { MAINTENANCE_CRON, QUEUES, type Jobs } from './plugins/jobs';
import { MODULE_QUEUES, WBT_COMMIT_SWEEP_CRON, dropoutCron, startJobs } from './jobs';

describe('job workers', () => {
  let t: TestApp;
  let jobs: Jobs;
  const errors: Error[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    jobs = await startJobs({
      database: t.database,
      databaseUrl: null,
      mailer: t.mailer,
      publicUrl: 'http://localhost',
      onError: (e) => errors.push(e),
      dropoutHourUtc: 5,
    });
  });
  afterAll(async () => {
    await jobs.stop();
    await t.close();
  });

  it('schedules the sweeps, and the hourly vacuum only where the database has no autovacuum', async () => {
    const schedules = new Map((await jobs.boss.getSchedules()).map((s) => [s.name, s.cron]));
    expect(schedules.get(QUEUES.mailSweep)).toBe('*/5 * * * *');
    expect(schedules.get(QUEUES.announcementSweep)).toBe('* * * * *');
    expect(schedules.get(MODULE_QUEUES.wbtCommitSweep)).toBe(WBT_COMMIT_SWEEP_CRON);
    // The daily dropout evaluation at the configured UTC hour.
    expect(schedules.get(MODULE_QUEUES.dropoutEvaluate)).toBe(dropoutCron(5));
    expect(dropoutCron(5)).toBe('17 5 * * *');
    if (TEST_DB === 'pglite') expect(schedules.get(QUEUES.maintenance)).toBe(MAINTENANCE_CRON);
    else expect(schedules.has(QUEUES.maintenance)).toBe(false);
    expect(errors).toEqual([]);
  });
});
