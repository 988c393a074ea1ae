/** Which database the API suite runs against: PGlite (default) or the PostgreSQL of DATABASE_URL. */
export const TEST_DB = process.env.LANTERN_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const TEMPLATE_DUMP = new URL('../../../.tmp/pglite-template.tar', import.meta.url).pathname;
// A second checkout running the suite on the same server at once names its own template.
export const TEMPLATE_DB = process.env.LANTERN_TEST_TEMPLATE_DB ?? 'lantern_test_template';

export function postgresUrl(database?: string): string {
  const raw = process.env.DATABASE_URL;
  if (!raw) throw new Error('LANTERN_TEST_DB=postgres needs DATABASE_URL.');
  if (!database) return raw;
  const url = new URL(raw);
  url.pathname = `/${database}`;
  return url.toString();
}
