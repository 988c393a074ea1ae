/**
 * The messages between the app and the PGlite worker thread (decision 0017). One request at a
 * time is in the worker: the app's side (`pglite-connection.ts`) queues them, and a transaction
 * holds the queue from its BEGIN to its COMMIT or ROLLBACK.
 */

/** How a result's dates and times are read: as text (drizzle) or as Date objects (raw callers). */
export type Parsing = 'text' | 'own';

export type OpenRequest = {
  dataDir: string | null;
  /** A dump of a data folder to start from (tests' template copy). */
  loadDataDir?: Blob;
};

export type WorkerRequest =
  | {
      id: number;
      op: 'query';
      text: string;
      params?: unknown[];
      parsing: Parsing;
      rowMode?: 'array' | 'object';
      /** The file `/dev/blob` reads in a `COPY … FROM`. */
      blob?: Blob;
    }
  | { id: number; op: 'exec'; text: string; parsing: Parsing }
  | { id: number; op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { id: number; op: 'close' };

/** What a query answers: PGlite's result, with the file a `COPY … TO '/dev/blob'` wrote. */
export type QueryResult<T> = {
  rows: T[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
  blob?: Blob;
};

/** An error's message and its primitive fields (`code`, `constraint`, `detail`, …). */
export type WireError = { message: string; fields: Record<string, string | number | boolean> };

export type WorkerReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

/** The fields a thread boundary would drop from an error (structured clone keeps the message). */
export function toWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return { message: error.message, fields };
}

/** The error as the app sees it: drizzle reads `cause.code` and `cause.constraint` on it. */
export function fromWire(wire: WireError): Error {
  const error = new Error(wire.message);
  const { name, ...rest } = wire.fields;
  if (typeof name === 'string') error.name = name;
  return Object.assign(error, rest);
}
