import { readFile, stat } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { createReadStream } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { WBT_APP_ORIGIN_META } from '@lantern/contracts/wbt';
import type { FileStore } from '../plugins/storage';
import { rows } from '../lib/sql';
import { contentDisposition, parseRange } from '../modules/files/range';
import { DOWNLOAD_MIME } from '../modules/learning/wbt/package-validate';
import { verifyContentToken } from '../modules/learning/wbt/content-token';
import { loggerOptions } from '../lib/log-errors';

/**
 * The content origin (decision 0020 §2.3): a second Fastify instance on its own port that serves
 * the player page and the files of training packages, and nothing else — no API route, no auth,
 * no CORS, no cookies. Package script runs here, where there is nothing to steal; the app's
 * origin keeps its tokens and its strict headers.
 */

export type ContentAppOptions = {
  db: Db;
  files: FileStore;
  secret: string;
  /** The app's origin: the only one that may frame these pages. */
  appOrigin: string;
  videoHosts: readonly string[];
  /** The built player (`apps/wbt-player/dist`); missing: the player's paths are 404. */
  playerDist: string;
  logLevel?: string;
};

type PackageFile = { storageKey: string; size: number; mime: string };

/** Package file tables: immutable, so cached whole, the least recently used of 50 dropped. */
class FileTables {
  private readonly tables = new Map<number, Map<string, PackageFile>>();
  constructor(
    private readonly db: Db,
    private readonly max = 50,
  ) {}

  async get(packageId: number): Promise<Map<string, PackageFile>> {
    const cached = this.tables.get(packageId);
    if (cached) {
      this.tables.delete(packageId);
      this.tables.set(packageId, cached);
      return cached;
    }
    const found = await rows<{
      path: string;
      storage_key: string;
      size: string | number;
      mime: string;
    }>(
      this.db,
      sql`select path, storage_key, size, mime from wbt_package_files where package_id = ${packageId}`,
    );
    const table = new Map(
      found.map((r) => [r.path, { storageKey: r.storage_key, size: Number(r.size), mime: r.mime }]),
    );
    // An unknown package is not cached: a token can only name one that existed when issued.
    if (table.size === 0) return table;
    this.tables.set(packageId, table);
    if (this.tables.size > this.max) {
      const oldest = this.tables.keys().next().value;
      if (oldest !== undefined) this.tables.delete(oldest);
    }
    return table;
  }
}

const PLAYER_PAGES = new Set(['scorm12.html', 'scorm2004.html', 'html.html']);

export async function buildContentApp(options: ContentAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'warn'),
    // No request body is ever read here.
    bodyLimit: 1024,
  });
  const tables = new FileTables(options.db);
  const frameAncestors = `frame-ancestors ${options.appOrigin}`;
  const playerCsp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "frame-src 'self'",
    frameAncestors,
  ].join('; ');
  const packageCsp = [
    "default-src 'self'",
    // Authoring tools emit inline and eval'd script; harmless here, as the origin holds nothing.
    "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    ['frame-src', "'self'", ...options.videoHosts].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
    // Every ancestor must match, and a package file's parent is the player page on this origin.
    `frame-ancestors 'self' ${options.appOrigin}`,
  ].join('; ');

  app.addHook('onRequest', async (request, reply) => {
    // Only reads are served; a cookie is never read, and none is ever set (the hook below).
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return reply.code(405).header('allow', 'GET, HEAD').send();
    return undefined;
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.removeHeader('set-cookie');
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'no-referrer');
    if (!reply.hasHeader('content-security-policy'))
      void reply.header('content-security-policy', `default-src 'none'; ${frameAncestors}`);
  });
  app.setNotFoundHandler((_request, reply) => notFound(reply));
  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'content origin error');
    return reply.code(500).type('text/plain; charset=utf-8').send('Not available.');
  });

  // The player page, with the app's origin written in for its message checks.
  let playerCache: Map<string, string> | null = null;
  const playerPage = async (name: string): Promise<string | null> => {
    playerCache ??= new Map();
    const cached = playerCache.get(name);
    if (cached !== undefined) return cached;
    const html = await readFile(join(options.playerDist, name), 'utf8').catch(() => null);
    if (html === null) return null;
    const meta = `<meta name="${WBT_APP_ORIGIN_META}" content="${options.appOrigin}">`;
    const placeholder = new RegExp(`<meta\\s+name="${WBT_APP_ORIGIN_META}"[^>]*>`);
    const page = placeholder.test(html)
      ? html.replace(placeholder, meta)
      : html.replace(/<head>/i, `<head>${meta}`);
    playerCache.set(name, page);
    return page;
  };

  app.get<{ Params: { page: string } }>('/player/:page', async (request, reply) => {
    const { page } = request.params;
    if (!PLAYER_PAGES.has(page)) return notFound(reply);
    const html = await playerPage(page);
    if (html === null) return notFound(reply);
    return reply
      .header('content-security-policy', playerCsp)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  });

  app.get<{ Params: { '*': string } }>('/player/assets/*', async (request, reply) => {
    const name = request.params['*'];
    if (!/^[A-Za-z0-9._-]+$/.test(name)) return notFound(reply);
    const base = join(options.playerDist, 'assets');
    const path = normalize(join(base, name));
    if (!path.startsWith(`${base}/`)) return notFound(reply);
    const found = await stat(path).catch(() => null);
    if (!found?.isFile()) return notFound(reply);
    const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
    const type =
      ext === 'js' || ext === 'mjs'
        ? 'text/javascript; charset=utf-8'
        : ext === 'css'
          ? 'text/css; charset=utf-8'
          : ext === 'map'
            ? 'application/json'
            : DOWNLOAD_MIME;
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'same-origin')
      .header('content-length', found.size)
      .type(type)
      .send(createReadStream(path));
  });

  app.get<{ Params: { token: string; '*': string } }>('/c/:token/*', async (request, reply) => {
    const packageId = verifyContentToken(options.secret, request.params.token);
    if (packageId === null)
      return reply
        .code(403)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('This link has expired: open the training again.');
    // Stored paths are composed (NFC); a page may name a file decomposed, as macOS writes it.
    const path = request.params['*'].normalize('NFC');
    const file = (await tables.get(packageId)).get(path);
    // Only paths validation stored exist: nothing else can be reached, traversal or not.
    if (!file) return notFound(reply);
    void reply
      .header('content-security-policy', packageCsp)
      .header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()')
      .header('cross-origin-resource-policy', 'same-origin')
      .header('cache-control', 'private, max-age=604800')
      .header('accept-ranges', 'bytes')
      .type(file.mime);
    if (file.mime === DOWNLOAD_MIME)
      void reply.header(
        'content-disposition',
        contentDisposition('attachment', path.split('/').pop() ?? 'file'),
      );
    const range = parseRange(request.headers.range, file.size);
    if (range === 'unsatisfiable')
      return reply.code(416).header('content-range', `bytes */${file.size}`).send();
    const stream = await options.files.get(file.storageKey, range ?? undefined).catch(() => null);
    if (!stream) return notFound(reply);
    if (!range) return reply.header('content-length', file.size).send(stream);
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(stream);
  });

  return app;
}

function notFound(reply: FastifyReply) {
  return reply
    .code(404)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send('Not found.');
}
