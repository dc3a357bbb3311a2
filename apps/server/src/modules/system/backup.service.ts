/**
 * Making a backup (issue 27): one at a time per install, recorded in `backups` from 'running'
 * to 'succeeded' (file name, size, SHA-256) or 'failed' (why). The file is written under a
 * partial name, fsynced, read back whole (gzip CRC, every entry's SHA-256 against the
 * manifest), and only then renamed to its real name and the row marked succeeded; its
 * `.sha256` sidecar follows. After a good backup, backup files older than BACKUP_KEEP_DAYS
 * are deleted — only files named like backups.
 *
 * One at a time: on PostgreSQL a session advisory lock held by the backup's own connection for
 * its whole run (every app server, and `npm run backup`, meet the same lock; it dies with the
 * connection, so a crashed process never holds it); on PGlite the one process's own guard.
 * A 'running' row found while nobody holds the lock was left by a crash: marked failed.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_RUNNING_MESSAGE } from '@duka/shared/system/system.schemas';
import { desc, eq, sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { AppConfig } from '../../config';
import {
  databaseClientOf,
  MIGRATIONS_FOLDER,
  type Database,
  type DatabaseClient,
} from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict } from '../../lib/errors';
import { describeSystemError } from '../../lib/startup-error';
import { backups } from './backups.table';
import { readTarGz, sha256OfFile, writeTarGz, type TarEntry, type TarSink } from './backup-archive';
import {
  backupFileName,
  backupFileTime,
  MANIFEST_FORMAT,
  MANIFEST_NAME,
  MANIFEST_VERSION,
  manifestSchema,
  partialFileName,
  UPLOADS_PREFIX,
  type BackupManifest,
} from './backup-manifest';
import { collectStats, type DatabaseStats, type RowQuery } from './backup-stats';
import { LOGICAL_ENTRY, writeLogicalDump } from './backup-logical';

export type BackupRow = typeof backups.$inferSelect;

export interface BackupDeps {
  db: Database;
  config: Pick<AppConfig, 'uploadDir' | 'backup' | 'dataDir'>;
  clock: Clock;
  /** Where the one line saying how PostgreSQL is dumped goes (default: stdout). */
  log?: (line: string) => void;
}

/** pg_advisory_lock key held by the one backup running on a PostgreSQL database. */
export const BACKUP_LOCK_KEY = 7_420_027;
export const INTERRUPTED_MESSAGE = 'Interrupted: the process stopped before the backup finished';

/** PGlite: the backups running in this process, per database client (one process per folder). */
const runningHere = new WeakSet<object>();

function guardKey(client: DatabaseClient): object {
  return client.driver === 'pglite' ? client.pglite : client.pool;
}

interface HeldLock {
  /** PostgreSQL: the connection holding the advisory lock (the dump's snapshot runs on it). */
  connection?: pg.PoolClient;
  release(): Promise<void>;
}

/** The backup lock, or null when another backup holds it. */
async function tryLock(client: DatabaseClient): Promise<HeldLock | null> {
  const key = guardKey(client);
  if (runningHere.has(key)) return null;
  runningHere.add(key);
  if (client.driver === 'pglite') return { release: async () => void runningHere.delete(key) };
  let connection: pg.PoolClient | undefined;
  try {
    connection = await client.pool.connect();
    const { rows } = await connection.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1) AS locked',
      [BACKUP_LOCK_KEY],
    );
    if (!rows[0]?.locked) {
      connection.release();
      runningHere.delete(key);
      return null;
    }
  } catch (error) {
    connection?.release(true);
    runningHere.delete(key);
    throw error;
  }
  const held = connection;
  return {
    connection: held,
    release: async () => {
      try {
        await held.query('SELECT pg_advisory_unlock($1)', [BACKUP_LOCK_KEY]);
        held.release();
      } catch {
        held.release(true); // a broken connection: its lock went with it
      } finally {
        runningHere.delete(key);
      }
    },
  };
}

async function failRunningRows(db: Database, now: Date): Promise<number> {
  const failed = await db
    .update(backups)
    .set({ state: 'failed', error: INTERRUPTED_MESSAGE, finishedAt: now })
    .where(eq(backups.state, 'running'))
    .returning({ id: backups.id });
  return failed.length;
}

/**
 * Marks failed the backups left 'running' by a process that died (nobody holds the lock);
 * answers how many. Cheap when there is none: the job runner calls it every minute.
 */
