import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartProduct } from '../lib/cart-math';
import { CART_MAX_AGE_MS, CART_STORAGE_KEY, cartStorageKey, useCartStore } from './cart-store';

const sugar: CartProduct = {
  id: 1,
  name: 'Sugar 1kg',
  sku: 'SUG-1',
  selling_price: '150.00',
  stock_unit: 'piece',
  piece_selling_price: '150.00',
  pack_selling_price: '1400.50',
  dozen_selling_price: '1700.00',
};
const delivery: CartProduct = {
  id: 99,
  name: 'Delivery',
  sku: 'SRV001',
  kind: 'service',
  selling_price: '200.00',
  stock_unit: 'piece',
  piece_selling_price: '200.00',
};
const cart = () => useCartStore.getState();

beforeEach(() => {
  cart().switchStore(null);
  cart().clearCart();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('adding', () => {
  it('adds a line at quantity 1 and raises the same product and unit by one', () => {
    cart().addItem(sugar);
    cart().addItem(sugar);
    cart().addItem(sugar, { unitType: 'pack' });

    expect(cart().items.map((item) => [item.unit_type, item.quantity, item.total])).toEqual([
      ['piece', 2, 300],
      ['pack', 1, 1400.5],
    ]);
    expect(cart().total).toBe(1700.5);
  });

  it('uses the given unit price', () => {
    cart().addItem(sugar, { unitPrice: '120.5' });
    expect(cart().items[0]).toMatchObject({ unit_price: 120.5, total: 120.5 });
  });

  it('never adds the delivery service twice', () => {
    cart().addDelivery(delivery);
    cart().addDelivery(delivery);
    cart().addItem(delivery);
    expect(cart().items).toHaveLength(1);
    expect(cart().items[0]).toMatchObject({ quantity: 1, unit_price: 200 });
  });
});

describe('changing lines', () => {
  it('ignores a quantity below 1', () => {
    cart().addItem(sugar);
    const id = cart().items[0]!.id;
    cart().updateQuantity(id, 3);
    cart().updateQuantity(id, 0);
    cart().updateQuantity(id, -2);
    expect(cart().items[0]).toMatchObject({ quantity: 3, total: 450 });
  });

  it("resets the unit price to the new unit's selling price, or 0 without one", () => {
    cart().addItem(sugar, { unitPrice: 99 });
    const id = cart().items[0]!.id;
    cart().updateQuantity(id, 2);
    cart().updateUnitType(id, 'dozen');
    expect(cart().items[0]).toMatchObject({ unit_type: 'dozen', unit_price: 1700, total: 3400 });

    cart().addItem(delivery);
    const deliveryLine = cart().items[1]!.id;
    cart().updateUnitType(deliveryLine, 'pack');
    expect(cart().items[1]).toMatchObject({ unit_price: 0, total: 0 });
  });

  it('sums totals exactly in cents', () => {
    const cheap: CartProduct = { ...sugar, id: 2, piece_selling_price: '0.1' };
    const cheaper: CartProduct = { ...sugar, id: 3, piece_selling_price: '0.2' };
    cart().addItem(cheap);
    cart().addItem(cheaper);
    expect(cart().total).toBe(0.3);

    const id = cart().items[0]!.id;
    cart().updateUnitPrice(id, 19.99);
    cart().updateQuantity(id, 3);
    expect(cart().items[0]!.total).toBe(59.97);
    expect(cart().total).toBe(60.17);
  });

  it('removes one line and clears all', () => {
    cart().addItem(sugar);
    cart().addItem(delivery);
    cart().removeItem(cart().items[0]!.id);
    expect(cart().items.map((item) => item.product.name)).toEqual(['Delivery']);
    cart().clearCart();
    expect(cart()).toMatchObject({ items: [], total: 0 });
  });
});

describe('browser storage', () => {
  it('saves every change with version v2 and a timestamp', () => {
    vi.useFakeTimers({ now: new Date('2025-03-01T08:00:00Z') });
    cart().addItem(sugar);
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!) as Record<string, unknown>;
    expect(stored).toMatchObject({ version: 'v2', timestamp: Date.now() });
    expect(stored.items).toHaveLength(1);
  });

  it('restores a cart younger than 24 hours', async () => {
    vi.useFakeTimers({ now: new Date('2025-03-01T08:00:00Z') });
    cart().addItem(sugar);
    cart().addItem(sugar);
    const saved = localStorage.getItem(CART_STORAGE_KEY)!;
    useCartStore.setState({ items: [], total: 0 });
    localStorage.setItem(CART_STORAGE_KEY, saved);

    vi.setSystemTime(Date.now() + CART_MAX_AGE_MS - 1000);
    await useCartStore.persist.rehydrate();
    expect(cart().items).toHaveLength(1);
    expect(cart().total).toBe(300);
  });

  it('drops a cart older than 24 hours and removes it from storage', async () => {
    vi.useFakeTimers({ now: new Date('2025-03-01T08:00:00Z') });
    cart().addItem(sugar);
    const saved = localStorage.getItem(CART_STORAGE_KEY)!;
    useCartStore.setState({ items: [], total: 0 });
    localStorage.setItem(CART_STORAGE_KEY, saved);

    vi.setSystemTime(Date.now() + CART_MAX_AGE_MS + 1);
    await useCartStore.persist.rehydrate();
    expect(cart().items).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('drops a stored cart of another version, even a fresh one', async () => {
    cart().addItem(sugar);
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!) as Record<string, unknown>;
    useCartStore.setState({ items: [], total: 0 });
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ ...stored, version: 'v1' }));

    await useCartStore.persist.rehydrate();
    expect(cart().items).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('drops a stored cart whose lines miss required fields', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        version: 'v2',
        timestamp: Date.now(),
        items: [
          {
            id: 'a',
            product: { id: 1, name: 'No price' },
            quantity: 1,
            unit_price: 1,
            total: 1,
            unit_type: 'piece',
          },
        ],
      }),
    );
    await useCartStore.persist.rehydrate();
    expect(cart().items).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('ignores storage that throws', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => cart().addItem(sugar)).not.toThrow();
    expect(setItem).toHaveBeenCalled();
    expect(cart().items).toHaveLength(1);
  });
});

