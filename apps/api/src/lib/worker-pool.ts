import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort, Worker, type Transferable } from 'node:worker_threads';

/**
 * Work off the event loop (decision 0020 §1.5): a small pool of worker threads for one kind of
 * task (unpacking a training package, extracting text, matching texts). A task past its timeout
 * terminates its thread, which is replaced, so one stuck or slow task never holds the others;
 * tasks wait in order while every thread is busy. Threads start on first use and do not keep the
 * process alive while idle.
 *
 * A worker module calls `serveWorker(handler)`. Bundled, it is `<built>` beside the server
 * (build.mjs lists it); from source (tests, `tsx`), it is loaded through tsx.
 */

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };

export class WorkerTimeout extends Error {
  constructor(name: string, ms: number) {
    super(`The ${name} task took longer than ${String(Math.round(ms / 1000))} s and was stopped.`);
  }
}

export type WorkerPoolOptions = {
  /** For messages. */
  name: string;
  /** The bundled file's name beside the server, e.g. `similarity-worker.mjs`. */
  built: string;
  /** The TypeScript source, `new URL('./x.worker.ts', import.meta.url)`. */
  source: URL;
  size: number;
  timeoutMs: number;
};

export type WorkerPool<T, R> = {
  run: (task: T, transfer?: readonly Transferable[]) => Promise<R>;
  close: () => Promise<void>;
};

function workerScript(built: string, source: URL): { script: URL | string; eval: boolean } {
  const bundled = new URL(`./${built}`, import.meta.url);
  if (import.meta.url.endsWith('.mjs') && existsSync(fileURLToPath(bundled)))
    return { script: bundled, eval: false };
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = new URL('dist/esm/api/index.mjs', pathToFileURL(tsxPackage)).href;
  return {
    script: `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(source.href)}, ${JSON.stringify(source.href)}))`,
    eval: true,
  };
}

type Job = {
  task: unknown;
  transfer: readonly Transferable[] | undefined;
  resolve: (r: unknown) => void;
  reject: (e: Error) => void;
};

class PoolThread {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  job: Job | null = null;
  timer: NodeJS.Timeout | null = null;
  dead = false;

  constructor(
    script: { script: URL | string; eval: boolean },
    private readonly onSettled: (thread: PoolThread) => void,
  ) {
    this.worker = new Worker(script.script, { eval: script.eval, stdout: false });
    this.ready = new Promise((resolve) => {
      const first = (reply: Reply) => {
        if (reply.id !== 0) return;
        this.worker.off('message', first);
        resolve();
      };
      this.worker.on('message', first);
    });
    this.worker.on('message', (reply: Reply) => {
      if (reply.id === 0 || !this.job) return;
      const job = this.job;
      this.finish();
      if (reply.ok) job.resolve(reply.result);
      else job.reject(new Error(reply.message));
      this.onSettled(this);
    });
    const die = (error: Error) => {
      if (this.dead) return;
      this.dead = true;
      const job = this.job;
      this.finish();
      job?.reject(error);
      this.onSettled(this);
    };
    this.worker.on('error', die);
    this.worker.on('exit', (code) => die(new Error(`A worker thread stopped (exit ${code}).`)));
    this.worker.unref();
  }

  private finish() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.job = null;
    this.worker.unref();
  }

  async start(job: Job, id: number, timeoutMs: number, name: string) {
    this.job = job;
    this.worker.ref();
    this.timer = setTimeout(() => {
      const stuck = this.job;
      this.finish();
      this.dead = true;
      stuck?.reject(new WorkerTimeout(name, timeoutMs));
      void this.worker.terminate();
      this.onSettled(this);
    }, timeoutMs);
    await this.ready;
    if (this.job !== job) return;
    this.worker.postMessage({ id, task: job.task }, job.transfer as Transferable[] | undefined);
  }
}

export function createWorkerPool<T, R>(options: WorkerPoolOptions): WorkerPool<T, R> {
  const script = workerScript(options.built, options.source);
  const threads: PoolThread[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  const settled = (thread: PoolThread) => {
    if (thread.dead) threads.splice(threads.indexOf(thread), 1);
    pump();
  };
  const pump = () => {
    while (queue.length > 0 && !closed) {
      let idle = threads.find((th) => !th.job && !th.dead);
      if (!idle && threads.length < options.size) {
        idle = new PoolThread(script, settled);
        threads.push(idle);
      }
      if (!idle) return;
      const job = queue.shift();
      if (!job) return;
      const id = nextId;
      nextId += 1;
      void idle.start(job, id, options.timeoutMs, options.name);
    }
  };

  return {
    run: (task, transfer) =>
      new Promise<R>((resolve, reject) => {
        if (closed) {
          reject(new Error(`The ${options.name} pool is closed.`));
          return;
        }
        queue.push({ task, transfer, resolve: resolve as (r: unknown) => void, reject });
        pump();
      }),
    close: async () => {
      closed = true;
      for (const job of queue.splice(0))
        job.reject(new Error(`The ${options.name} pool is closed.`));
      await Promise.all(threads.splice(0).map((th) => th.worker.terminate()));
    },
  };
}

/** In a worker module: answer each task with the handler's result (or its error's message). */
export function serveWorker(handler: (task: never) => unknown): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorker runs only in a worker thread.');
  port.on('message', (message: { id: number; task: never }) => {
    void (async () => {
      try {
        const result = await handler(message.task);
        port.postMessage({ id: message.id, ok: true, result } satisfies Reply);
      } catch (error) {
        port.postMessage({
          id: message.id,
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        } satisfies Reply);
      }
    })();
  });
  port.postMessage({ id: 0, ok: true, result: null } satisfies Reply);
}
