import type { Request } from 'autocannon';
import { verify } from '@node-rs/argon2';
import { hashPassword } from '@lantern/db/passwords';
import { DEMO_PASSWORD, DEMO_USERS } from '@lantern/db/seed';
import type { Context, Scenario } from '../lib/context';
import { combine, load, loadDetail, signIn, type LoadResult } from '../lib/load';
import { createDatabase, dropDatabase } from '../lib/db';
import { ensureBuilt, startApp } from '../lib/processes';
import { processCpuMs } from '../lib/traffic';
import { log, median, result } from '../lib/report';

/** Sign-in load and argon2 timing are measured in turns, so that both see the same machine. */
const ROUNDS = 3;
const VERIFY_SAMPLES = 15;
const SECONDS = 4;

/** Wall times of argon2 verifies of the demo password, in this process, one at a time. */
async function verifyTimes(stored: string, samples: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    const ok = await verify(stored, DEMO_PASSWORD);
    times.push(performance.now() - started);
    if (!ok) throw new Error('argon2 verify of the demo password failed.');
  }
  return times;
}

function scenario(kind: 'pglite' | 'postgres'): Scenario {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  return {
    name: `sign-in-${kind}`,
    summary: `POST /api/login_check per second (all successful) on ${label} against cores ÷ argon2 verify time`,
    async run(context: Context) {
      await ensureBuilt();
      const stored = await hashPassword(DEMO_PASSWORD);
      await verifyTimes(stored, 3);

      const pgDatabase = kind === 'postgres' ? await createDatabase() : null;
      const app = await startApp({
        dataDir: context.newDir(`sign-in-${kind}`),
        // A first start (initdb, migrations, demo seed) takes minutes on a busy machine.
        timeoutMs: 600_000,
        ...(pgDatabase ? { databaseUrl: pgDatabase.url, demo: true } : {}),
      }).catch(async (error: unknown) => {
        if (pgDatabase) await dropDatabase(pgDatabase.name);
        throw error;
      });
      try {
        // Every account signs in once first, so a wrong demo setup fails here and not under load.
        const usernames = DEMO_USERS.map((u) => u.username);
        for (const username of usernames) await signIn(app.url, username);

        // Rotate through the accounts across all connections; every attempt is a right password.
        let next = 0;
        const signInRequest = (): { requests: Request[] } => ({
          requests: [
            {
              method: 'POST',
              path: '/api/login_check',
              headers: { 'content-type': 'application/json' },
              setupRequest: (request) => {
                const username = usernames[next % usernames.length] ?? 'admin';
                next += 1;
                return { ...request, body: JSON.stringify({ username, password: DEMO_PASSWORD }) };
              },
            },
          ],
        });
        const connections = context.cores * 4;
        const rounds: LoadResult[] = [];
        const verifies: number[] = [];
        // CPU time, which a machine busy with other work does not inflate as it does wall time:
        // the bench's own per argon2 verify, and the app's per sign-in (rounds after the first,
        // which has a warm-up).
        const cpu = { verifyMs: 0, verifies: 0, appMs: 0, signIns: 0 };
        for (let round = 0; round < ROUNDS; round += 1) {
          const cpuBefore = process.cpuUsage();
          verifies.push(...(await verifyTimes(stored, VERIFY_SAMPLES)));
          const used = process.cpuUsage(cpuBefore);
          cpu.verifyMs += (used.user + used.system) / 1000;
          cpu.verifies += VERIFY_SAMPLES;
          const appBefore = await processCpuMs(app.pid);
          const measured = await load({
            ...signInRequest(),
            url: app.url,
            connections,
            duration: SECONDS,
            warmupSeconds: round === 0 ? 2 : 0,
          });
          rounds.push(measured);
          if (round > 0) {
            cpu.appMs += (await processCpuMs(app.pid)) - appBefore;
            cpu.signIns += measured.total;
          }
        }
        const verifyCpuMs = cpu.verifyMs / cpu.verifies;
        const appCpuMs = cpu.appMs / Math.max(1, cpu.signIns);
        const measured = combine(rounds);
        // One connection: a sign-in's latency minus an argon2 verify is the work it does besides
        // hashing (SQL, HTTP, JSON) — mostly on the server's one main thread, where it cannot overlap.
        const single = await load({
          ...signInRequest(),
          url: app.url,
          connections: 1,
          duration: 3,
          warmupSeconds: 0,
        });
        const argon = { median: median(verifies), samples: verifies.length };
        const floor = context.cores / (argon.median / 1000);
        log(
          `  sign-ins: ${measured.rps.toFixed(1)}/s; argon2 verify ${argon.median.toFixed(1)} ms; one connection ${single.latencyMean.toFixed(1)} ms a sign-in (${(single.latencyMean - argon.median).toFixed(1)} ms besides argon2)`,
        );
        log(
          `  CPU: the app ${appCpuMs.toFixed(2)} ms a sign-in${kind === 'postgres' ? ' (PostgreSQL’s own not counted)' : ''}, argon2 ${verifyCpuMs.toFixed(2)} ms a verify: at most ${(verifyCpuMs / appCpuMs).toFixed(2)} of the floor on idle cores`,
        );
        return [
          result({
            scenario: `sign-in-${kind}`,
            name: `sign-ins per second (${label})`,
            unit: 'req/s',
            value: measured.rps,
            floor,
            target: { on: 'ratio', op: '>=', limit: 0.7 },
            detail: {
              load: loadDetail(measured),
              roundsRps: rounds.map((r) => Number(r.rps.toFixed(1))),
              oneConnection: {
                rps: Number(single.rps.toFixed(1)),
                latencyMeanMs: Number(single.latencyMean.toFixed(2)),
                besidesArgon2Ms: Number((single.latencyMean - argon.median).toFixed(2)),
              },
              connections,
              accounts: usernames.length,
              argon2VerifyMs: Number(argon.median.toFixed(2)),
              argon2VerifySamples: argon.samples,
              cores: context.cores,
              cpu: {
                appMsPerSignIn: Number(appCpuMs.toFixed(3)),
                argon2MsPerVerify: Number(verifyCpuMs.toFixed(3)),
                ratioOnIdleCores: Number((verifyCpuMs / appCpuMs).toFixed(3)),
                note: 'CPU time (user + system, all threads) of the app process over the load rounds after the first, and of the bench process over its one-at-a-time verifies; on PostgreSQL the database server’s CPU is not in the app’s',
              },
              note: 'floor = cores ÷ median in-process @node-rs/argon2 verify time of a hash from packages/db hashPassword, taken between the load rounds',
            },
          }),
        ];
      } finally {
        await app.stop();
        if (pgDatabase) await dropDatabase(pgDatabase.name);
      }
    },
  };
}

export const signInPglite = scenario('pglite');
export const signInPostgres = scenario('postgres');
