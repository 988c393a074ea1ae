import { join } from 'node:path';
import { ensureSecrets } from '@lantern/db/catalogue';
import { DEMO_PASSWORD, DEMO_USERS } from '@lantern/db/seed';
import { buildApp } from './app';
import { loadConfig } from './plugins/env';
import type { Jobs } from './plugins/jobs';
import { startJobs } from './jobs';
import { DataDirLockedError } from './lib/lock';
import { prepareDatabase } from './lib/start-up';
import { addDemoClcImages } from './lib/demo-images';
import { addDemoTraining } from './demo-training';
import { reportEventLoopDelayOnSignal } from './lib/event-loop-report';

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  // Start-up output is for the person who ran npm start: each step as it begins.
  const say = (line: string) => {
    process.stdout.write(`${line}\n`);
  };
  const { database, seeded, release } = await prepareDatabase(config, say);
  const secrets = await ensureSecrets(database.db);
  const { app, mailer, deps, content } = await buildApp({
    config,
    database,
    secrets,
    // Without SMTP, reset and invitation links go to this console only (README, "SMTP_URL").
    printLine: config.smtpUrl
      ? undefined
      : (line) => {
          process.stdout.write(`${line}\n`);
        },
  });
  if (seeded) {
    say('Adding the demo CLC images…');
    await addDemoClcImages(deps);
    say('Adding the demo training…');
    await addDemoTraining(deps);
  }

  let jobs: Jobs | null = null;
  if (config.workers) {
    say('Starting the job workers…');
    jobs = await startJobs({
      database,
      databaseUrl: config.databaseUrl,
      mailer,
      publicUrl: config.publicUrl,
      onError: (e) => app.log.error(e),
      onMaintenance: (steps) => app.log.info({ steps }, 'database maintenance'),
      files: deps.files,
      similarity: deps,
      dropoutHourUtc: config.dropoutHourUtc,
    });
    mailer.setDispatch(jobs.dispatchMails);
    deps.announcementDelivery.setDispatch(jobs.deliverAnnouncement);
  } else {
    // Without workers a mail is delivered at once, in this process.
    mailer.setDispatch(async (ids) => {
      for (const id of ids) await mailer.deliver(id).catch((e: unknown) => app.log.error(e));
    });
  }

  if (config.eventLoopReport) reportEventLoopDelayOnSignal((line) => process.stdout.write(line));
  say(`Starting to listen on ${config.host}:${String(config.port)}…`);
  const address = await app.listen({ port: config.port, host: config.host });
  // Training packages are served from their own origin, a second port (decision 0020 §2.3).
  if (content && config.contentPort !== null)
    await content.listen({ port: config.contentPort, host: config.host });
  const shown = address.replace(/0\.0\.0\.0|127\.0\.0\.1|\[::1?\]/, 'localhost');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const demo = await database.query<{ username: string }>(
    `select username from users where username = any($1) order by jwl_id`,
    [DEMO_USERS.map((u) => u.username)],
  );
  const lines = [
    '',
    `Lantern is running at ${shown} (ready in ${seconds} s)`,
    `Database: ${database.kind === 'pglite' ? `PGlite in ${join(config.dataDir, 'pgdata')}` : 'PostgreSQL'}`,
    `API documentation: ${shown}/api/docs`,
    config.contentOrigin
      ? `Trainings are served from ${config.contentOrigin}`
      : 'Trainings are off (CONTENT_PORT=0)',
    config.smtpUrl
      ? 'Mail: sent by SMTP'
      : 'Mail: no SMTP set; mails stay on the mail-log page, and reset and invitation links are printed here',
  ];
  if (demo.length > 0) {
    lines.push(
      `Demo sign-ins (password "${DEMO_PASSWORD}"):`,
      `  ${demo.map((u) => u.username).join(', ')}`,
    );
  }
  // Start-up output is for the person who ran npm start; the log stays structured.
  process.stdout.write(`${lines.join('\n')}\n\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    await app.close();
    await jobs?.stop().catch(() => undefined);
    await database.close();
    release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`\n${error.message}\n\n`);
    process.exit(1);
  }
  process.stderr.write(
    `Lantern could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
