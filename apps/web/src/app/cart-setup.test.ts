import type { Store } from '@duka/shared/stores/stores.schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { useCurrentStore } from '@/features/stores/stores/current-store';
import { buildShopperProduct, buildUser } from '@/test/fixtures';
import { toCartProduct } from '@/features/cart/lib/cart-math';
import { syncCartWithStore } from './cart-setup';

const store = (id: number) => ({ id, name: `Store ${id}` }) as Store;
const milk = toCartProduct(buildShopperProduct({ id: 3, name: 'Brookside Milk 500ml' }));
const names = () => useCartStore.getState().items.map((item) => item.product.name);

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  useAuthStore.getState().clearSession();
  useCurrentStore.getState().setCurrentStore(null);
  localStorage.clear();
});

describe('syncCartWithStore (issue 20: the cart belongs to a store)', () => {
  it("a super_admin's cart follows the chosen store and waits for the way back", () => {
    useAuthStore.getState().setUser(buildUser('super_admin', { store_id: null }));
    useCurrentStore.getState().setCurrentStore(store(1));
    stop = syncCartWithStore();
    useCartStore.getState().addItem(milk);
    expect(names()).toEqual(['Brookside Milk 500ml']);

    useCurrentStore.getState().setCurrentStore(store(2));
    expect(useCartStore.getState()).toMatchObject({ storeId: 2, items: [] });

    useCurrentStore.getState().setCurrentStore(store(1));
    expect(names()).toEqual(['Brookside Milk 500ml']);
  });

  it("anyone else's cart is their own store's", () => {
    useAuthStore.getState().setUser(buildUser('sales', { store_id: 7 }));
    stop = syncCartWithStore();
    expect(useCartStore.getState().storeId).toBe(7);
    // The chosen store of a super_admin means nothing to a cashier.
    useCurrentStore.getState().setCurrentStore(store(2));
    expect(useCartStore.getState().storeId).toBe(7);
  });
});
