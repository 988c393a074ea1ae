import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  fromWire,
  type OpenRequest,
  type Parsing,
  type QueryResult,
  type WorkerReply,
  type WorkerRequest,
} from './pglite-protocol';

/** A request without its id: the connection numbers them. */
type Request = WorkerRequest extends infer R
  ? R extends WorkerRequest
    ? Omit<R, 'id'>
    : never
  : never;

export type QueryExtras = { rowMode?: 'array' | 'object'; blob?: Blob };

/** The statements of one transaction, or of the connection outside any. */
export type Statements = {
  query: <T>(
    text: string,
    params: unknown[] | undefined,
    parsing: Parsing,
    extras?: QueryExtras,
  ) => Promise<QueryResult<T>>;
  exec: (text: string, parsing: Parsing) => Promise<QueryResult<Record<string, unknown>>[]>;
};

/**
 * The worker's script: built beside the bundled server (`pglite-worker.mjs`), or else the
 * TypeScript source, loaded through tsx's loader (tests, scripts, the bench).
 */
function workerScript(): { script: URL | string; eval: boolean } {
  const built = new URL('./pglite-worker.mjs', import.meta.url);
  if (existsSync(fileURLToPath(built))) return { script: built, eval: false };
  // tsx's ESM API (its package exports give `require` the CommonJS build).
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = new URL('dist/esm/api/index.mjs', pathToFileURL(tsxPackage)).href;
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  return {
    script: `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`,
    eval: true,
  };
}

/**
 * The one connection to PGlite in its worker thread (decision 0017). Requests take turns: one
 * statement is a turn, and a transaction is one turn from BEGIN to COMMIT, so nothing else runs
 * inside it (pg-boss's statements included). The worker keeps the process alive only while a
 * request is out, as PGlite in the same thread did.
 */
export class PgliteConnection implements Statements {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  #nextId = 1;
  #tail: Promise<unknown> = Promise.resolve();
  #stopped: Error | null = null;
  #closing: Promise<void> | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: WorkerReply) => {
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(fromWire(reply.error));
    });
    const stop = (error: Error) => {
      this.#stopped ??= error;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    worker.on('error', (error) => stop(error));
    worker.on('exit', (code) => stop(new Error(`The embedded database stopped (exit ${code}).`)));
  }

  static async open(options: OpenRequest): Promise<PgliteConnection> {
    const { script, eval: isSource } = workerScript();
    const worker = new Worker(script, {
      eval: isSource,
      workerData: options,
      // The worker's own stdout is the process's; nothing from it goes to the app's log.
      stdout: false,
    });
    await new Promise<void>((resolve, reject) => {
      const ready = (reply: WorkerReply) => {
        if (reply.id !== 0) return;
        worker.off('error', failed);
        worker.off('message', ready);
        resolve();
      };
      const failed = (error: Error) => {
        worker.off('message', ready);
        reject(error);
      };
      worker.on('message', ready);
      worker.once('error', failed);
    });
    worker.unref();
    return new PgliteConnection(worker);
  }

  /** One request to the worker; the caller holds the turn. */
  #send(request: Request): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId;
    this.#nextId += 1;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  /** Runs `work` when the requests before it are done; the ones after wait for it. */
  #turn<T>(work: () => Promise<T>): Promise<T> {
    const done = this.#tail.then(work);
    this.#tail = done.catch(() => undefined);
    return done;
  }

  query<T>(
    text: string,
    params: unknown[] | undefined,
    parsing: Parsing,
    extras: QueryExtras = {},
  ) {
    return this.#turn(
      () =>
        this.#send({ op: 'query', text, params, parsing, ...extras }) as Promise<QueryResult<T>>,
    );
  }

  exec(text: string, parsing: Parsing) {
    return this.#turn(
      () =>
        this.#send({ op: 'exec', text, parsing }) as Promise<
          QueryResult<Record<string, unknown>>[]
        >,
    );
  }

  /**
   * Runs `work` in a transaction that holds the connection: its statements go through the
   * `Statements` it is given, and every other request waits until it ends.
   */
  transaction<T>(work: (tx: Statements) => Promise<T>): Promise<T> {
    return this.#turn(async () => {
      let open = true;
      const inside = <R>(request: Request): Promise<R> =>
        open
          ? (this.#send(request) as Promise<R>)
          : Promise.reject(new Error('This transaction has ended.'));
      const tx: Statements = {
        query: (text, params, parsing, extras = {}) =>
          inside({ op: 'query', text, params, parsing, ...extras }),
        exec: (text, parsing) => inside({ op: 'exec', text, parsing }),
      };
      await this.#send({ op: 'exec', text: 'begin', parsing: 'text' });
      try {
        const result = await work(tx);
        open = false;
        await this.#send({ op: 'exec', text: 'commit', parsing: 'text' });
        return result;
      } catch (error) {
        open = false;
        await this.#send({ op: 'exec', text: 'rollback', parsing: 'text' }).catch(() => undefined);
        throw error;
      }
    });
  }

  /** A dump of the data folder (the tests' template). */
  dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    return this.#turn(() => this.#send({ op: 'dump', compression }) as Promise<Blob>);
  }

  /** Closes PGlite after the requests already queued, then ends the thread. */
  close(): Promise<void> {
    this.#closing ??= this.#turn(async () => {
      if (!this.#stopped) await this.#send({ op: 'close' });
      this.#stopped = new Error('The embedded database is closed.');
      await this.#worker.terminate();
    });
    return this.#closing;
  }
}
