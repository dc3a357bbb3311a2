import type { Backup } from '@duka/shared/system/system.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { systemBackupsQueryKey } from './get-system-backups';

/**
 * POST /system/backups: answers 201 once the file is written and verified (seconds on a shop's
 * data), 409 'A backup is already running' while another runs.
 */
export async function createBackup(): Promise<Backup> {
  // An empty object, not no body: the server reads a bodiless POST's body as null.
  const response = await apiClient.post<{ success: boolean; data: Backup }>('/system/backups', {});
  return response.data;
}

export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBackup,
    // Succeeded, failed or refused: the list is read again either way, and with it the
    // header's warning (useSystemBackups puts the status it reads in the cache).
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemBackupsQueryKey }),
  });
}
