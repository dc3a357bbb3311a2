/**
 * Starts Duka: config → database (PGlite locks DATA_DIR) → migrations and demo seed under the
 * start-up lock → session secret → HTTP server. A failure a person can fix is one line on
 * stderr and a non-zero exit (lib/startup-error.ts).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app/build-app';
import { loadConfig, type AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { seedDemoIfEmpty } from './db/seed/demo-seed';
import { systemClock } from './lib/clock';
import { exitOnStartupError, StartupError } from './lib/startup-error';
import { resolveSessionSecret } from './modules/settings/app-settings.service';
import { answerLockRequest } from './modules/system/backup-lock-request';

let database: DatabaseHandle | undefined;
let app: FastifyInstance | undefined;

try {
  const envConfig = loadConfig(process.env);
  database = await openDatabase(envConfig);
  const seeded = await database.migrateThen((db) =>
    envConfig.seedDemo
      ? seedDemoIfEmpty(db, envConfig.uploadDir, {
          registerEtims: envConfig.etims.baseUrl !== undefined,
        })
      : Promise.resolve(false),
  );
  if (seeded) console.log('Seeded the demo store and accounts (password duka-demo-1234).');

  const config: AppConfig = {
    ...envConfig,
    sessionSecret: await resolveSessionSecret(database.db, envConfig.sessionSecret),
  };
  app = await buildApp({ db: database.db, config, clock: systemClock, logger: true });
  try {
    await app.listen({ port: config.port, host: '0.0.0.0' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new StartupError(`PORT ${config.port} is in use by another program`);
    throw error;
  }
  // `npm run backup` beside this server (embedded database): it asks over DATA_DIR's lock.
  const deps = { db: database.db, config, clock: systemClock };
  database.answerLockRequests?.((command) => answerLockRequest(deps, command));
  // Background jobs (SMS receipts…): queued work left by a previous run goes out now.
  app.jobs.start();
} catch (error) {
  await app?.close().catch(() => undefined);
  await database?.close().catch(() => undefined);
  exitOnStartupError(error);
}

/** How long requests in flight may take to finish once a shutdown begins (issue 27). */
const DRAIN_MS = 10_000;
/** Then the jobs' pass and the database's close; past this the process exits anyway (code 1). */
const CLOSE_MS = 5_000;

let shuttingDown = false;
/**
 * SIGTERM (a deploy, `docker stop`) or SIGINT: no new connections at once, the requests in
 * flight finish (DRAIN_MS at most — then their connections are closed), the job runner stops
 * after its pass, the pool or PGlite closes, exit 0. The HTTP side is app/draining.ts.
 */
async function shutdown(signal: string) {
  // Ctrl-C reaches this process both from the terminal and relayed by npm/tsx: the repeat must
  // not cut the database's close short (the default action of a second SIGINT).
  if (shuttingDown) return;
  shuttingDown = true;
  const started = Date.now();
  const running = app!;
  running.log.info(
    { signal, requestsInFlight: running.requestsInFlight() },
    `Shutting down: no new requests, finishing those in flight (${DRAIN_MS / 1000} s at most)`,
  );
  const cutShort = setTimeout(() => {
    running.log.warn(
      { requestsInFlight: running.requestsInFlight() },
      `Requests still in flight after ${DRAIN_MS / 1000} s: closing their connections`,
    );
    running.server.closeAllConnections();
  }, DRAIN_MS);
  const giveUp = setTimeout(() => {
    running.log.error(`Shutdown not done after ${(DRAIN_MS + CLOSE_MS) / 1000} s: exiting`);
    process.exit(1);
  }, DRAIN_MS + CLOSE_MS);
  try {
    // The worker's timer stops now; its pass in progress ends while the requests drain.
    const jobsStopped = running.jobs.stop();
    await running.close();
    clearTimeout(cutShort);
    await jobsStopped;
    await database?.close();
  } catch (error) {
    running.log.error({ err: error }, 'Shutdown failed');
    process.exit(1);
  }
  clearTimeout(giveUp);
  running.log.info({ ms: Date.now() - started }, 'Shut down cleanly');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