export async function markInterruptedBackups(db: Database, now: Date): Promise<number> {
  const [running] = await db
    .select({ id: backups.id })
    .from(backups)
    .where(eq(backups.state, 'running'))
    .limit(1);
  if (!running) return 0;
  const lock = await tryLock(databaseClientOf(db));
  if (!lock) return 0;
  try {
    return await failRunningRows(db, now);
  } finally {
    await lock.release();
  }
}

/**
 * Makes a backup now: the row, the file, its check. Throws the 409 conflict while another
 * runs; a backup that fails is recorded and answered as failed (its error in words).
 */
export async function runBackup(
  deps: BackupDeps,
  { trigger, userId = null }: { trigger: BackupRow['trigger']; userId?: number | null },
): Promise<BackupRow> {
  const client = databaseClientOf(deps.db);
  const lock = await tryLock(client);
  if (!lock) throw conflict('system.backup_running', BACKUP_RUNNING_MESSAGE);
  try {
    const startedAt = deps.clock.now();
    await failRunningRows(deps.db, startedAt);
    const [row] = await deps.db
      .insert(backups)
      .values({ trigger, createdBy: userId, startedAt })
      .returning();
    const started = row!;
    const fileName = backupFileName(startedAt, started.id);
    try {
      const written = await writeBackupFile(deps, client, lock, fileName, started.id);
      const [done] = await deps.db
        .update(backups)
        .set({
          state: 'succeeded',
          fileName,
          sizeBytes: written.sizeBytes,
          checksum: written.sha256,
          finishedAt: deps.clock.now(),
        })
        .where(eq(backups.id, started.id))
        .returning();
      await pruneOldBackups(deps.config.backup.dir, deps.config.backup.keepDays, deps.clock.now());
      return done!;
    } catch (error) {
      const [failed] = await deps.db
        .update(backups)
        .set({
          state: 'failed',
          error: describeBackupError(error).slice(0, 1000),
          finishedAt: deps.clock.now(),
        })
        .where(eq(backups.id, started.id))
        .returning();
      return failed!;
    }
  } finally {
    await lock.release();
  }
}

function describeBackupError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ? describeSystemError(error) : error instanceof Error ? error.message : String(error);
}

interface DatabaseDump {
  stats: DatabaseStats;
  serverVersion: string;
  lastMigration: string | null;
  format: BackupManifest['database']['format'];
  entryName: string;
  size: number;
  sha256: string;
  data: Buffer | (() => ReturnType<typeof createReadStream>);
  cleanup(): Promise<void>;
}

async function writeBackupFile(
  deps: BackupDeps,
  client: DatabaseClient,
  lock: HeldLock,
  fileName: string,
  backupId: number,
): Promise<{ sizeBytes: number; sha256: string }> {
  const dir = deps.config.backup.dir;
  await ensureBackupFolder(dir, deps.config.dataDir);
  const partial = path.join(dir, partialFileName(fileName));
  const dump =
    client.driver === 'pglite'
      ? await dumpPglite(client.pglite)
      : await dumpPostgres(client.pool, lock.connection!, partial, {
          pgDump: deps.config.backup.pgDump !== false,
          log: deps.log ?? ((line) => console.log(line)),
        });
  try {
    const uploads = await listUploads(deps.config.uploadDir, dir);
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      created_at: deps.clock.now().toISOString(),
      backup_id: backupId,
      driver: client.driver === 'pglite' ? 'pglite' : 'postgresql',
      server_version: dump.serverVersion,
      last_migration: dump.lastMigration,
      database: {
        path: dump.entryName,
        format: dump.format,
        size_bytes: dump.size,
        sha256: dump.sha256,
      },
      tables: dump.stats,
      uploads: uploads.map(({ path: relative, size, sha256 }) => ({
        path: relative,
        size_bytes: size,
        sha256,
      })),
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    const entries: TarEntry[] = [
      { name: MANIFEST_NAME, size: manifestBytes.length, data: manifestBytes },
      { name: dump.entryName, size: dump.size, data: dump.data },
      ...uploads.map((file) => ({
        name: `${UPLOADS_PREFIX}${file.path}`,
        size: file.size,
        data: () => createReadStream(file.absolute),
      })),
    ];
    try {
      const written = await writeTarGz(partial, entries, deps.clock.now());
      await verifyBackupFile(partial, written.sha256);
      const final = path.join(dir, fileName);
      await rename(partial, final);
      await writeSidecar(final, written.sha256);
      await syncFolder(dir);
      return written;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  } finally {
    await dump.cleanup();
  }
}

/**
 * The backup folder is made if missing — the folder itself, never its parents: BACKUP_DIR on a
 * USB disk that is not mounted must fail ("is the disk mounted?"), not quietly fill the
 * machine's own disk under an empty mount point. Only DATA_DIR (the default's parent, ours) is
 * made whole. (A recursive mkdir would also never return for some paths, such as under /proc.)
 */
export async function ensureBackupFolder(dir: string, dataDir: string): Promise<void> {
  if (path.resolve(path.dirname(dir)) === path.resolve(dataDir)) {
    await mkdir(dataDir, { recursive: true });
  }
  try {
    await mkdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new Error(
        `The backup folder ${dir} cannot be made: the folder it goes in does not exist (is the disk mounted?)`,
        { cause: error },
      );
    }
    if (code !== 'EEXIST') throw error;
    if (!(await stat(dir)).isDirectory()) {
      throw new Error(`The backup folder ${dir} exists and is not a folder`, { cause: error });
    }
  }
}

