import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Scenario } from '../lib/context';
import { signIn } from '../lib/load';
import { rssBytes } from '../lib/people';
import { ensureBuilt, startApp, stopChild, type AppProcess } from '../lib/processes';
import { log, result } from '../lib/report';

const MB = 1024 * 1024;
/** Spec §9's largest file. */
const SIZE = 512 * MB;
const CHUNK = MB;
const TUS = { 'tus-resumable': '1.0.0' };

/** The body: a PDF's signature, then the same megabyte over and over (cheap to make). */
function body(from = 0, to = SIZE): Readable {
  const block = Buffer.alloc(CHUNK, 0x41);
  block.write('%PDF-1.7\n', 0, 'latin1');
  const plain = Buffer.alloc(CHUNK, 0x41);
  return Readable.from(
    (function* () {
      for (let at = from; at < to;) {
        const inBlock = at % CHUNK;
        const take = Math.min(CHUNK - inBlock, to - at);
        const source = at < CHUNK ? block : plain;
        yield source.subarray(inBlock, inBlock + take);
        at += take;
      }
    })(),
  );
}

type Sent = { status: number; ms: number; sent: number };

/**
 * Sends bytes `from`–`to` of the body as one request; with `cutAt`, the connection is broken
 * once that many bytes were handed to the socket (a dropped link).
 */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  from: number,
  to: number,
  cutAt?: number,
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let sent = 0;
    const req = request(url, {
      method,
      headers: { ...headers, 'content-length': String(to - from) },
    });
    const source = body(from, to);
    source.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      if (cutAt !== undefined && sent >= cutAt) {
        source.destroy();
        req.destroy();
        resolve({ status: 0, ms: performance.now() - started, sent });
      }
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, sent });
      });
    });
    req.on('error', (error) => {
      if (cutAt === undefined) reject(error);
    });
    source.pipe(req);
  });
}

/** A bare Node HTTP server in its own process that pipes each body to a file: the floor. */
async function startFloorServer(dir: string) {
  const script = `
    const http = require('node:http'); const fs = require('node:fs'); let n = 0;
    const server = http.createServer((req, res) => {
      const out = fs.createWriteStream(require('node:path').join(${JSON.stringify(dir)}, 'body-' + (n++)));
      req.pipe(out);
      out.on('finish', () => { fs.rmSync(out.path, { force: true }); res.statusCode = 204; res.end(); });
    });
    server.listen(0, '127.0.0.1', () => process.stdout.write('listening on ' + server.address().port + '\\n'));
    process.on('SIGTERM', () => server.close(() => process.exit(0)));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /listening on (\d+)/.exec(out);
      if (match?.[1]) resolve(Number(match[1]));
    });
    child.once('exit', (code) => {
      reject(new Error(`The floor server exited (${String(code)}): ${out}`));
    });
  });
  return { url: `http://127.0.0.1:${String(port)}/`, stop: () => stopChild(child) };
}

type Tus = { app: AppProcess; token: string; courseId: number };

const b64 = (text: string) => Buffer.from(text).toString('base64');

