/**
 * Configuration from the environment (ARCHITECTURE.md, operational contract). Read once in
 * main.ts and passed to buildApp, so tests build their own config instead of touching env.
 */
import path from 'node:path';
import { z } from 'zod';
import { StartupError } from './lib/startup-error';

export interface AuthRateLimitConfig {
  /** Length of one counting window. */
  windowMs: number;
  /** Login attempts one IP may make per window. */
  loginPerIp: number;
  /** Registrations one IP may make per window. */
  registerPerIp: number;
  /** Failed logins one email may have from one address per window (brute-force guard). */
  failedLoginsPerEmail: number;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string | undefined;
  /**
   * A streaming replica for reports and CSV exports (DATABASE_READ_URL; db/read-replica.ts),
   * used while its replay lags by no more than maxLagMs (DATABASE_READ_MAX_LAG_MS, default
   * 10 s); unset → every read from the primary.
   */
  databaseRead: { url: string; maxLagMs: number; checkEveryMs: number } | undefined;
  dataDir: string;
  uploadDir: string;
  /**
   * Signs CSRF tokens. Sessions themselves live in the database. SESSION_SECRET when set,
   * otherwise generated once and kept in the database (modules/settings).
   */
  sessionSecret: string;
  /** Seed the demo store and accounts into an empty database. */
  seedDemo: boolean;
  /**
   * Which proxies to believe about the client's IP: a hop count (1 = one reverse proxy in
   * front) or a list of proxy addresses/CIDRs. Never "any": X-Forwarded-For is client-written.
   */
  trustProxy: false | number | string;
  logLevel: string;
  /** Built web app served at `/`; absent in API-only runs such as the tests. */
  webDistDir: string | undefined;
  /** Serve the API reference at /api/docs (API_DOCS, default on; 0 switches it off). */
  apiDocs: boolean;
  sessionTtlMs: number;
  authRateLimit: AuthRateLimitConfig;
  /** Africa's Talking, for SMS receipts; null → receipts go out through sms: links only. */
  sms: SmsConfig | null;
  /**
   * The address outside services reach this install at (PUBLIC_URL), for the webhook URLs a
   * manager hands them; unset → the address the manager's own request came to.
   */
  publicUrl: string | undefined;
  /**
   * M-Pesa Daraja (issue 23): DARAJA_BASE_URL points every store at one Daraja host (the local
   * fake in development and tests); unset → each store's environment picks Safaricom's sandbox
   * or production host (DARAJA_HOSTS).
   */
  daraja: { baseUrl: string | undefined };
  /**
   * KRA eTIMS OSCU (issue 26): ETIMS_BASE_URL points every store at one OSCU host (the local
   * fake in development and tests); unset → each store's environment picks KRA's sandbox or
   * production host (ETIMS_HOSTS).
   */
  etims: { baseUrl: string | undefined };
  /** Background jobs (issue 21, modules/jobs): how often the worker looks, the first retry's wait. */
  jobs: { pollMs: number; retryBaseMs: number };
  /** METRICS_TOKEN (issue 27): GET /api/metrics answers a scraper sending it; unset → no route. */
  metricsToken: string | undefined;
  /** Backups (issue 27, modules/system): where, how long kept, the nightly time in its zone. */
  backup: BackupConfig;
}

export interface BackupConfig {
  /** BACKUP_DIR, absolute; default DATA_DIR/backups (a USB disk's folder, for example). */
  dir: string;
  /** BACKUP_KEEP_DAYS: backup files older than this are deleted after a good backup. */
  keepDays: number;
  /** BACKUP_TIME: the nightly backup's local time, 'HH:MM'. */
  time: string;
  /** BACKUP_TIME_ZONE: the IANA zone BACKUP_TIME is read in. */
  timeZone: string;
  /** BACKUP_NIGHTLY (default 1; 0: no nightly backup, e.g. a chain with WAL archiving). */
  nightly: boolean;
  /** BACKUP_PG_DUMP (default 1; 0: PostgreSQL's backup is always the app's logical dump). */
  pgDump?: boolean;
}

export interface SmsConfig {
  username: string;
  apiKey: string;
  /** A registered sender ID or short code; unset → the provider's default. */
  senderId: string | undefined;
  /** The API origin; tests point it at a local fake of the provider. */
  baseUrl: string;
}

/**
 * What the environment says, before the database is open: the session secret may still be
 * unset here; main.ts resolves it (resolveSessionSecret) into the AppConfig buildApp gets.
 */
