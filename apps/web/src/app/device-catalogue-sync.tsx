import { isStaff } from '@duka/shared/auth/roles';
import { useEffect } from 'react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useActingStoreId } from './use-acting-store-id';

/**
 * Issue 22: while a staff member is signed in, the device keeps their store's catalogue for the
 * offline till (features/offline/offline-catalogue.ts: first download, then deltas every 5
 * minutes and on reconnect). Another person or store replaces it. Rendered by every protected
 * page (not up front); the catalogue and IndexedDB come with import() once the page is up. Going
 * from page to page keeps the same catch-up running (startCatalogueSync counts its users).
 */
export function DeviceCatalogueSync() {
  const user = useAuthStore((state) => state.user);
  const storeId = useActingStoreId();
  const userId = user && isStaff(user.role) ? user.id : null;

  useEffect(() => {
    if (userId === null || storeId === null || typeof indexedDB === 'undefined') return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    import('@/features/offline/offline-catalogue')
      .then((catalogue) => {
        if (!cancelled) stop = catalogue.startCatalogueSync({ userId, storeId });
      })
      .catch((error: unknown) => console.warn('Could not load the device catalogue:', error));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, storeId]);

  return null;
}
