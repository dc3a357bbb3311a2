import type { Store } from '@duka/shared/stores/stores.schemas';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const mombasa: Store = {
  id: 2,
  name: 'Duka Demo — Mombasa',
  is_active: true,
  created_at: '2025-01-02T00:00:00.000Z',
};

// The store is read from localStorage when the module loads, so each test loads it afresh.
async function loadModule() {
  vi.resetModules();
  return import('./current-store');
}

beforeEach(() => {
  localStorage.clear();
});

describe('current store (spec §3, §4 Current store)', () => {
  it("is restored on load from the 'currentStore' JSON", async () => {
    localStorage.setItem('currentStore', JSON.stringify(mombasa));
    const { useCurrentStore, getCurrentStoreId } = await loadModule();
    expect(useCurrentStore.getState().currentStore).toEqual(mombasa);
    expect(getCurrentStoreId()).toBe(2);
  });

  it('starts with none when the stored value is missing or broken', async () => {
    localStorage.setItem('currentStore', '{not json');
    expect((await loadModule()).useCurrentStore.getState().currentStore).toBeNull();
    localStorage.setItem('currentStore', JSON.stringify({ name: 'No id' }));
    expect((await loadModule()).useCurrentStore.getState().currentStore).toBeNull();
  });

  it("saves every change as JSON under 'currentStore'", async () => {
    const { useCurrentStore, CURRENT_STORE_KEY } = await loadModule();
    expect(CURRENT_STORE_KEY).toBe('currentStore');
    useCurrentStore.getState().setCurrentStore(mombasa);
    expect(JSON.parse(localStorage.getItem('currentStore')!)).toEqual(mombasa);
    useCurrentStore.getState().setCurrentStore(null);
    expect(localStorage.getItem('currentStore')).toBeNull();
  });
});