describe('a cart per store (issue 20)', () => {
  afterEach(() => localStorage.clear());

  it("switching store starts that store's cart and keeps the other for the way back", () => {
    cart().switchStore(1);
    cart().addItem(sugar);
    cart().addItem(sugar);
    expect(cart().items[0]).toMatchObject({ store_id: 1, quantity: 2 });

    cart().switchStore(2);
    expect(cart()).toMatchObject({ storeId: 2, items: [], total: 0 });
    cart().addItem(delivery);
    expect(cart().items).toEqual([expect.objectContaining({ store_id: 2 })]);

    cart().switchStore(1);
    expect(cart().items.map((item) => [item.product.name, item.quantity])).toEqual([
      ['Sugar 1kg', 2],
    ]);
    expect(cart().total).toBe(300);
    cart().switchStore(2);
    expect(cart().items.map((item) => item.product.name)).toEqual(['Delivery']);
  });

  it("keeps each store's cart under its own key", () => {
    cart().switchStore(1);
    cart().addItem(sugar);
    cart().switchStore(2);
    cart().clearCart();
    const stored = (key: string) =>
      (JSON.parse(localStorage.getItem(key)!) as { items: unknown[] }).items;
    expect(stored(cartStorageKey(1))).toHaveLength(1);
    expect(stored(cartStorageKey(2))).toHaveLength(0);
  });

  it("never brings a line of another store into this store's cart", () => {
    const line = (storeId: number) => ({
      id: `line-${storeId}`,
      store_id: storeId,
      product: { id: storeId, name: `From ${storeId}`, selling_price: 10, stock_unit: 'piece' },
      quantity: 1,
      unit_price: 10,
      total: 10,
      unit_type: 'piece',
    });
    localStorage.setItem(
      cartStorageKey(3),
      JSON.stringify({ version: 'v2', timestamp: Date.now(), items: [line(3), line(4)] }),
    );
    cart().switchStore(3);
    expect(cart().items.map((item) => item.product.name)).toEqual(['From 3']);
    expect(cart().total).toBe(10);
  });
});
