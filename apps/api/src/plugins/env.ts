import { resolve } from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback by default: the demo accounts have a known password. Set 0.0.0.0 to serve a network. */
  HOST: z.string().default('127.0.0.1'),
  /** Behind a load balancer: trust its X-Forwarded-For, so limits count each client, not the balancer. */
  TRUST_PROXY: flag,
  /** PostgreSQL to use; without it the app runs PGlite in LANTERN_DATA_DIR. */
  DATABASE_URL: z.url().optional(),
  LANTERN_DATA_DIR: z.string().default('./data'),
  /** Where uploaded files live; default `<LANTERN_DATA_DIR>/files`. */
  LANTERN_FILES_DIR: z.string().optional(),
  /** Demo data on a PostgreSQL server (PGlite gets it on first start anyway). */
  LANTERN_DEMO: flag,
  LANTERN_ADMIN_USERNAME: z.string().min(1).optional(),
  LANTERN_ADMIN_PASSWORD: z.string().min(8).optional(),
  /** The address people reach the app at, for links in mails (never taken from a request's Host). */
  PUBLIC_URL: z.url().optional(),
  /** SMTP server for mail, e.g. smtp://user:pass@host:587; without it mails stay in the outbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Lantern <no-reply@lantern.example>'),
  HELPDESK_EMAIL: z.email().optional(),
  /** Run the job workers in this process (default on). */
  LANTERN_WORKERS: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
  /** warn by default, so the console of `npm start` stays readable; info logs every request. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  /** The https origins lms videos may be embedded from, comma-separated (decision 0019). */
  LANTERN_VIDEO_HOSTS: z
    .string()
    .default('https://www.youtube-nocookie.com,https://player.vimeo.com')
    .transform((v) =>
      v
        .split(',')
        .map((host) => host.trim().replace(/\/$/, ''))
        .filter((host) => host !== ''),
    )
    .pipe(z.array(z.url({ protocol: /^https$/ }))),
  /** The content origin's listener for training packages (decision 0020 §2.3); 0 turns trainings off. */
  CONTENT_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The origin browsers load packages from; default http://localhost:<CONTENT_PORT>. */
  LANTERN_CONTENT_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  /** The largest zipped training package (spec §9: 512 MB). */
  LANTERN_WBT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(512 * 1024 * 1024),
  /** The most a training package may unpack to. */
  LANTERN_WBT_MAX_UNPACKED_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(1024 * 1024 * 1024),
  /** The built training player; default apps/wbt-player/dist beside the API. */
  LANTERN_WBT_PLAYER_DIST: z.string().optional(),
  /** The built SPA; default apps/web/dist beside the API. */
  LANTERN_WEB_DIST: z.string().optional(),
  /** On SIGUSR2, print the event loop's delay since the last signal (the bench's figure, 0017). */
  LANTERN_EVENT_LOOP_REPORT: z
    .enum(['1', '0'])
    .optional()
    .transform((v) => v === '1'),
  /** Similarity checks (decision 0020 §5): the local matcher, or an external service. */
  LANTERN_SIMILARITY_PROVIDER: z.enum(['local', 'turnitin']).default('local'),
  LANTERN_SIMILARITY_THREADS: z.coerce.number().int().min(1).max(16).default(2),
  TURNITIN_URL: z.url({ protocol: /^https?$/ }).optional(),
  TURNITIN_API_KEY: z.string().min(1).optional(),
  TURNITIN_WEBHOOK_SECRET: z.string().min(16).optional(),
  /**
   * The UTC hour of the daily dropout evaluation (decision 0021 §3.6): there is no common night
   * across CLCs, so the installation picks one.
   */
  LANTERN_DROPOUT_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(2),
});

