import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { Clock } from '../lib/clock';
import type { JobRunner } from '../modules/jobs/job-runner';

/** Everything the app needs from outside, injected so tests swap in PGlite and a fixed clock. */
export interface AppDeps {
  db: Database;
  config: AppConfig;
  clock: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** The background jobs' worker (modules/jobs/job-runner.ts). */
    jobs: JobRunner;
  }
}
