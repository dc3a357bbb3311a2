/**
 * npm run backup: one backup now, into BACKUP_DIR (modules/system/backup.service.ts), recorded
 * like the System page's (trigger 'cli'). On the embedded database a running server holds
 * DATA_DIR — two processes never open the same PGlite files — so this asks that server over
 * the folder's lock socket to make it (modules/system/backup-lock-request.ts) and prints its
 * answer. On PostgreSQL it runs beside the app servers; their backup lock keeps it to one at a
 * time.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { systemClock } from '../lib/clock';
import { DataDirInUseError, requestFromLockHolder } from '../lib/data-dir-lock';
import { AppError } from '../lib/errors';
import { exitOnStartupError, StartupError } from '../lib/startup-error';
import { BACKUP_COMMAND, lockBackupAnswerSchema } from '../modules/system/backup-lock-request';
import { runBackup } from '../modules/system/backup.service';

function printWritten(file: string, sizeBytes: number, checksum: string) {
  const megabytes = (sizeBytes / 1024 / 1024).toFixed(1);
  console.log(`Backup written: ${file} (${megabytes} MB, SHA-256 ${checksum})`);
}

/** The server running on DATA_DIR makes the backup; exits 0 with its file, or 1 with why. */
async function backupByRunningServer(dataDir: string): Promise<never> {
  let answer: unknown;
  try {
    answer = await requestFromLockHolder(dataDir, BACKUP_COMMAND);
  } catch (error) {
    console.error(
      `DATA_DIR ${dataDir} is in use by a running server, which could not make the backup: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
  const parsed = lockBackupAnswerSchema.safeParse(answer);
  if (!parsed.success) {
    console.error(
      `The running server answered something that is not a backup: ${JSON.stringify(answer)}`,
    );
    process.exit(1);
  }
  if ('error' in parsed.data) {
    console.error(parsed.data.error);
    process.exit(1);
  }
  const { file, size_bytes: sizeBytes, checksum } = parsed.data.backup;
  console.log(`The running server made the backup.`);
  printWritten(file, sizeBytes, checksum);
  process.exit(0);
}

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
  if (error instanceof DataDirInUseError) await backupByRunningServer(config.dataDir);
  exitOnStartupError(error);
}
try {
  await database.migrate();
  const row = await runBackup({ db: database.db, config, clock: systemClock }, { trigger: 'cli' });
  if (row.state === 'succeeded') {
    printWritten(path.join(config.backup.dir, row.fileName!), row.sizeBytes ?? 0, row.checksum!);
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