export type Env = z.infer<typeof envSchema>;

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  filesDir: string;
  demo: boolean;
  admin: { username: string; password: string } | null;
  publicUrl: string;
  trustProxy: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  helpdeskEmail: string | null;
  workers: boolean;
  logLevel: Env['LOG_LEVEL'];
  webDist: string | null;
  eventLoopReport: boolean;
  /** The https origins videos may be embedded from (the CSP's frame-src). */
  videoHosts: string[];
  similarity: {
    provider: 'local' | 'turnitin';
    threads: number;
    turnitin: { url: string; apiKey: string; webhookSecret: string } | null;
  };
  /** The content origin's port, or null when trainings are off (CONTENT_PORT=0). */
  contentPort: number | null;
  /** The origin packages are served from (no trailing slash), or null when off. */
  contentOrigin: string | null;
  wbtMaxBytes: number;
  wbtMaxUnpackedBytes: number;
  wbtPlayerDist: string | null;
  /** The UTC hour of the daily dropout evaluation (0–23). */
  dropoutHourUtc: number;
};

/** The only place the environment is read; it is validated once, at start. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const turnitin =
    env.TURNITIN_URL && env.TURNITIN_API_KEY && env.TURNITIN_WEBHOOK_SECRET
      ? {
          url: env.TURNITIN_URL,
          apiKey: env.TURNITIN_API_KEY,
          webhookSecret: env.TURNITIN_WEBHOOK_SECRET,
        }
      : null;
  if (env.LANTERN_SIMILARITY_PROVIDER === 'turnitin' && !turnitin)
    throw new Error(
      'Invalid environment:\n  LANTERN_SIMILARITY_PROVIDER=turnitin needs TURNITIN_URL, TURNITIN_API_KEY and TURNITIN_WEBHOOK_SECRET',
    );
  const dataDir = resolve(env.LANTERN_DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const contentPort = env.CONTENT_PORT ?? (env.PORT === 0 ? 0 : env.PORT + 1);
  const contentOrigin =
    contentPort === 0 && !env.LANTERN_CONTENT_ORIGIN
      ? null
      : new URL(env.LANTERN_CONTENT_ORIGIN ?? `http://localhost:${contentPort}`).origin;
  // Package script on the app's own origin could read the session tokens (decision 0004).
  if (contentOrigin !== null && contentOrigin === new URL(publicUrl).origin)
    throw new Error(
      'Invalid environment:\n  LANTERN_CONTENT_ORIGIN: must differ from the origin of PUBLIC_URL',
    );
  return {
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL ?? null,
    dataDir,
    filesDir: resolve(env.LANTERN_FILES_DIR ?? `${dataDir}/files`),
    demo: env.LANTERN_DEMO,
    admin:
      env.LANTERN_ADMIN_USERNAME && env.LANTERN_ADMIN_PASSWORD
        ? { username: env.LANTERN_ADMIN_USERNAME, password: env.LANTERN_ADMIN_PASSWORD }
        : null,
    publicUrl,
    trustProxy: env.TRUST_PROXY,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM,
    helpdeskEmail: env.HELPDESK_EMAIL ?? null,
    workers: env.LANTERN_WORKERS,
    logLevel: env.LOG_LEVEL,
    webDist: env.LANTERN_WEB_DIST ?? null,
    eventLoopReport: env.LANTERN_EVENT_LOOP_REPORT,
    videoHosts: env.LANTERN_VIDEO_HOSTS,
    similarity: {
      provider: env.LANTERN_SIMILARITY_PROVIDER,
      threads: env.LANTERN_SIMILARITY_THREADS,
      turnitin,
    },
    contentPort: contentPort === 0 ? null : contentPort,
    contentOrigin,
    wbtMaxBytes: env.LANTERN_WBT_MAX_BYTES,
    wbtMaxUnpackedBytes: env.LANTERN_WBT_MAX_UNPACKED_BYTES,
    wbtPlayerDist: env.LANTERN_WBT_PLAYER_DIST ?? null,
    dropoutHourUtc: env.LANTERN_DROPOUT_HOUR_UTC,
  };
}
