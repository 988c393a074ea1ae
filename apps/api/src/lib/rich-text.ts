import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RICH_TEXT_MAX_CHARS } from '@lantern/contracts/learning-content';
import { badRequest } from './errors';

/**
 * The one server sanitiser of stored rich text (syllabus, unit summary, item body; decision
 * 0019). Measured here: DOMPurify on jsdom takes ~20 ms for a 2 KB page and well over 300 ms for
 * a 200 KB one, so it runs in a worker thread, started on first use and idle otherwise; the
 * HTTP thread only waits for the answer. The allow-list is in rich-text-core.ts.
 */

type Reply = { id: number; ok: true; html: string } | { id: number; ok: false; message: string };

/** The built worker beside the bundled server, or the TypeScript source through tsx (tests). */
function workerScript(): { script: URL | string; eval: boolean } {
  const built = new URL('./rich-text-worker.mjs', import.meta.url);
  if (existsSync(fileURLToPath(built))) return { script: built, eval: false };
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = new URL('dist/esm/api/index.mjs', pathToFileURL(tsxPackage)).href;
  const source = new URL('./rich-text-worker.ts', import.meta.url).href;
  return {
    script: `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`,
    eval: true,
  };
}

class SanitiserThread {
  #worker: Worker;
  #ready: Promise<void>;
  #pending = new Map<number, { resolve: (html: string) => void; reject: (e: Error) => void }>();
  #nextId = 1;
  failed: Error | null = null;

  constructor() {
    const { script, eval: isSource } = workerScript();
    this.#worker = new Worker(script, { eval: isSource, stdout: false });
    this.#ready = new Promise((resolve) => {
      const first = (reply: Reply) => {
        if (reply.id !== 0) return;
        this.#worker.off('message', first);
        resolve();
      };
      this.#worker.on('message', first);
    });
    this.#worker.on('message', (reply: Reply) => {
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) this.#worker.unref();
      if (reply.ok) waiting.resolve(reply.html);
      else waiting.reject(new Error(reply.message));
    });
    const stop = (error: Error) => {
      this.failed ??= error;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    this.#worker.on('error', stop);
    this.#worker.on('exit', (code) => stop(new Error(`The sanitiser stopped (exit ${code}).`)));
    this.#worker.unref();
  }

  async sanitise(html: string): Promise<string> {
    await this.#ready;
    const id = this.#nextId;
    this.#nextId += 1;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, html });
    });
  }
}

let thread: SanitiserThread | null = null;

/**
 * Sanitised HTML of an author's rich text: only the allow-list stays; empty for blank input.
 * Refuses more than 200 KB (`field` names the form field in the refusal).
 */
export async function sanitiseRichText(html: string, field = 'body'): Promise<string> {
  if (html.length > RICH_TEXT_MAX_CHARS)
    throw badRequest('The text is too long: at most 200 KB.', {
      [field]: 'At most 200 KB of text.',
    });
  if (html.trim() === '') return '';
  if (!thread || thread.failed) thread = new SanitiserThread();
  return thread.sanitise(html);
}

/** Whether sanitised HTML shows anything (text or an image). */
export const hasContent = (html: string): boolean =>
  /<img\b/i.test(html) || html.replace(/<[^>]*>/g, '').trim() !== '';
