/**
 * The store a super_admin acts on (PRODUCT.md §2), kept in localStorage under 'currentStore'
 * as JSON (spec §3) so a reload keeps the choice.
 */
import type { Store } from '@duka/shared/stores/stores.schemas';
import { create } from 'zustand';

export const CURRENT_STORE_KEY = 'currentStore';

function readStoredStore(): Store | null {
  try {
    const raw = localStorage.getItem(CURRENT_STORE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Store> | null;
    return value && typeof value.id === 'number' ? (value as Store) : null;
  } catch {
    return null;
  }
}

interface CurrentStoreState {
  currentStore: Store | null;
  setCurrentStore: (store: Store | null) => void;
}

export const useCurrentStore = create<CurrentStoreState>((set) => ({
  currentStore: readStoredStore(),
  setCurrentStore: (store) => {
    set({ currentStore: store });
    try {
      if (store) localStorage.setItem(CURRENT_STORE_KEY, JSON.stringify(store));
      else localStorage.removeItem(CURRENT_STORE_KEY);
    } catch {
      // Unavailable storage only costs the choice on reload.
    }
  },
}));

/** Read outside React, by the API client wiring, at the moment a request is made. */
export function getCurrentStoreId(): number | null {
  return useCurrentStore.getState().currentStore?.id ?? null;
}
