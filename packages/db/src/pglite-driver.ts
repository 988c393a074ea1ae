import { types, type PGlite, type QueryOptions } from '@electric-sql/pglite';
import type { PgliteConnection, Statements } from './pglite-connection';

/**
 * Drizzle's PGlite session reads these types as text, and hands PGlite a parser for each with
 * every query. PGlite merges per-query parsers into its map of every type it knows (about 370)
 * on every call, which costs about 0.3 ms a query — as much as a small query itself. So the text
 * parsers are set once on the client (in the worker thread, 0017), drizzle's per-query ones are
 * left off its calls, and raw queries ask for PGlite's own parsing (dates as Date objects) back
 * (decision 0013).
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamp with time zone[]
  1187, // interval[]
  1182, // date[]
];

/** Each array type above and the type of its elements. */
const ELEMENT_OF: Readonly<Record<number, number>> = {
  1231: types.NUMERIC,
  1115: types.TIMESTAMP,
  1185: types.TIMESTAMPTZ,
  1187: types.INTERVAL,
  1182: types.DATE,
};

type Parser = (value: string, typeId?: number) => unknown;
type Parsers = Record<number, Parser>;

const asText: Parser = (value) => value;

/**
 * Sets the text parsers on the client and returns PGlite's own ones, for `rawOptions`. The own
 * array parsers are rebuilt over the own element parsers: PGlite's look the element parser up on
 * the client at parse time, where it is now the text one.
 */
export function installTextParsers(client: PGlite): QueryOptions {
  const parsers = (client as unknown as { parsers: Parsers }).parsers;
  const own: Parsers = {};
  for (const oid of DRIZZLE_TEXT_TYPES) {
    const element = ELEMENT_OF[oid];
    if (element === undefined) {
      const parser = parsers[oid];
      if (parser) own[oid] = parser;
    }
  }
  for (const [array, element] of Object.entries(ELEMENT_OF)) {
    const parse = own[element] ?? parsers[element];
    if (parse)
      own[Number(array)] = (value: string) => types.arrayParser(value, parse, Number(array));
  }
  for (const oid of DRIZZLE_TEXT_TYPES) parsers[oid] = asText;
  return { parsers: own };
}

/**
 * The per-query parsers drizzle sends are the text ones, set once in the worker; a function
 * cannot cross to the worker thread, so a parser for any other type (a newer drizzle) fails
 * loudly here rather than being dropped.
 */
function checkParsers(options: QueryOptions | undefined): void {
  const other = Object.keys(options?.parsers ?? {}).filter(
    (oid) => !DRIZZLE_TEXT_TYPES.includes(Number(oid)),
  );
  if (other.length > 0)
    throw new Error(
      `drizzle asked for parsers of types ${other.join(', ')}, which PGlite's worker does not set.`,
    );
}

/** What drizzle's PGlite session calls on its client and on a transaction: `query`. */
const queryOf =
  (statements: Pick<Statements, 'query'>) =>
  <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    checkParsers(options);
    return statements.query<T>(
      text,
      params,
      'text',
      options?.rowMode ? { rowMode: options.rowMode } : {},
    );
  };

/**
 * What drizzle's PGlite session is given in place of a PGlite client (it calls `query` and
 * `transaction`): the connection to PGlite's worker thread, with the text parsers set there.
 */
export function drizzleClient(connection: Pick<PgliteConnection, 'query' | 'transaction'>) {
  return {
    query: queryOf(connection),
    transaction: <T>(run: (tx: ReturnType<typeof transactionClient>) => Promise<T>) =>
      connection.transaction((tx) => run(transactionClient(tx))),
  };
}

function transactionClient(tx: Pick<Statements, 'query'>) {
  return { query: queryOf(tx) };
}