async function createUpload(tus: Tus, size: number, courseId = tus.courseId) {
  const res = await fetch(`${tus.app.url}/api/en/lms/document-uploads`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${tus.token}`,
      ...TUS,
      'upload-length': String(size),
      'upload-metadata': `courseId ${b64(String(courseId))},filename ${b64('bench.pdf')}`,
    },
  });
  await res.arrayBuffer();
  return res.status === 201 ? `${tus.app.url}${res.headers.get('location') ?? ''}` : null;
}

async function offsetOf(tus: Tus, url: string): Promise<number> {
  // The server keeps the bytes of the broken request once its lease is freed.
  for (let i = 0; i < 600; i += 1) {
    const res = await fetch(url, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${tus.token}`, ...TUS },
    });
    const offset = Number(res.headers.get('upload-offset'));
    if (res.status === 200) {
      const probe = await fetch(url, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${tus.token}`,
          ...TUS,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
        },
        body: new Uint8Array(0),
      });
      await probe.arrayBuffer();
      if (probe.status === 204) return offset;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The broken upload stayed locked.');
}

const patchHeaders = (tus: Tus, offset: number) => ({
  authorization: `Bearer ${tus.token}`,
  ...TUS,
  'content-type': 'application/offset+octet-stream',
  'upload-offset': String(offset),
});

export const uploadScenario: Scenario = {
  name: 'upload',
  summary:
    'a 512 MB tus upload on PGlite: throughput against a bare Node server piping to a file, server RSS growth, bytes sent again after a cut at 50 %',
  run: async (context) => {
    await ensureBuilt();
    const floorDir = context.newDir('upload-floor');
    const app = await startApp({
      dataDir: context.newDir('upload-app'),
      demo: true,
      // A first start migrates and seeds a new folder: slow on a busy machine.
      timeoutMs: 300_000,
      env: { LANTERN_WORKERS: '0' },
    });
    const floor = await startFloorServer(floorDir);
    try {
      const { token } = await signIn(app.url, 'lead_faculty');
      // A course the author reaches: the demo's first that takes a document.
      let courseId = 0;
      for (let id = 1; id <= 200 && courseId === 0; id += 1) {
        const probe = await createUpload({ app, token, courseId: id }, 1, id);
        if (probe) {
          courseId = id;
          await fetch(probe, {
            method: 'DELETE',
            headers: { authorization: `Bearer ${token}`, ...TUS },
          });
        }
      }
      if (courseId === 0) throw new Error('No course takes a document from lead_faculty.');
      const tus: Tus = { app, token, courseId };

      // Throughput, in turns with the floor; RSS sampled every 20 ms during the app's upload.
      const floorRates: number[] = [];
      const appRates: number[] = [];
      let rssGrowth = 0;
      for (let round = 0; round < 2; round += 1) {
        const bare = await send(floor.url, 'PUT', {}, 0, SIZE);
        if (bare.status !== 204)
          throw new Error(`The floor server answered ${String(bare.status)}.`);
        floorRates.push(SIZE / MB / (bare.ms / 1000));

        const url = await createUpload(tus, SIZE);
        if (!url) throw new Error('The upload could not be created.');
        const before = await rssBytes(app.pid);
        let peak = before;
        const timer = setInterval(() => {
          void rssBytes(app.pid).then((rss) => {
            peak = Math.max(peak, rss);
          });
        }, 20);
        const sent = await send(url, 'PATCH', patchHeaders(tus, 0), 0, SIZE);
        clearInterval(timer);
        if (sent.status !== 204) throw new Error(`The upload answered ${String(sent.status)}.`);
        appRates.push(SIZE / MB / (sent.ms / 1000));
        rssGrowth = Math.max(rssGrowth, peak - before);
      }

      // A cut at 50 %, then the rest from what the server kept.
      const url = await createUpload(tus, SIZE);
      if (!url) throw new Error('The upload could not be created.');
      const cut = await send(url, 'PATCH', patchHeaders(tus, 0), 0, SIZE, SIZE / 2);
      const kept = await offsetOf(tus, url);
      const rest = await send(url, 'PATCH', patchHeaders(tus, kept), kept, SIZE);
      if (rest.status !== 204)
        throw new Error(`The resumed upload answered ${String(rest.status)}.`);
      const again = (SIZE - kept) / SIZE;

      const floorRate = Math.max(...floorRates);
      const appRate = Math.max(...appRates);
      log(
        `  512 MB upload: ${appRate.toFixed(0)} MB/s (bare server ${floorRate.toFixed(0)} MB/s), RSS growth ${(rssGrowth / MB).toFixed(1)} MB; cut at ${(cut.sent / MB).toFixed(0)} MB, kept ${(kept / MB).toFixed(0)} MB, sent again ${(again * 100).toFixed(1)} %`,
      );
      const detail = {
        floorMBps: floorRates.map((r) => Number(r.toFixed(1))),
        appMBps: appRates.map((r) => Number(r.toFixed(1))),
        rssGrowthMB: Number((rssGrowth / MB).toFixed(1)),
        cutAtMB: Number((cut.sent / MB).toFixed(1)),
        keptMB: Number((kept / MB).toFixed(1)),
        note: `lead_faculty uploads a course document (the same tus routes and store as a task's file) in one PATCH from this process over loopback; floor: a bare node:http server in its own process piping the same body to a file under ${join('…', 'upload-floor')}; best of 2 in turns; RSS of the app sampled every 20 ms, growth = peak − RSS before the upload`,
      };
      return [
        result({
          scenario: 'upload',
          name: '512 MB upload throughput (PGlite)',
          unit: 'MB/s',
          value: appRate,
          floor: floorRate,
          target: { on: 'ratio', op: '>=', limit: 0.5 },
          detail,
        }),
        result({
          scenario: 'upload',
          name: '512 MB upload server RSS growth',
          unit: 'MB',
          value: rssGrowth / MB,
          floor: 0,
          target: { on: 'value', op: '<=', limit: 64 },
          detail,
        }),
        result({
          scenario: 'upload',
          name: 'share of the bytes sent again after a cut at 50 %',
          unit: 'share',
          value: again,
          floor: 0.5,
          target: { on: 'value', op: '<=', limit: 0.55 },
          detail,
        }),
      ];
    } finally {
      await floor.stop();
      await app.stop();
    }
  },
};
