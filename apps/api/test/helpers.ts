import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '@lantern/db/client';
import { ensureSecrets } from '@lantern/db/catalogue';
import { DEMO_PASSWORD } from '@lantern/db/seed';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/plugins/env';
import { COPY_PREFIX, TEMPLATE_DB, TEMPLATE_DUMP, TEST_DB, postgresUrl } from './db-target';
import { resetToSnapshot } from './db-snapshot';

export type TestApp = App & {
  database: Database;
  /** Signs in a demo user; returns the token pair. */
  signIn: (
    username: string,
    password?: string,
  ) => Promise<{ token: string; refresh_token: string }>;
  /** Headers with a demo user's bearer token. */
  as: (username: string) => Promise<{ authorization: string }>;
  close: () => Promise<void>;
};

/**
 * The worker's one database: a copy of the template made when the worker's first file needs
 * it, put back to the seeded rows before each file (db-snapshot.ts). Test files in a worker
 * run one after another (the suite does not run files concurrently within a worker).
 */
let workerDatabase: Promise<Database> | undefined;
let dirty = false;

async function openCopy(): Promise<Database> {
  if (TEST_DB === 'pglite') {
    return openDatabase({
      dataDir: null,
      loadDataDir: new Blob([readFileSync(TEMPLATE_DUMP)]),
    });
  }
  const name = `${COPY_PREFIX}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl() });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  // The copy is dropped with the template at the end of the run (global-setup.ts).
  return openDatabase({ url: postgresUrl(name), poolSize: 4 });
}

/** The worker's database, with the seeded rows as the seed left them. */
async function seededDatabase(): Promise<Database> {
  workerDatabase ??= openCopy();
  const database = await workerDatabase;
  if (dirty) await resetToSnapshot(database);
  dirty = true;
  return database;
}

/** A ready app on its own copy of the seeded database; close it after the file's tests. */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-test-'));
  const database = await seededDatabase();
  const config = loadConfig({
    LANTERN_DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    LANTERN_WORKERS: '0',
    LANTERN_WEB_DIST: join(dir, 'no-web'),
    ...env,
  });
  const secrets = await ensureSecrets(database.db);
  const built = await buildApp({ config, database, secrets });
  await built.app.ready();
  const signIn = async (username: string, password = DEMO_PASSWORD) => {
    const res = await built.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username, password },
    });
    if (res.statusCode !== 200)
      throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
    return res.json<{ token: string; refresh_token: string }>();
  };
  return {
    ...built,
    database,
    signIn,
    as: async (username) => ({ authorization: `Bearer ${(await signIn(username)).token}` }),
    close: async () => {
      await built.app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A multipart body with text fields and files, for routes that take forms. */
export function multipart(
  fields: Record<string, string>,
  files: Record<string, { name: string; type: string; data: Buffer }> = {},
) {
  const boundary = `----lantern${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const [key, file] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${key}"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * The user form's body for `PUT /api/:locale/user/:id` as the web sends it: the record as the
 * database has it (the actor may not be allowed to read it), with some fields changed.
 */
export async function userFormBody(
  database: Database,
  id: number,
  change: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const [row] = await database.query<Record<string, unknown>>(
    `select username, first_name, last_name, email, system_role, status, version
       from users where jwl_id = $1`,
    [id],
  );
  const clcs = await database.query<{ clc_id: number }>(
    `select clc_id from user_clcs where user_id = $1`,
    [id],
  );
  const roles = await database.query<{ role_key: string }>(
    `select role_key from user_roles where user_id = $1 order by role_key`,
    [id],
  );
  return {
    version: row?.version,
    data: {
      username: row?.username,
      firstName: row?.first_name,
      lastName: row?.last_name,
      email: row?.email,
      clcIds: clcs.map((c) => c.clc_id),
      roles: roles.map((r) => r.role_key),
      systemRole: row?.system_role,
      status: row?.status,
      ...change,
    },
  };
}

/**
 * Takes away what the demo seed gave the bachelor programme 512 (terms and all that hangs off
 * them, results, export statuses), for a test that builds its own bachelor terms on it.
 */
export async function clearBachelorDemo(t: TestApp): Promise<void> {
  const scoped = `(select id from enrolments where programme_id =
    (select id from programmes where type = 'bachelor' and code = '512'))`;
  await t.database.query(
    `delete from ba_terms where programme_id = (select id from programmes where type = 'bachelor' and code = '512')`,
  );
  await t.database.query(`delete from ba_export_statuses where enrolment_id in ${scoped}`);
  await t.database.query(`delete from course_results where enrolment_id in ${scoped}`);
}
