/**
 * Bringing a backup back (issue 27, `npm run restore -- FILE [--force]`): into an empty data
 * folder (PGlite: no DATA_DIR/pglite yet) or an empty database (no table in schema public).
 * The whole file is checked first — its `.sha256` sidecar when beside it, gzip's CRC, every
 * entry's SHA-256 against the manifest — so a damaged file changes nothing. Then the database
 * (PGlite's data folder from its tar; PostgreSQL through pg_restore, or for a logical dump the
 * migrations up to the backup's last one and its rows — backup-logical.ts), the photos into
 * UPLOAD_DIR, and a count of the restored database against the manifest: every table's rows
 * and sums must be equal, or the restore fails.
 *
 * A non-empty target is refused unless `force`: then a PGlite folder is moved aside to
 * `pglite.replaced-<time>` (nothing is deleted), a PostgreSQL database's schemas public and
 * drizzle are dropped — in the same transaction psql runs the restored SQL in, so a restore
 * that fails midway leaves the old contents. Photos already in UPLOAD_DIR stay; the backup's
 * overwrite their names.
 */
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { lockDataDir, DataDirInUseError, type DataDirLock } from '../../lib/data-dir-lock';
import { StartupError } from '../../lib/startup-error';
import { readTarGz, sha256OfFile, type TarSink } from './backup-archive';
import { UPLOADS_PREFIX, type BackupManifest } from './backup-manifest';
import { collectStats, statsDifferences, totalRows, type RowQuery } from './backup-stats';
import { pgToolTarget, runPgTool, verifyBackupFile } from './backup.service';
import { loadLogicalDump } from './backup-logical';
import { MIGRATIONS_FOLDER } from '../../db/client';

export interface RestoreTarget {
  databaseUrl: string | undefined;
  dataDir: string;
  uploadDir: string;
}

export interface RestoreResult {
  manifest: BackupManifest;
  tables: number;
  rows: number;
  photos: number;
  /** Where a replaced PGlite folder was moved (force), if any. */
  replacedTo?: string;
  /**
   * A logical dump: how its load turned the triggers off — session_replication_role = replica
   * (superuser) or ALTER TABLE … DISABLE TRIGGER USER (the tables' owner).
   */
  loadedWith?: 'replica' | 'disable-trigger';
}

/** A refusal or a failure a person can act on: one line, exit 1 (the script prints it). */
export class RestoreError extends StartupError {}

/** The sidecar's checksum (`<hex>  <name>`), or undefined when there is no sidecar. */
async function sidecarChecksum(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(`${file}.sha256`, 'utf8');
  } catch {
    return undefined;
  }
  const hex = /^([0-9a-f]{64})\b/i.exec(text.trim())?.[1];
  if (!hex) throw new RestoreError(`${file}.sha256 is not a SHA-256 checksum file`);
  return hex.toLowerCase();
}

/** A photo's path from the archive, refused if it could leave UPLOAD_DIR. */
function safeUploadPath(uploadDir: string, relative: string): string {
  const target = path.resolve(uploadDir, relative);
  if (
    relative.startsWith('/') ||
    relative.split('/').includes('..') ||
    !target.startsWith(path.resolve(uploadDir) + path.sep)
  ) {
    throw new RestoreError(`The backup holds a file outside the uploads folder: ${relative}`);
  }
  return target;
}

function fileSink(file: string): TarSink {
  const stream = createWriteStream(file, { flags: 'w' });
  // A write that fails (a folder in the photo's place, a full disk) would otherwise emit
  // 'error' with no listener between our awaits and end the process mid-restore.
  let failure: Error | undefined;
  stream.on('error', (error) => (failure ??= error));
  const check = () => {
    if (failure) throw failure;
  };
  return {
    write: async (chunk) => {
      check();
      if (!stream.write(chunk)) await once(stream, 'drain');
      check();
    },
    end: async () => {
      check();
      stream.end();
      if (!stream.writableFinished) await once(stream, 'finish');
      check();
    },
  };
}

function bufferSink(onDone: (data: Buffer) => void): TarSink {
  const chunks: Buffer[] = [];
  return {
    write: (chunk) => void chunks.push(chunk),
    end: () => onDone(Buffer.concat(chunks)),
  };
}

