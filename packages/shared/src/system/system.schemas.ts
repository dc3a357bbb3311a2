/**
 * The System page and the backups (issue 27). A backup is one file in the install's backup
 * folder (BACKUP_DIR): the database's dump and the uploaded photos, compressed, with a SHA-256
 * checksum; made every night (03:00 Africa/Nairobi by default), from the System page or with
 * `npm run backup`, and kept BACKUP_KEEP_DAYS days (14).
 *
 * - GET  /api/system/backups        → { success, data: SystemBackups }
 * - POST /api/system/backups        → 201 { success, data: Backup } once written and verified;
 *                                     409 'A backup is already running' while one runs
 * - GET  /api/system/backup-status  → { success, data: BackupStatus } (the header's warning;
 *                                     cheap, asked on every staff page)
 *
 * Who: super_admin and admin (`system:read`, `system:backup`) — the owner of a one-shop
 * install is its admin. The file itself is never served over HTTP: it holds every store.
 */
import { z } from 'zod';

export const BACKUP_STATES = ['running', 'succeeded', 'failed'] as const;
export type BackupState = (typeof BACKUP_STATES)[number];
/** What made the backup: the nightly schedule, the System page, or `npm run backup`. */
export const BACKUP_TRIGGERS = ['nightly', 'manual', 'cli'] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];

/** The header warns when the last good backup is older than this (two days). */
export const BACKUP_STALE_AFTER_MS = 2 * 24 * 60 * 60 * 1000;

export const backupSchema = z.object({
  id: z.number().int(),
  state: z.enum(BACKUP_STATES),
  trigger: z.enum(BACKUP_TRIGGERS),
  /** The file's name in the backup folder (no folder); null until it is written. */
  file_name: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  /** SHA-256 of the file, hex. */
  checksum: z.string().nullable(),
  /** Why it failed, in words; null unless failed. */
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Backup = z.infer<typeof backupSchema>;

/**
 * The header's warning: 'failed' when the latest backup failed; 'stale' when the last good one
 * is older than two days, or there is none and the install is older than two days; else null.
 */
export const BACKUP_WARNINGS = ['failed', 'stale'] as const;
export type BackupWarning = (typeof BACKUP_WARNINGS)[number];

export const backupStatusSchema = z.object({
  warning: z.enum(BACKUP_WARNINGS).nullable(),
  /** The last backup that succeeded, or null. */
  last_success_at: z.string().nullable(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

export const systemBackupsSchema = z.object({
  status: backupStatusSchema,
  /** The latest backups, newest first (at most 50). */
  backups: z.array(backupSchema),
  /** Where backups are written (BACKUP_DIR, absolute). */
  folder: z.string(),
  /** How many days backups are kept (BACKUP_KEEP_DAYS). */
  keep_days: z.number().int(),
  /** The nightly backup's time of day and zone: '03:00', 'Africa/Nairobi'. */
  schedule: z.object({ time: z.string(), time_zone: z.string() }),
  /** When the next nightly backup runs (ISO). */
  next_run_at: z.string(),
  /** The database the install runs on: the embedded one or a PostgreSQL server. */
  database: z.enum(['embedded', 'postgresql']),
});
export type SystemBackups = z.infer<typeof systemBackupsSchema>;

export const BACKUP_RUNNING_MESSAGE = 'A backup is already running';
