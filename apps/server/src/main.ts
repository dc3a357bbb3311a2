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
  // Background jobs (SMS receipts…): queued work left by a previous run goes out now.
  app.jobs.start();
} catch (error) {
  await app?.close().catch(() => undefined);
  await database?.close().catch(() => undefined);
  exitOnStartupError(error);
}

let shuttingDown = false;
async function shutdown(signal: string) {
  // Ctrl-C reaches this process both from the terminal and relayed by npm/tsx: the repeat must
  // not cut the database's close short (the default action of a second SIGINT).
  if (shuttingDown) return;
  shuttingDown = true;
  app?.log.info({ signal }, 'Shutting down');
  await app?.close();
  await database?.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
