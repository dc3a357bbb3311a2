/**
 * npm run restore -- FILE [--force]: a backup back into this install's empty data folder or
 * database (modules/system/restore.service.ts), photos into UPLOAD_DIR. On the embedded
 * database the server must be stopped first (it holds DATA_DIR). A non-empty target is refused
 * in one line unless --force. Exit 0 once the restored database's counts equal the backup's.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { exitOnStartupError } from '../lib/startup-error';
import { restoreBackup } from '../modules/system/restore.service';

const USAGE = 'Usage: npm run restore -- FILE [--force]';
function readArgs() {
  try {
    return parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(1);
  }
}
const parsed = readArgs();
const [file, ...extra] = parsed.positionals;
if (!file || extra.length > 0) {
  console.error(USAGE);
  process.exit(1);
}

try {
  const config = loadConfig(process.env);
  const absolute = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const result = await restoreBackup(absolute, config, { force: parsed.values.force === true });
  const where = config.databaseUrl ? 'the database' : `DATA_DIR ${config.dataDir}`;
  console.log(
    `Restored ${path.basename(absolute)} (made ${result.manifest.created_at}) into ${where}: ${result.tables} tables, ${result.rows} rows and ${result.photos} photos, every count and sum equal to the backup's.`,
  );
  if (result.replacedTo) console.log(`The database it replaced is kept in ${result.replacedTo}.`);
} catch (error) {
  exitOnStartupError(error);
}
