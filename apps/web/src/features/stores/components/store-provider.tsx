import type { Store } from '@duka/shared/stores/stores.schemas';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { storesQueryKey, useStores } from '../api/get-stores';
import { useCurrentStore } from '../stores/current-store';

export interface StoreContextValue {
  stores: Store[];
  currentStore: Store | null;
  setCurrentStore: (store: Store) => void;
  isLoading: boolean;
}

const StoreContext = createContext<StoreContextValue | null>(null);

const EMPTY: Store[] = [];

/**
 * Answers that belong to no one store, kept when the store changes: the store list itself, and
 * the install's backups (issue 27: the header asks for their status once per page load).
 */
const STORE_INDEPENDENT: ReadonlySet<unknown> = new Set([storesQueryKey[0], 'system']);

/**
 * Loads the store list once someone is signed in (spec §7: not on /auth) and keeps a current
 * store chosen. `enabled` comes from app/, which knows the session and the page.
 */
export function StoreProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data, isLoading } = useStores({ enabled });
  const stores = data ?? EMPTY;
  const currentStore = useCurrentStore((state) => state.currentStore);
  const saveCurrentStore = useCurrentStore((state) => state.setCurrentStore);

  const setCurrentStore = useCallback(
    (store: Store) => {
      const changed = useCurrentStore.getState().currentStore?.id !== store.id;
      saveCurrentStore(store);
      if (changed) {
        // Every store-scoped answer in the cache belongs to the previous store. A first load
        // still on its way for the previous store is cancelled first: invalidating alone
        // would wait for it and show the previous store's answer.
        const storeScoped = {
          predicate: (query: Query) => !STORE_INDEPENDENT.has(query.queryKey[0]),
        };
        void queryClient
          .cancelQueries(storeScoped)
          .then(() => queryClient.invalidateQueries(storeScoped));
      }
    },
    [queryClient, saveCurrentStore],
  );

  useEffect(() => {
    const first = stores[0];
    if (!first) return;
    const listed = currentStore && stores.find((store) => store.id === currentStore.id);
    if (!listed) setCurrentStore(first);
    else if (listed.name !== currentStore.name || listed.is_active !== currentStore.is_active) {
      saveCurrentStore(listed);
    }
  }, [stores, currentStore, setCurrentStore, saveCurrentStore]);

  // Only a store of the list this person was given: the saved choice may be another
  // account's (a shared till) until the list has loaded and corrected it.
  const shownStore = useMemo(
    () => stores.find((store) => store.id === currentStore?.id) ?? null,
    [stores, currentStore],
  );
  const value = useMemo(
    () => ({
      stores,
      currentStore: shownStore,
      setCurrentStore,
      isLoading: enabled && isLoading,
    }),
    [stores, shownStore, setCurrentStore, enabled, isLoading],
  );
  return <StoreContext.Provider value={value}>{children}</StoreContext.Provider>;
}

export function useStoreContext(): StoreContextValue {
  const context = useContext(StoreContext);
  if (!context) throw new Error('useStoreContext must be used within StoreProvider');
  return context;
}