/** `<sha256>  <name>`: what `sha256sum -c file.sha256` checks, from the backup's folder. */
async function writeSidecar(file: string, sha256: string): Promise<void> {
  const sidecar = `${file}.sha256`;
  const partial = `${path.dirname(file)}/.partial-${path.basename(sidecar)}.tmp`;
  await writeFile(partial, `${sha256}  ${path.basename(file)}\n`, { flag: 'w' });
  await rename(partial, sidecar);
}

async function syncFolder(dir: string): Promise<void> {
  // A folder's fsync makes the rename itself durable; not every platform allows it.
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows: no fsync of a folder.
  }
}

const SELECT_VERSION = 'SELECT version() AS version';
const SELECT_LAST_MIGRATION =
  'SELECT created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1';

/** The tag of the migration drizzle recorded last (its journal's `when` is the row's created_at). */
async function migrationTag(createdAt: unknown): Promise<string | null> {
  if (typeof createdAt !== 'string' && typeof createdAt !== 'number') return null;
  try {
    const journal = JSON.parse(
      await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { when: number; tag: string }[] };
    return journal.entries.find((entry) => String(entry.when) === String(createdAt))?.tag ?? null;
  } catch {
    return null;
  }
}

/**
 * PGlite: the data folder as PGlite's own tar (dumpDataDir), taken inside a transaction of
 * ours — PGlite runs one transaction at a time, so no other write is half-done in it — after
 * a CHECKPOINT, with the counts read in the same transaction.
 */
async function dumpPglite(pglite: PGlite): Promise<DatabaseDump> {
  const { stats, serverVersion, lastMigrationAt, blob } = await pglite.transaction(async (tx) => {
    const query: RowQuery = async (text) => (await tx.query<Record<string, unknown>>(text)).rows;
    await tx.exec('CHECKPOINT');
    const stats = await collectStats(query);
    const [version] = await query(SELECT_VERSION);
    const [migration] = await query(SELECT_LAST_MIGRATION);
    // dumpDataDir waits for the query lock only, which our transaction does not hold between
    // statements; every other transaction waits for ours.
    const blob = await pglite.dumpDataDir('none');
    return {
      stats,
      serverVersion: String(version?.version),
      lastMigrationAt: migration?.created_at,
      blob,
    };
  });
  const data = Buffer.from(await blob.arrayBuffer());
  return {
    stats,
    serverVersion,
    lastMigration: await migrationTag(lastMigrationAt),
    format: 'pglite-data-tar',
    entryName: 'database/pglite-data.tar',
    size: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    data,
    cleanup: async () => undefined,
  };
}

/** pg_dump's connection: the pool's URL without its password (that goes in PGPASSWORD). */
export function pgToolTarget(connectionString: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(connectionString);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL client program; its stderr is the error when it fails. */
export function runPgTool(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${program} is not installed on this machine: install the PostgreSQL client programs (postgresql-client) of the server's version`,
            )
          : error,
      );
    });
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${program} failed: ${stderr.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}

/** pg_dump's major version (`pg_dump (PostgreSQL) 15.20 …` → 15), null when it cannot run. */
export function pgDumpMajorVersion(program = 'pg_dump'): Promise<number | null> {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(program, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      resolve(null);
      return;
    }
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', () => resolve(null));
    child.once('close', (code) => {
      const major = /\)\s*(\d+)/.exec(out)?.[1];
      resolve(code === 0 && major ? Number(major) : null);
    });
  });
}

