import { actsOnChosenStore } from '@duka/shared/auth/permissions';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { getCurrentStoreId, useCurrentStore } from '@/features/stores/stores/current-store';

/** The store the signed-in person sells in: a super_admin's chosen one, else their own. */
function actingStoreId(): number | null {
  const user = useAuthStore.getState().user;
  if (!user) return null;
  return actsOnChosenStore(user.role) ? getCurrentStoreId() : (user.store_id ?? null);
}

let following: (() => void) | null = null;

/**
 * The cart belongs to a store (issue 20): it follows the signed-in person's store, so a
 * super_admin who switches store gets that store's cart and finds the other one again on
 * switching back. Started when the protected pages' code loads (every page with a cart is
 * one), which keeps the cart out of the first load; once only; returns the unsubscribe.
 */
export function syncCartWithStore(): () => void {
  if (following) return following;
  const follow = () => useCartStore.getState().switchStore(actingStoreId());
  follow();
  const stopAuth = useAuthStore.subscribe(follow);
  const stopStore = useCurrentStore.subscribe(follow);
  following = () => {
    stopAuth();
    stopStore();
    following = null;
  };
  return following;
}
