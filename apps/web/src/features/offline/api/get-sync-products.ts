import {
  SYNC_PAGE_MAX,
  syncProductsResponseSchema,
  type SyncProduct,
} from '@duka/shared/sync/sync.schemas';
import { apiClient } from '@/lib/api-client';

export interface SyncProductsPage {
  products: SyncProduct[];
  deleted: number[];
  cursor: string;
  has_more: boolean;
}

/**
 * GET /sync/products?since&limit: every product of the store changed after the cursor
 * (deactivated ones with is_active false, deleted ones by id); no cursor = everything. The
 * answer is checked against the contract: a device never stores what it cannot sell from.
 */
export async function getSyncProducts(
  since: string | null,
  signal?: AbortSignal,
): Promise<SyncProductsPage> {
  const body = await apiClient.get<unknown>('/sync/products', {
    query: { since: since ?? undefined, limit: SYNC_PAGE_MAX },
    signal,
  });
  return syncProductsResponseSchema.parse(body);
}