/**
 * PostgreSQL: pg_dump --format=custom of a snapshot exported by the lock's connection, whose
 * repeatable-read transaction also counts the rows — the manifest and the dump see the same
 * database. pg_dump only when it is on the PATH with a major version at least the server's
 * (an older one refuses a newer server) and `pgDump` allows it; else the app's own logical dump
 * (backup-logical.ts), read in that same transaction.
 */
async function dumpPostgres(
  pool: pg.Pool,
  connection: pg.PoolClient,
  partial: string,
  { pgDump, log }: { pgDump: boolean; log: (line: string) => void },
): Promise<DatabaseDump> {
  const connectionString = (pool.options as { connectionString?: string }).connectionString;
  const dumpFile = `${partial}.dump`;
  const query: RowQuery = async (text) =>
    (await connection.query<Record<string, unknown>>(text)).rows;
  await connection.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const [snapshot] = await query('SELECT pg_export_snapshot() AS snapshot');
    const stats = await collectStats(query);
    const [version] = await query(SELECT_VERSION);
    const [migration] = await query(SELECT_LAST_MIGRATION);
    const [serverVersion] = await query("SELECT current_setting('server_version_num')::int AS num");
    const serverMajor = Math.floor(Number(serverVersion?.num) / 10_000);
    const toolMajor = pgDump && connectionString ? await pgDumpMajorVersion() : null;
    if (toolMajor === null || toolMajor < serverMajor) {
      log(
        `Backup: the app's logical dump (${
          !pgDump
            ? 'BACKUP_PG_DUMP=0'
            : !connectionString
              ? 'the pool has no connection string for pg_dump'
              : toolMajor === null
                ? 'pg_dump is not on the PATH'
                : `pg_dump ${toolMajor} is older than the server's ${serverMajor}`
        })`,
      );
      await writeLogicalDump(connection, dumpFile);
      const { size } = await stat(dumpFile);
      return {
        stats,
        serverVersion: String(version?.version),
        lastMigration: await migrationTag(migration?.created_at),
        format: 'logical',
        entryName: LOGICAL_ENTRY,
        size,
        sha256: await sha256OfFile(dumpFile),
        data: () => createReadStream(dumpFile),
        cleanup: () => rm(dumpFile, { force: true }),
      };
    }
    log(`Backup: pg_dump ${toolMajor} (server ${serverMajor})`);
    const target = pgToolTarget(connectionString!);
    await runPgTool(
      'pg_dump',
      [
        '--format=custom',
        '--compress=0', // the backup file is gzipped whole
        `--snapshot=${String(snapshot?.snapshot)}`,
        '--no-owner',
        '--no-privileges',
        `--file=${dumpFile}`,
        `--dbname=${target.url}`,
      ],
      target.env,
    );
    const { size } = await stat(dumpFile);
    return {
      stats,
      serverVersion: String(version?.version),
      lastMigration: await migrationTag(migration?.created_at),
      format: 'pg_dump-custom',
      entryName: 'database/postgres.dump',
      size,
      sha256: await sha256OfFile(dumpFile),
      data: () => createReadStream(dumpFile),
      cleanup: () => rm(dumpFile, { force: true }),
    };
  } catch (error) {
    await rm(dumpFile, { force: true });
    throw error;
  } finally {
    await connection.query('COMMIT').catch(() => undefined);
  }
}

interface UploadFile {
  path: string;
  absolute: string;
  size: number;
  sha256: string;
}

/** Every file under UPLOAD_DIR (none when it does not exist), but never the backup folder. */
async function listUploads(uploadDir: string, backupDir: string): Promise<UploadFile[]> {
  const files: UploadFile[] = [];
  const skip = path.resolve(backupDir);
  async function walk(dir: string, prefix: string) {
    let names: Dirent[];
    try {
      names = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of names.sort((a, b) => a.name.localeCompare(b.name))) {
      const absolute = path.join(dir, entry.name);
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (path.resolve(absolute) === skip) continue;
      if (entry.isDirectory()) await walk(absolute, relative);
      else if (entry.isFile()) {
        const { size } = await stat(absolute);
        files.push({ path: relative, absolute, size, sha256: await sha256OfFile(absolute) });
      }
    }
  }
  await walk(uploadDir, '');
  return files;
}

/** An entry's bytes hashed as they are read. */
export function hashingSink(onDone: (sha256: string, size: number) => void): TarSink {
  const hash = createHash('sha256');
  let size = 0;
  return {
    write: (chunk) => {
      hash.update(chunk);
      size += chunk.length;
    },
    end: () => onDone(hash.digest('hex'), size),
  };
}

/**
 * Reads a backup file back whole: its SHA-256 (when known), the gzip stream, the manifest
 * (first), and every entry's size and SHA-256 against it. Answers the manifest; throws a
 * sentence saying what is wrong.
 */
export async function verifyBackupFile(
  file: string,
  expectedSha256?: string,
): Promise<BackupManifest> {
  if (expectedSha256 !== undefined) {
    const actual = await sha256OfFile(file);
    if (actual !== expectedSha256) {
      throw new Error(`${path.basename(file)} does not match its checksum: the file is damaged`);
    }
  }
  let manifest: BackupManifest | undefined;
  const seen = new Map<string, { sha256: string; size: number }>();
  let first = true;
  try {
    await readTarGz(file, ({ name }) => {
      const isFirst = first;
      first = false;
      if (name === MANIFEST_NAME && isFirst) {
        const chunks: Buffer[] = [];
        return {
          write: (chunk) => void chunks.push(chunk),
          end: () => {
            const parsed = manifestSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString()));
            if (!parsed.success) throw new Error('its manifest is not a Duka backup manifest');
            manifest = parsed.data;
          },
        };
      }
      if (!manifest) throw new Error('it does not start with a manifest');
      return hashingSink((sha256, size) => seen.set(name, { sha256, size }));
    });
  } catch (error) {
    throw new Error(
      `${path.basename(file)} is not a readable Duka backup: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  if (!manifest) throw new Error(`${path.basename(file)} is not a Duka backup: no manifest`);
  const expected = [
    { name: manifest.database.path, ...manifest.database },
    ...manifest.uploads.map((file) => ({ name: `${UPLOADS_PREFIX}${file.path}`, ...file })),
  ];
  for (const entry of expected) {
    const found = seen.get(entry.name);
    if (!found || found.sha256 !== entry.sha256 || found.size !== entry.size_bytes) {
      throw new Error(
        `${path.basename(file)} is damaged: ${entry.name} ${found ? 'does not match its checksum' : 'is missing'}`,
      );
    }
  }
  return manifest;
}