/**
 * Restores `file` into `target`; throws a RestoreError (one line) when refused or failed.
 * `now` names a replaced folder.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  { force = false, now = new Date() }: { force?: boolean; now?: Date } = {},
): Promise<RestoreResult> {
  if (!existsSync(file)) throw new RestoreError(`${file}: no such file`);
  let manifest: BackupManifest;
  try {
    manifest = await verifyBackupFile(file, await sidecarChecksum(file));
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(
      `Refused: ${error instanceof Error ? error.message : String(error)} — nothing was restored`,
    );
  }
  const onPostgres = target.databaseUrl !== undefined;
  if (onPostgres !== (manifest.driver === 'postgresql')) {
    throw new RestoreError(
      manifest.driver === 'pglite'
        ? 'This backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR'
        : 'This backup is of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into',
    );
  }
  return onPostgres
    ? restoreIntoPostgres(file, manifest, target, force)
    : restoreIntoPglite(file, manifest, target, force, now);
}

async function extract(
  file: string,
  manifest: BackupManifest,
  uploadDir: string,
  databaseSink: () => TarSink,
): Promise<number> {
  let photos = 0;
  await mkdir(uploadDir, { recursive: true });
  await readTarGz(file, async ({ name }) => {
    if (name === manifest.database.path) return databaseSink();
    if (!name.startsWith(UPLOADS_PREFIX)) return null;
    const destination = safeUploadPath(uploadDir, name.slice(UPLOADS_PREFIX.length));
    await mkdir(path.dirname(destination), { recursive: true });
    photos += 1;
    return fileSink(destination);
  });
  return photos;
}

function checkCounts(manifest: BackupManifest, actual: Awaited<ReturnType<typeof collectStats>>) {
  const problems = statsDifferences(manifest.tables, actual);
  if (problems.length > 0) {
    throw new RestoreError(
      `The restored database differs from the backup: ${problems.slice(0, 5).join('; ')}`,
    );
  }
}

/**
 * The backup holds its own row as it was while it ran ('running'): in the restored install it
 * is the backup that succeeded — this file — not one a crash interrupted.
 */
async function markOwnBackupSucceeded(query: RowQuery, manifest: BackupManifest, file: string) {
  const { size } = await stat(file);
  const sha256 = await sha256OfFile(file);
  await query(
    `UPDATE public.backups SET state = 'succeeded', file_name = $1, size_bytes = $2, checksum = $3,
        finished_at = $4::timestamptz
      WHERE id = $5 AND state = 'running'`,
    [path.basename(file), size, sha256, manifest.created_at, manifest.backup_id],
  );
}

async function restoreIntoPglite(
  file: string,
  manifest: BackupManifest,
  target: RestoreTarget,
  force: boolean,
  now: Date,
): Promise<RestoreResult> {
  let lock: DataDirLock;
  try {
    lock = await lockDataDir(target.dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new RestoreError(
        `${error.message}: stop the server first — restore needs the data folder to itself`,
      );
    }
    throw error;
  }
  const databaseDir = path.join(target.dataDir, 'pglite');
  let replacedTo: string | undefined;
  try {
    const existing = await readdir(databaseDir).catch(() => [] as string[]);
    if (existing.length > 0) {
      if (!force) {
        throw new RestoreError(
          `DATA_DIR ${target.dataDir} already holds a database: restore only into an empty data folder, or add --force to replace it (the old one is kept beside it)`,
        );
      }
    }
    // The archive is read (photos written) before the old database is moved aside: a failure
    // here (a photo that cannot be written) leaves DATA_DIR's database where it was.
    let data: Buffer | undefined;
    const photos = await extract(file, manifest, target.uploadDir, () =>
      bufferSink((buffer) => (data = buffer)),
    );
    if (existing.length > 0) {
      replacedTo = `${databaseDir}.replaced-${now.toISOString().replace(/[-:.]/g, '')}`;
      await rename(databaseDir, replacedTo);
    } else {
      await rm(databaseDir, { recursive: true, force: true });
    }
    let client: PGlite | undefined;
    try {
      client = new PGlite(databaseDir, {
        loadDataDir: new Blob([data!]),
        extensions: { pg_trgm },
      });
      await client.waitReady;
      const pglite = client;
      const query: RowQuery = async (text, params) =>
        (await pglite.query<Record<string, unknown>>(text, params)).rows;
      checkCounts(manifest, await collectStats(query));
      await markOwnBackupSucceeded(query, manifest, file);
    } catch (error) {
      await client?.close().catch(() => undefined);
      client = undefined;
      // Leave the folder as it was found: the half-restored one goes, the replaced one returns.
      await rm(databaseDir, { recursive: true, force: true });
      if (replacedTo) await rename(replacedTo, databaseDir);
      replacedTo = undefined;
      throw error;
    } finally {
      await client?.close();
    }
    return {
      manifest,
      tables: Object.keys(manifest.tables).length,
      rows: totalRows(manifest.tables),
      photos,
      ...(replacedTo ? { replacedTo } : {}),
    };
  } finally {
    await lock.release();
  }
}

