/**
 * npm run backup: one backup now, into BACKUP_DIR (modules/system/backup.service.ts), recorded
 * like the System page's (trigger 'cli'). On the embedded database a running server holds
 * DATA_DIR: this then says in one line to use the System page's "Back up now" (or stop the
 * server) — two processes never open the same PGlite files. On PostgreSQL it runs beside the
 * app servers; their backup lock keeps it to one at a time.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { systemClock } from '../lib/clock';
import { DataDirInUseError } from '../lib/data-dir-lock';
import { AppError } from '../lib/errors';
import { exitOnStartupError, StartupError } from '../lib/startup-error';
import { runBackup } from '../modules/system/backup.service';

let database: DatabaseHandle;
const config = (() => {
  try {
    const loaded = loadConfig(process.env);
    if (!loaded.databaseUrl && !existsSync(path.join(loaded.dataDir, 'pglite'))) {
      throw new StartupError(
        `DATA_DIR ${loaded.dataDir} holds no database yet: nothing to back up`,
      );
    }
    return loaded;
  } catch (error) {
    exitOnStartupError(error);
  }
})();
try {
  database = await openDatabase(config);
} catch (error) {
  exitOnStartupError(error, (startupError) =>
    startupError instanceof DataDirInUseError
      ? 'the server is running: use "Back up now" on its System page, or stop it and run npm run backup again'
      : undefined,
  );
}
try {
  await database.migrate();
  const row = await runBackup({ db: database.db, config, clock: systemClock }, { trigger: 'cli' });
  if (row.state === 'succeeded') {
    const megabytes = ((row.sizeBytes ?? 0) / 1024 / 1024).toFixed(1);
    console.log(
      `Backup written: ${path.join(config.backup.dir, row.fileName!)} (${megabytes} MB, SHA-256 ${row.checksum})`,
    );
  } else {
    console.error(`The backup failed: ${row.error}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
