/** Stores as the API answers them (spec §3 Store). */
import type { Store } from '@duka/shared/stores/stores.schemas';
import type { StoreRow } from './stores.table';

export function presentStore(row: StoreRow): Store {
  return {
    id: row.id,
    name: row.name,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}
