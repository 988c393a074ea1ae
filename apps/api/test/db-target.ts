import { createHash } from 'node:crypto';

/** Which database the API suite runs against: PGlite (default) or the PostgreSQL of DATABASE_URL. */
export const TEST_DB = process.env.LANTERN_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const TEMPLATE_DUMP = new URL('../../../.tmp/pglite-template.tar', import.meta.url).pathname;
// Each checkout names its own template (from its path), so two checkouts running the suite on
// one server at once never drop each other's; LANTERN_TEST_TEMPLATE_DB overrides it.
export const TEMPLATE_DB =
  process.env.LANTERN_TEST_TEMPLATE_DB ??
  `lantern_test_template_${createHash('sha256').update(TEMPLATE_DUMP).digest('hex').slice(0, 8)}`;

export function postgresUrl(database?: string): string {
  const raw = process.env.DATABASE_URL;
  if (!raw) throw new Error('LANTERN_TEST_DB=postgres needs DATABASE_URL.');
  if (!database) return raw;
  const url = new URL(raw);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The start of the name of each worker's copy of the template on PostgreSQL. */
export const COPY_PREFIX = `${TEMPLATE_DB}_copy_`;
