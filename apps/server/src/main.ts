/** Starts Duka: config → database → migrations → demo seed (fresh PGlite) → HTTP server. */
import { buildApp } from './app/build-app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { isEmptyDatabase, seedDemo } from './db/seed/demo-seed';
import { systemClock } from './lib/clock';

const config = loadConfig(process.env);
const database = await openDatabase(config);
await database.migrate();
if (config.seedDemo && (await isEmptyDatabase(database.db))) {
  await seedDemo(database.db);
  console.log('Seeded the demo store and accounts (password duka-demo-1234).');
}

const app = await buildApp({ db: database.db, config, clock: systemClock, logger: true });
await app.listen({ port: config.port, host: '0.0.0.0' });

async function shutdown(signal: string) {
  app.log.info({ signal }, 'Shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
