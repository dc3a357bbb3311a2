/**
 * `npm start` asks this before it rebuilds the web app (scripts/start.mjs): is DATA_DIR free?
 * A second `npm start` beside a running server must stop here, in one line, before a Vite build
 * empties apps/web/dist under the server's open tills. Takes the lock and gives it back at once
 * (nothing to check with DATABASE_URL: the server then keeps no files).
 */
import { loadConfig } from '../config';
import { lockDataDir } from '../lib/data-dir-lock';
import { exitOnStartupError } from '../lib/startup-error';

try {
  const config = loadConfig(process.env);
  if (!config.databaseUrl) await (await lockDataDir(config.dataDir)).release();
} catch (error) {
  exitOnStartupError(error);
}
