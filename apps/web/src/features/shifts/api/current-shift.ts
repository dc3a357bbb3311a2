import type { Shift } from '@duka/shared/shifts/shifts.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Every shift query starts with this key: a change to one shift refreshes them all. */
export const SHIFTS_KEY = ['shifts'] as const;
export const currentShiftKey = (storeId: number | null) =>
  [...SHIFTS_KEY, 'current', storeId] as const;

/** GET /shifts/current: the caller's open shift in this store, or null (issue 24). */
export async function getCurrentShift(signal?: AbortSignal): Promise<Shift | null> {
  return (await apiClient.get<{ success: true; data: Shift | null }>('/shifts/current', { signal }))
    .data;
}

/** The till's shift bar reads it; kept while offline, so the bar still shows the open shift. */
export function useCurrentShift(storeId: number | null) {
  return useQuery({
    queryKey: currentShiftKey(storeId),
    queryFn: ({ signal }) => getCurrentShift(signal),
    enabled: storeId !== null,
  });
}
