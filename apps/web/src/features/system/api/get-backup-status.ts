import type { BackupStatus } from '@duka/shared/system/system.schemas';
import { apiClient } from '@/lib/api-client';

export const backupStatusQueryKey = ['system', 'backup-status'] as const;

/** How long an answer holds: the header asks again at most this often (issue 27). */
export const BACKUP_STATUS_STALE_MS = 5 * 60 * 1000;

/** GET /system/backup-status: the header's warning (cheap; asked on every staff page). */
export async function getBackupStatus(): Promise<BackupStatus> {
  const response = await apiClient.get<{ success: boolean; data: BackupStatus }>(
    '/system/backup-status',
  );
  return response.data;
}
