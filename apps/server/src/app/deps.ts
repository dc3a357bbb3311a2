import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { Clock } from '../lib/clock';

/** Everything the app needs from outside, injected so tests swap in PGlite and a fixed clock. */
export interface AppDeps {
  db: Database;
  config: AppConfig;
  clock: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