/** --force on PostgreSQL: run in the restore's own transaction, so a failure undoes it too. */
const REPLACE_SCHEMAS =
  'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;';

async function restoreIntoPostgres(
  file: string,
  manifest: BackupManifest,
  target: RestoreTarget,
  force: boolean,
): Promise<RestoreResult> {
  const databaseUrl = target.databaseUrl!;
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  const scratch = await mkdtemp(path.join(tmpdir(), 'duka-restore-'));
  try {
    const { rows } = await client.query<{ tables: number }>(
      `SELECT count(*)::int AS tables FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    const replace = (rows[0]?.tables ?? 0) > 0;
    if (replace && !force) {
      throw new RestoreError(
        'The database already holds tables: restore only into an empty database, or add --force to replace its contents',
      );
    }
    const dumpFile = path.join(scratch, 'postgres.dump');
    const photos = await extract(file, manifest, target.uploadDir, () => fileSink(dumpFile));
    let loadedWith: RestoreResult['loadedWith'];
    if (manifest.database.format === 'logical') {
      try {
        loadedWith = await loadLogicalDump(client, dumpFile, {
          lastMigration: manifest.last_migration,
          migrationsFolder: MIGRATIONS_FOLDER,
          ...(replace ? { replaceSql: REPLACE_SCHEMAS } : {}),
        });
      } catch (error) {
        throw new RestoreError(
          `The backup could not be loaded: ${error instanceof Error ? error.message : String(error)}${replace ? ' — the database keeps its old contents' : ''}`,
        );
      }
    } else {
      const tool = pgToolTarget(databaseUrl);
      try {
        // pg_restore turns the dump into SQL first (a damaged dump fails here, before the database
        // is touched); psql then runs the drops (--force) and that SQL as ONE transaction, stopping
        // at the first error — a restore that fails midway rolls back to the old contents.
        const script = path.join(scratch, 'postgres.sql');
        await runPgTool(
          'pg_restore',
          ['--no-owner', '--no-privileges', '--exit-on-error', `--file=${script}`, dumpFile],
          tool.env,
        );
        await runPgTool(
          'psql',
          [
            '--no-psqlrc',
            '--quiet',
            '--set=ON_ERROR_STOP=1',
            '--single-transaction',
            ...(replace ? [`--command=${REPLACE_SCHEMAS}`] : []),
            `--file=${script}`,
            `--dbname=${tool.url}`,
          ],
          tool.env,
        );
      } catch (error) {
        throw new RestoreError(
          `${error instanceof Error ? error.message : String(error)}${replace ? ' — the database keeps its old contents' : ''}`,
        );
      }
    }
    const query: RowQuery = async (text, params) =>
      (await client.query<Record<string, unknown>>(text, params)).rows;
    checkCounts(manifest, await collectStats(query));
    await markOwnBackupSucceeded(query, manifest, file);
    return {
      manifest,
      tables: Object.keys(manifest.tables).length,
      rows: totalRows(manifest.tables),
      photos,
      ...(loadedWith ? { loadedWith } : {}),
    };
  } finally {
    await client.end().catch(() => undefined);
    await rm(scratch, { recursive: true, force: true });
  }
}
