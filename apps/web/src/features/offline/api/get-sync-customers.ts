import {
  SYNC_PAGE_MAX,
  syncCustomersResponseSchema,
  type SyncCustomer,
} from '@duka/shared/sync/sync.schemas';
import { apiClient } from '@/lib/api-client';

export interface SyncCustomersPage {
  customers: SyncCustomer[];
  deleted: number[];
  cursor: string;
  has_more: boolean;
}

/** GET /sync/customers?since&limit: the store's customers changed after the cursor. */
export async function getSyncCustomers(
  since: string | null,
  signal?: AbortSignal,
): Promise<SyncCustomersPage> {
  const body = await apiClient.get<unknown>('/sync/customers', {
    query: { since: since ?? undefined, limit: SYNC_PAGE_MAX },
    signal,
  });
  return syncCustomersResponseSchema.parse(body);
}
