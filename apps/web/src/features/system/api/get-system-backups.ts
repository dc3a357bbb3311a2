import type { SystemBackups } from '@duka/shared/system/system.schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { backupStatusQueryKey } from './get-backup-status';

export const systemBackupsQueryKey = ['system', 'backups'] as const;

/** While a backup runs (the nightly one, or one from another screen), the page looks again. */
export const RUNNING_POLL_MS = 3000;

/** GET /system/backups: the folder, the schedule, the database and the latest backups. */
export async function getSystemBackups(): Promise<SystemBackups> {
  const response = await apiClient.get<{ success: boolean; data: SystemBackups }>(
    '/system/backups',
  );
  return response.data;
}

export function useSystemBackups() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: systemBackupsQueryKey,
    queryFn: async () => {
      const system = await getSystemBackups();
      // The header's warning follows what this page reads (after Back up now too).
      queryClient.setQueryData(backupStatusQueryKey, system.status);
      return system;
    },
    refetchInterval: (query) =>
      query.state.data?.backups.some((backup) => backup.state === 'running')
        ? RUNNING_POLL_MS
        : false,
  });
}
