import { actsOnChosenStore } from '@duka/shared/auth/permissions';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useStoreContext } from '@/features/stores/components/store-provider';

/**
 * The store the signed-in person acts on (PRODUCT.md §2): a super_admin's chosen store, else
 * their own. For features that name the store in a path (receipt settings); null until known.
 */
export function useActingStoreId(): number | null {
  const user = useAuthStore((state) => state.user);
  const { currentStore } = useStoreContext();
  if (!user) return null;
  return actsOnChosenStore(user.role) ? (currentStore?.id ?? null) : user.store_id;
}
