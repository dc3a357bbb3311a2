/**
 * The System page's answers (shared/system/system.schemas.ts): a backup row as the API shows
 * it, and the header's warning.
 */
import {
  BACKUP_STALE_AFTER_MS,
  type Backup,
  type BackupStatus,
} from '@duka/shared/system/system.schemas';
import type { BackupRow } from './backup.service';

export function presentBackup(row: BackupRow): Backup {
  return {
    id: row.id,
    state: row.state,
    trigger: row.trigger,
    file_name: row.fileName,
    size_bytes: row.sizeBytes,
    checksum: row.checksum,
    error: row.error,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * 'failed' when the latest finished backup failed; 'stale' when the last good one is older
 * than two days — or there is none and the install (its first store or account) is older
 * than two days; else none. A backup still running does not change the answer.
 */
export function presentBackupStatus(
  latestFinished: BackupRow | undefined,
  lastSuccess: BackupRow | undefined,
  installedAt: Date | null,
  now: Date,
): BackupStatus {
  const lastSuccessAt = lastSuccess?.finishedAt ?? null;
  const since = lastSuccessAt ?? installedAt;
  const warning =
    latestFinished?.state === 'failed'
      ? 'failed'
      : since && now.getTime() - since.getTime() > BACKUP_STALE_AFTER_MS
        ? 'stale'
        : null;
  return { warning, last_success_at: lastSuccessAt?.toISOString() ?? null };
}