/**
 * Deletes the backup files (and their sidecars, and partial files left by a crash) whose name
 * says they are older than `keepDays`; anything else in the folder is never touched.
 */
export async function pruneOldBackups(dir: string, keepDays: number, now: Date): Promise<string[]> {
  const before = now.getTime() - keepDays * 24 * 60 * 60 * 1000;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const deleted: string[] = [];
  for (const name of names) {
    const time = backupFileTime(name);
    if (!time || time.getTime() >= before) continue;
    try {
      await rm(path.join(dir, name), { force: true });
    } catch {
      // Housekeeping: an old entry that cannot go (a disk gone read-only, a folder of that
      // name) never turns the good backup just made into a failed one; the next run tries again.
      continue;
    }
    deleted.push(name);
  }
  return deleted;
}

/** The latest backups, newest first. */
export function listBackups(db: Database, limit = 50): Promise<BackupRow[]> {
  return db.select().from(backups).orderBy(desc(backups.startedAt), desc(backups.id)).limit(limit);
}

/** When the install began: its first store or account (the demo seed or create-admin). */
export async function installedAt(db: Database): Promise<Date | null> {
  const result = await db.execute<{ at: string | null }>(
    sql`SELECT least((SELECT min(created_at) FROM stores), (SELECT min(created_at) FROM users))::text AS at`,
  );
  const at = (result as { rows: { at: string | null }[] }).rows[0]?.at;
  return at ? new Date(at) : null;
}

/** What the header's warning is made of: the latest finished backup and the last good one. */
export async function backupStatusRows(db: Database) {
  const [latestFinished] = await db
    .select()
    .from(backups)
    .where(sql`${backups.state} <> 'running'`)
    .orderBy(desc(backups.startedAt), desc(backups.id))
    .limit(1);
  const [lastSuccess] =
    latestFinished?.state === 'succeeded'
      ? [latestFinished]
      : await db
          .select()
          .from(backups)
          .where(eq(backups.state, 'succeeded'))
          .orderBy(desc(backups.startedAt), desc(backups.id))
          .limit(1);
  return { latestFinished, lastSuccess };
}