export interface EnvConfig extends Omit<AppConfig, 'sessionSecret'> {
  sessionSecret: string | undefined;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_READ_URL: z.string().min(1).optional(),
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).max(86_400_000).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  UPLOAD_DIR: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters').optional(),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(\d+|[\d.:a-fA-F/,\s]+)$/, 'TRUST_PROXY must be a hop count or proxy addresses')
    .optional(),
  LOG_LEVEL: z.string().default('info'),
  WEB_DIST_DIR: z.string().optional(),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().optional(),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().optional(),
  AT_USERNAME: z.string().min(1).optional(),
  AT_API_KEY: z.string().min(1).optional(),
  AT_SENDER_ID: z.string().min(1).optional(),
  AT_BASE_URL: z.url('AT_BASE_URL must be a URL').optional(),
  PUBLIC_URL: z.url('PUBLIC_URL must be a URL').optional(),
  DARAJA_BASE_URL: z.url('DARAJA_BASE_URL must be a URL').optional(),
  ETIMS_BASE_URL: z.url('ETIMS_BASE_URL must be a URL').optional(),
  JOBS_POLL_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  JOBS_RETRY_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  API_DOCS: z.enum(['0', '1'], { error: 'API_DOCS must be 0 or 1' }).optional(),
  // Empty counts as unset (a compose file's `METRICS_TOKEN: ${METRICS_TOKEN:-}`).
  METRICS_TOKEN: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .min(16, 'METRICS_TOKEN must be at least 16 characters')
      .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN must be printable ASCII without spaces')
      .optional(),
  ),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP_DAYS: z.coerce
    .number({ error: 'BACKUP_KEEP_DAYS must be a whole number of days (1–3650)' })
    .int('BACKUP_KEEP_DAYS must be a whole number of days (1–3650)')
    .min(1, 'BACKUP_KEEP_DAYS must be a whole number of days (1–3650)')
    .max(3650, 'BACKUP_KEEP_DAYS must be a whole number of days (1–3650)')
    .default(14),
  BACKUP_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'BACKUP_TIME must be a time of day as HH:MM, e.g. 03:00')
    .default('03:00'),
  BACKUP_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'BACKUP_TIME_ZONE must be a time zone such as Africa/Nairobi')
    .default('Africa/Nairobi'),
  BACKUP_NIGHTLY: z.enum(['0', '1'], { error: 'BACKUP_NIGHTLY must be 0 or 1' }).optional(),
  BACKUP_PG_DUMP: z.enum(['0', '1'], { error: 'BACKUP_PG_DUMP must be 0 or 1' }).optional(),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Africa's Talking's hosts (research notes §2.1): the sandbox for the username 'sandbox'. */
function smsConfig(e: z.infer<typeof envSchema>): SmsConfig | null {
  if (!e.AT_USERNAME && !e.AT_API_KEY) return null;
  if (!e.AT_USERNAME || !e.AT_API_KEY) {
    throw new StartupError(
      'Invalid configuration: set both AT_USERNAME and AT_API_KEY, or neither',
    );
  }
  const sandbox = e.AT_USERNAME.toLowerCase() === 'sandbox';
  return {
    username: e.AT_USERNAME,
    apiKey: e.AT_API_KEY,
    senderId: e.AT_SENDER_ID,
    baseUrl: (
      e.AT_BASE_URL ??
      (sandbox ? 'https://api.sandbox.africastalking.com' : 'https://api.africastalking.com')
    ).replace(/\/+$/, ''),
  };
}

const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

/**
 * Relative paths are read from where the person ran npm (INIT_CWD), not from the workspace
 * folder npm switches into: `DATA_DIR=./data npm start` at the repository root means ./data there.
 */
function resolveFromInvocation(env: NodeJS.ProcessEnv, value: string): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), value);
}

function parseTrustProxy(value: string | undefined): false | number | string {
  if (value === undefined || value.trim() === '' || value.trim() === '0') return false;
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
}

/** Reads the environment; a bad value is a StartupError naming the variable (one line). */
export function loadConfig(env: NodeJS.ProcessEnv): EnvConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new StartupError(`Invalid configuration: ${details}`);
  }
  const e = parsed.data;
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new StartupError(
      'Invalid configuration: DATABASE_READ_URL is a replica of the DATABASE_URL server; set both',
    );
  }
  const dataDir = resolveFromInvocation(env, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    databaseRead: e.DATABASE_READ_URL
      ? {
          url: e.DATABASE_READ_URL,
          maxLagMs: e.DATABASE_READ_MAX_LAG_MS ?? 10_000,
          // The lag is read at most this often: a query of a millisecond on the replica.
          checkEveryMs: 2_000,
        }
      : undefined,
    dataDir,
    uploadDir: e.UPLOAD_DIR
      ? resolveFromInvocation(env, e.UPLOAD_DIR)
      : path.join(dataDir, 'uploads'),
    // Unset: generated once and kept in the database (resolveSessionSecret in main.ts), so a
    // restart does not invalidate every open till's CSRF token.
    sessionSecret: e.SESSION_SECRET,
    // Demo data by default only on the embedded database; production never seeds (PRODUCT.md §6).
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === '1' : !e.DATABASE_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? resolveFromInvocation(env, e.WEB_DIST_DIR) : DEFAULT_WEB_DIST,
    sessionTtlMs: 7 * 24 * 60 * 60 * 1000,
    authRateLimit: {
      windowMs: 15 * 60 * 1000,
      loginPerIp: e.AUTH_RATE_LIMIT_PER_IP ?? 300,
      registerPerIp: e.AUTH_RATE_LIMIT_PER_IP ?? 100,
      failedLoginsPerEmail: e.AUTH_RATE_LIMIT_PER_EMAIL ?? 10,
    },
    sms: smsConfig(e),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    daraja: { baseUrl: e.DARAJA_BASE_URL?.replace(/\/+$/, '') },
    etims: { baseUrl: e.ETIMS_BASE_URL?.replace(/\/+$/, '') },
    jobs: { pollMs: e.JOBS_POLL_MS ?? 1000, retryBaseMs: e.JOBS_RETRY_BASE_MS ?? 15_000 },
    apiDocs: e.API_DOCS !== '0',
    metricsToken: e.METRICS_TOKEN,
    backup: {
      dir: e.BACKUP_DIR ? resolveFromInvocation(env, e.BACKUP_DIR) : path.join(dataDir, 'backups'),
      keepDays: e.BACKUP_KEEP_DAYS,
      time: e.BACKUP_TIME,
      timeZone: e.BACKUP_TIME_ZONE,
      nightly: e.BACKUP_NIGHTLY !== '0',
      pgDump: e.BACKUP_PG_DUMP !== '0',
    },
  };
}
