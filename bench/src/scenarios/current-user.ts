import { openDatabase, type Database } from '@lantern/db/client';
import type { Context, Scenario } from '../lib/context';
import {
  createDatabase,
  dropDatabase,
  floorPgliteFolder,
  insertSession,
  requestSql,
  type PrincipalRow,
} from '../lib/db';
import {
  combine,
  load,
  loadDetail,
  loop,
  signIn,
  startHelloWorld,
  tokenClaims,
  type LoadResult,
} from '../lib/load';
import { ensureBuilt, startApp, type AppProcess } from '../lib/processes';
import { log, result, type Result } from '../lib/report';

const PATH = '/api/general/current-user/sis';
const USERNAME = 'admin';
const CONNECTIONS = 10;
/** App, bare SQL and hello-world are measured in turns, so that all three see the same machine. */
const ROUNDS = 3;
const APP_SECONDS = 3;
const SQL_SECONDS = 2;
const HELLO_SECONDS = 3;
/** The app's pool size on PostgreSQL (openDatabase's default), so the floor has as many connections. */
const PG_POOL = 10;

type BaseData = { user: { applicationRights: string[]; allClcs: { id: number }[] } };

async function loadCurrentUser(
  app: AppProcess,
): Promise<{ token: string; body: BaseData; bytes: number }> {
  const { token } = await signIn(app.url, USERNAME);
  const response = await fetch(`${app.url}${PATH}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${PATH} answered ${String(response.status)}: ${text.slice(0, 500)}`);
  return { token, body: JSON.parse(text) as BaseData, bytes: Buffer.byteLength(text) };
}

/** The floor SQL must read what the endpoint shows, else it measures something else. */
function checkSameData(row: PrincipalRow, body: BaseData): void {
  const rights = body.user.applicationRights.length;
  const clcs = body.user.allClcs.length;
  if (row.rights.length !== rights || row.clc_ids.length !== clcs) {
    throw new Error(
      `The floor SQL reads ${String(row.rights.length)} rights and ${String(row.clc_ids.length)} CLCs; the endpoint shows ${String(rights)} and ${String(clcs)}. Is PRINCIPAL_SQL in step with principal.ts?`,
    );
  }
}

async function measure(context: Context, kind: 'pglite' | 'postgres'): Promise<Result> {
  await ensureBuilt();
  let app: AppProcess | null = null;
  let hello: Awaited<ReturnType<typeof startHelloWorld>> | null = null;
  let floorDb: Database | null = null;
  let pgDatabase: { name: string; url: string } | null = null;
  try {
    if (kind === 'postgres') pgDatabase = await createDatabase();
    app = await startApp(
      pgDatabase
        ? { dataDir: context.newDir('current-user-pg'), databaseUrl: pgDatabase.url, demo: true }
        : { dataDir: context.newDir('current-user-pglite') },
    );
    hello = await startHelloWorld();
    const first = await loadCurrentUser(app);

    // The floor's database: the same PostgreSQL database, or a PGlite folder of the bench's own
    // (the app's folder is locked while it runs).
    let session: { sid: string; userId: number };
    let floorSource: string;
    if (pgDatabase) {
      floorDb = await openDatabase({ url: pgDatabase.url, poolSize: PG_POOL });
      const claims = tokenClaims(first.token);
      session = { sid: claims.sid, userId: claims.sub };
      floorSource = `pg Pool (max ${String(PG_POOL)}) on the same database, the session of the token under load`;
    } else {
      const folder = await floorPgliteFolder(context.tmpRoot);
      floorDb = await openDatabase({ dataDir: folder.dir });
      session = await insertSession(floorDb, USERNAME);
      floorSource =
        'PGlite on the bench’s own folder, migrated and seeded with packages/db (migrate, syncCatalogue, seedDemo)';
    }
    const database = floorDb;
    checkSameData(await requestSql(database, session.sid, session.userId), first.body);

    const appUrl = `${app.url}${PATH}`;
    const headers = { authorization: `Bearer ${first.token}` };
    const helloUrl = hello.url;
    const appRounds: LoadResult[] = [];
    const helloRounds: LoadResult[] = [];
    const sqlRounds: { rps: number; count: number; seconds: number }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const warmup = round === 0 ? 2 : 0;
      appRounds.push(
        await load({
          url: appUrl,
          headers,
          connections: CONNECTIONS,
          duration: APP_SECONDS,
          warmupSeconds: warmup,
        }),
      );
      sqlRounds.push(
        await loop(
          async () => {
            await requestSql(database, session.sid, session.userId);
          },
          { concurrency: CONNECTIONS, seconds: SQL_SECONDS, warmupSeconds: round === 0 ? 1 : 0 },
        ),
      );
      helloRounds.push(
        await load({
          url: helloUrl,
          connections: CONNECTIONS,
          duration: HELLO_SECONDS,
          warmupSeconds: warmup,
        }),
      );
    }
    const measured = combine(appRounds);
    const helloAll = combine(helloRounds);
    const sqlCount = sqlRounds.reduce((s, r) => s + r.count, 0);
    const sqlSeconds = sqlRounds.reduce((s, r) => s + r.seconds, 0);
    const sqlRps = sqlCount / sqlSeconds;
    const floor = 1 / (1 / sqlRps + 1 / helloAll.rps);
    log(
      `  ${kind}: ${measured.rps.toFixed(0)} req/s; SQL ${sqlRps.toFixed(0)}/s, hello ${helloAll.rps.toFixed(0)}/s → floor ${floor.toFixed(0)}/s`,
    );
    return result({
      scenario: `current-user-${kind}`,
      name: `current-user/sis per second (${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
      unit: 'req/s',
      value: measured.rps,
      floor,
      target: { on: 'ratio', op: '>=', limit: 0.5 },
      detail: {
        load: loadDetail(measured),
        appRoundsRps: appRounds.map((r) => Number(r.rps.toFixed(1))),
        connections: CONNECTIONS,
        user: USERNAME,
        responseBytes: first.bytes,
        sqlRps: Number(sqlRps.toFixed(1)),
        sqlRoundsRps: sqlRounds.map((r) => Number(r.rps.toFixed(1))),
        sqlConcurrency: CONNECTIONS,
        sqlSource: floorSource,
        helloRps: Number(helloAll.rps.toFixed(1)),
        helloRoundsRps: helloRounds.map((r) => Number(r.rps.toFixed(1))),
        note: `floor = 1 / (1/sqlRps + 1/helloRps); SQL = loadSessionPrincipal query + findClcRefs query per request; ${String(ROUNDS)} rounds of app ${String(APP_SECONDS)} s, SQL ${String(SQL_SECONDS)} s, hello ${String(HELLO_SECONDS)} s in turn`,
      },
    });
  } finally {
    if (floorDb) await floorDb.close();
    if (hello) await hello.stop();
    if (app) await app.stop();
    if (pgDatabase) await dropDatabase(pgDatabase.name);
  }
}

export const currentUserPglite: Scenario = {
  name: 'current-user-pglite',
  summary:
    'GET /api/general/current-user/sis per second on PGlite against bare SQL + Fastify hello-world',
  run: async (context) => [await measure(context, 'pglite')],
};

export const currentUserPostgres: Scenario = {
  name: 'current-user-postgres',
  summary:
    'GET /api/general/current-user/sis per second on PostgreSQL against bare SQL + Fastify hello-world',
  run: async (context) => [await measure(context, 'postgres')],
};
