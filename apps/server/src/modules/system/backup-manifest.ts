/**
 * A backup file (issue 27) is `duka-backup-<UTC time>-<id>.tar.gz`, a gzip-compressed tar of:
 *
 * - `manifest.json` (first): this description — format version, when, the driver, the last
 *   migration, every table's row count and whole-number column sums, each file's size and
 *   SHA-256;
 * - `database/pglite-data.tar` (embedded database: PGlite's dump of its data folder) or
 *   `database/postgres.dump` (PostgreSQL: `pg_dump --format=custom`) or
 *   `database/postgres-logical.jsonl` (PostgreSQL without a pg_dump as new as the server: the
 *   app's own logical dump, format 'logical' — see backup-logical.ts);
 * - `uploads/<path>`: every file of UPLOAD_DIR (the product photos).
 *
 * Beside it, `<file>.sha256` holds the whole file's SHA-256 as `sha256sum -c` reads it.
 */
import { z } from 'zod';

export const MANIFEST_NAME = 'manifest.json';
export const UPLOADS_PREFIX = 'uploads/';
export const MANIFEST_FORMAT = 'duka-backup';
export const MANIFEST_VERSION = 1;

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);
const fileSchema = z.object({
  path: z.string().min(1),
  size_bytes: z.number().int().min(0),
  sha256: sha256Schema,
});

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(MANIFEST_VERSION),
  created_at: z.iso.datetime(),
  /** The backup's own row in `backups` (in the dump as 'running'; a restore marks it succeeded). */
  backup_id: z.number().int(),
  driver: z.enum(['pglite', 'postgresql']),
  /** `SELECT version()` of the database that was backed up. */
  server_version: z.string(),
  /** The last migration applied (its tag, e.g. 0047_backups), null when unknown. */
  last_migration: z.string().nullable(),
  database: fileSchema.extend({ format: z.enum(['pglite-data-tar', 'pg_dump-custom', 'logical']) }),
  tables: z.record(
    z.string(),
    z.object({ rows: z.number().int().min(0), sums: z.record(z.string(), z.string().nullable()) }),
  ),
  /** The photos, by their path under UPLOAD_DIR. */
  uploads: z.array(fileSchema),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export const BACKUP_FILE_PATTERN =
  /^duka-backup-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z-(\d+)\.tar\.gz$/;
/**
 * A backup being written: hidden, and never ending in .tar.gz, so never taken for a good one —
 * with the PostgreSQL dump written beside it (`.tmp.dump`) and the sidecar's temporary file
 * (`.tar.gz.sha256.tmp`), so what a crash leaves is pruned too.
 */
export const PARTIAL_FILE_PATTERN =
  /^\.partial-duka-backup-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z-(\d+)(?:\.tmp|\.tmp\.dump|\.tar\.gz\.sha256\.tmp)$/;

/** `duka-backup-2026-11-27T000000Z-12.tar.gz`: the start time (UTC) and the row's id. */
export function backupFileName(startedAt: Date, id: number): string {
  const iso = startedAt.toISOString(); // 2026-11-27T00:00:00.000Z
  return `duka-backup-${iso.slice(0, 10)}T${iso.slice(11, 19).replace(/:/g, '')}Z-${id}.tar.gz`;
}

export function partialFileName(fileName: string): string {
  return `.partial-${fileName.replace(/\.tar\.gz$/, '')}.tmp`;
}

/**
 * When a file in the backup folder was made, from its name — a backup, its checksum sidecar
 * or a partial one left by a crash; null for anything else (never touched).
 */
export function backupFileTime(name: string): Date | null {
  const match =
    BACKUP_FILE_PATTERN.exec(name.replace(/\.sha256$/, '')) ?? PARTIAL_FILE_PATTERN.exec(name);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  return new Date(Date.UTC(y!, mo! - 1, d, h, mi, s));
}
