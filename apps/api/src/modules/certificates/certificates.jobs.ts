import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { CertificateExportFormat, CertificateFailure } from '@lantern/contracts/programme';
import { rawAccessOf } from '@lantern/db/client';
import type { Deps } from '../../lib/deps';
import { POLL_SECONDS, bossDb } from '../../plugins/jobs';

export const CERTIFICATE_EXPORT_QUEUE = 'certificate-export';

/** What a batch job is asked to make. */
export type ExportJobData = {
  programmeId: number;
  programmeCode: string;
  format: CertificateExportFormat;
  requestedBy: number;
  /** The certificates to render, in the order of the result. */
  certificateIds: string[];
  /** Selected students that have no certificate: failed before the job starts. */
  missing: CertificateFailure[];
};

/** What a finished job leaves in its row. */
export type ExportJobOutput = {
  done: number;
  failed: CertificateFailure[];
  /** The ZIP or merged PDF in the file store; null when nothing came out. */
  fileId: string | null;
};

export type ExportJob = {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  data: ExportJobData;
  output: unknown;
};

export type CertificateJobs = {
  send: (data: ExportJobData) => Promise<string>;
  get: (id: string) => Promise<ExportJob | null>;
};

/** pg-boss over the app's own connection: the embedded PGlite's one, or the node-postgres pool. */
function bossFor(deps: Deps): PgBoss {
  const raw = rawAccessOf(deps.db);
  if (!raw) throw new Error('Certificate exports need the database the app opened.');
  return new PgBoss({ supervise: false, schedule: false, db: bossDb(raw) });
}

/**
 * The queue of large certificate exports. Every process can send; a process with workers
 * (`LANTERN_WORKERS`, on by default) also runs them, one at a time. pg-boss starts at the first
 * use, or with the app when this process works the queue, so an app that never exports
 * certificates (most tests) never starts it. Maintenance stays with the app's main pg-boss.
 */
export function registerCertificateJobs(
  app: FastifyInstance,
  deps: Deps,
  run: (data: ExportJobData) => Promise<ExportJobOutput>,
): CertificateJobs {
  let started: Promise<PgBoss> | null = null;
  let worker: string | null = null;
  const start = async (): Promise<PgBoss> => {
    const boss = bossFor(deps);
    boss.on('error', (error) => app.log.error({ err: error }, 'certificate export queue'));
    await boss.start();
    await boss.createQueue(CERTIFICATE_EXPORT_QUEUE, {
      name: CERTIFICATE_EXPORT_QUEUE,
      retryLimit: 1,
      expireInSeconds: 30 * 60,
    });
    if (deps.config.workers) {
      // Woken by `send` below; the poll finds jobs other processes sent.
      worker = await boss.work<ExportJobData>(
        CERTIFICATE_EXPORT_QUEUE,
        { pollingIntervalSeconds: POLL_SECONDS.delivery, batchSize: 1 },
        async ([job]) => (job ? run(job.data) : undefined),
      );
    }
    return boss;
  };
  const boss = (): Promise<PgBoss> => {
    started ??= start().catch((error: unknown) => {
      started = null;
      throw error;
    });
    return started;
  };

  app.addHook('onReady', async () => {
    if (deps.config.workers) await boss();
  });
  app.addHook('onClose', async () => {
    if (!started) return;
    const running = await started.catch(() => null);
    await running?.stop({ graceful: true, wait: true, timeout: 5000 });
  });

  return {
    send: async (data) => {
      const running = await boss();
      const id = await running.send(CERTIFICATE_EXPORT_QUEUE, data);
      if (!id) throw new Error('The export job was not queued.');
      if (worker) running.notifyWorker(worker);
      return id;
    },
    get: async (id) => {
      const job = await (
        await boss()
      ).getJobById<ExportJobData>(CERTIFICATE_EXPORT_QUEUE, id, { includeArchive: true });
      return job ? { id: job.id, state: job.state, data: job.data, output: job.output } : null;
    },
  };
}
