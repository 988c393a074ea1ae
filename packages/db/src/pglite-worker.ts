/**
 * The embedded PostgreSQL in its own thread (decision 0017): a slow statement keeps this thread
 * busy, not the one that answers HTTP. It runs the requests one at a time as they come; the
 * app's side orders them so that a transaction's statements come together.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { installTextParsers } from './pglite-driver';
import { toWire, type OpenRequest, type WorkerReply, type WorkerRequest } from './pglite-protocol';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread.');
const open = workerData as OpenRequest;

const client = await PGlite.create({
  extensions: { pg_trgm },
  ...(open.dataDir ? { dataDir: open.dataDir } : {}),
  ...(open.loadDataDir ? { loadDataDir: open.loadDataDir } : {}),
});
const own = installTextParsers(client);

async function answer(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const options: QueryOptions = {
        ...(request.parsing === 'own' ? own : {}),
        ...(request.rowMode ? { rowMode: request.rowMode } : {}),
        ...(request.blob ? { blob: request.blob } : {}),
      };
      const result = await client.query(request.text, request.params, options);
      // A File from COPY … TO is sent as a plain Blob of the same bytes.
      return result.blob ? { ...result, blob: new Blob([result.blob]) } : result;
    }
    case 'exec':
      return client.exec(request.text, request.parsing === 'own' ? own : undefined);
    case 'dump':
      return new Blob([await client.dumpDataDir(request.compression)]);
    case 'close':
      await client.close();
      return null;
  }
}

port.on('message', (request: WorkerRequest) => {
  answer(request).then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies WorkerReply),
    (error: unknown) =>
      port.postMessage({ id: request.id, ok: false, error: toWire(error) } satisfies WorkerReply),
  );
});
port.postMessage({ id: 0, ok: true, value: null } satisfies WorkerReply);
