import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';

/**
 * Drizzle's PGlite session reads these types as text, and hands PGlite a parser for each with
 * every query. PGlite merges per-query parsers into its map of every type it knows (about 370)
 * on every call, which costs about 0.3 ms a query — as much as a small query itself. So the text
 * parsers are set once on the client, drizzle's per-query ones are taken off its calls, and raw
 * queries ask for PGlite's own parsing (dates as Date objects) back (decision 0013).
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

/** The per-query options drizzle sends, without the parsers already set on the client. */
function withoutInstalledParsers<T extends QueryOptions | undefined>(options: T): T {
  const given = options?.parsers;
  if (!given) return options;
  // A parser for any other type (a newer drizzle) still goes through, at PGlite's cost.
  if (Object.keys(given).some((oid) => !DRIZZLE_TEXT_TYPES.includes(Number(oid)))) return options;
  return { ...options, parsers: undefined };
}

type Queryable = Pick<PGlite, 'query'> | Pick<Transaction, 'query'>;

const queryWithout =
  (client: Queryable) =>
  <T>(text: string, params?: unknown[], options?: QueryOptions) =>
    client.query<T>(text, params, withoutInstalledParsers(options));

/** A transaction whose queries leave out the per-query parsers. */
const transactionWithout = (tx: Transaction): Transaction => ({
  query: queryWithout(tx),
  sql: (strings, ...params: unknown[]) => tx.sql(strings, ...params),
  exec: (text, options) => tx.exec(text, withoutInstalledParsers(options)),
  rollback: () => tx.rollback(),
  listen: (channel, callback) => tx.listen(channel, callback),
  get closed() {
    return tx.closed;
  },
});

/**
 * What drizzle's PGlite session is given in place of the client (it calls `query` and
 * `transaction`): the same, minus the per-query parsers.
 */
export function drizzleClient(client: PGlite) {
  return {
    query: queryWithout(client),
    transaction: <T>(run: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => run(transactionWithout(tx))),
  };
}
