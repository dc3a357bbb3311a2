import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { Clock } from '../lib/clock';
import type { DarajaClient } from '../lib/daraja/daraja-client';
import type { OscuClient } from '../lib/etims/oscu-client';
import type { JobRunner } from '../modules/jobs/job-runner';
import type { AppMetrics } from '../modules/metrics/app-metrics';

/** Everything the app needs from outside, injected so tests swap in PGlite and a fixed clock. */
export interface AppDeps {
  /** The primary: the till, every write, and every read but reports' and exports'. */
  db: Database;
  /**
   * Where reports and CSV exports read (issue 27): the replica of DATABASE_READ_URL while it
   * is reachable and near enough (db/read-replica.ts), else `db`. buildApp makes it.
   */
  readDb: () => Promise<Database>;
  config: AppConfig;
  clock: Clock;
  /**
   * The Daraja (M-Pesa) client, one per app: its token cache is shared by every route and job
   * (each new token invalidates the previous one at Daraja). buildApp makes it from
   * config.daraja when not given.
   */
  daraja: DarajaClient;
  /** The eTIMS OSCU client (issue 26); buildApp makes it from config.etims when not given. */
  etims: OscuClient;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** The background jobs' worker (modules/jobs/job-runner.ts). */
    jobs: JobRunner;
    /** What /api/metrics tells (modules/metrics); null when METRICS_TOKEN is unset. */
    metrics: AppMetrics | null;
  }
}
