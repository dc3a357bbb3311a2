/**
 * The till's and the shop's cart (spec §4 Cart, §9). Saved to browser storage on every change
 * as { version: 'v2', timestamp, items } and restored only when younger than 24 hours.
 *
 * A cart belongs to a store (issue 20): each store's cart is kept under its own key
 * (`cart-storage:{storeId}`; `cart-storage` while no store is known), every line carries its
 * store, and switching store (a super_admin) puts the other store's cart away until they
 * switch back. A line of another store is never restored into this one.
 */
import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import {
  isDeliveryProduct,
  cartTotal,
  isValidCartItem,
  lineTotal,
  unitSellingPrice,
  type CartItem,
  type CartProduct,
  type Price,
  type UnitType,
} from '../lib/cart-math';

export const CART_STORAGE_KEY = 'cart-storage';
export const CART_STORAGE_VERSION = 'v2';
export const CART_MAX_AGE_MS = 24 * 60 * 60 * 1000;

interface PersistedCart {
  /** The store the cart sells in; null until the signed-in person's store is known. */
  storeId: number | null;
  items: CartItem[];
}

/** Where a store's cart is kept. */
export function cartStorageKey(storeId: number | null): string {
  return storeId === null ? CART_STORAGE_KEY : `${CART_STORAGE_KEY}:${storeId}`;
}

export interface CartState extends PersistedCart {
  total: number;
  /** Puts this store's cart away and brings out `storeId`'s (empty when it has none). */
  switchStore: (storeId: number | null) => void;
  addItem: (product: CartProduct, options?: { unitType?: UnitType; unitPrice?: Price }) => void;
  /** Adds the delivery service once, at its piece selling price. */
  addDelivery: (product: CartProduct) => void;
  removeItem: (id: string) => void;
  updateQuantity: (id: string, quantity: number) => void;
  updateUnitPrice: (id: string, unitPrice: number) => void;
  updateUnitType: (id: string, unitType: UnitType) => void;
  clearCart: () => void;
}

function quietly(action: () => void) {
  try {
    action();
  } catch {
    // Spec §4: storage failures (private mode, quota) never break the till.
  }
}

/** Reads a stored cart; a stale, broken or foreign one is removed and nothing is restored. */
/** The store whose cart is read when the cart is restored (`persist.rehydrate`). */
let activeStoreId: number | null = null;

/** A stored cart of `storeId`, or null; a stale, broken or foreign one is removed. */
function readCart(storeId: number | null): CartItem[] | null {
  const key = cartStorageKey(storeId);
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<{
      version: unknown;
      timestamp: unknown;
      items: unknown;
    }>;
    const fresh =
      stored.version === CART_STORAGE_VERSION &&
      typeof stored.timestamp === 'number' &&
      Date.now() - stored.timestamp < CART_MAX_AGE_MS;
    if (!fresh || !Array.isArray(stored.items) || !stored.items.every(isValidCartItem)) {
      quietly(() => localStorage.removeItem(key));
      return null;
    }
    // A line of another store never reaches this store's checkout.
    return stored.items.filter((item) => (item.store_id ?? storeId) === storeId);
  } catch {
    quietly(() => localStorage.removeItem(key));
    return null;
  }
}

/** Reads and writes the cart of the store it belongs to; `name` is the base key. */
export const cartStorage: PersistStorage<PersistedCart> = {
  getItem: () => {
    const items = readCart(activeStoreId);
    return items === null
      ? null
      : ({
          state: { storeId: activeStoreId, items },
          version: 0,
        } satisfies StorageValue<PersistedCart>);
  },
  setItem: (_name, value) =>
    quietly(() =>
      localStorage.setItem(
        cartStorageKey(value.state.storeId),
        JSON.stringify({
          version: CART_STORAGE_VERSION,
          timestamp: Date.now(),
          items: value.state.items,
        }),
      ),
    ),
  removeItem: () => quietly(() => localStorage.removeItem(cartStorageKey(activeStoreId))),
};

let lineCounter = 0;
function newLineId(product: CartProduct, unitType: UnitType): string {
  lineCounter += 1;
  return `${product.id}-${unitType}-${Date.now().toString(36)}-${lineCounter}`;
}

function withTotal(items: CartItem[]): Pick<CartState, 'items' | 'total'> {
  return { items, total: cartTotal(items) };
}

function updateLine(items: CartItem[], id: string, change: (item: CartItem) => CartItem) {
  return items.map((item) => (item.id === id ? change(item) : item));
}

export const useCartStore = create<CartState>()(
  persist(
    (set, get) => ({
      storeId: null,
      items: [],
      total: 0,

      switchStore: (storeId) => {
        if (storeId === get().storeId) return;
        // The cart being left is already saved under its store's key (on every change).
        activeStoreId = storeId;
        set({ storeId, ...withTotal(readCart(storeId) ?? []) });
      },

      addItem: (product, options = {}) => {
        const unitType = options.unitType ?? 'piece';
        const items = get().items;
        const isDelivery = isDeliveryProduct(product);
        if (isDelivery && items.some((item) => isDeliveryProduct(item.product))) return;

        const existing = items.find(
          (item) => item.product.id === product.id && item.unit_type === unitType,
        );
        if (existing) {
          const quantity = existing.quantity + 1;
          set(
            withTotal(
              updateLine(items, existing.id, (item) => ({
                ...item,
                quantity,
                total: lineTotal(item.unit_price, quantity),
              })),
            ),
          );
          return;
        }

        const unitPrice =
          options.unitPrice !== undefined
            ? lineTotal(options.unitPrice, 1)
            : unitSellingPrice(product, unitType);
        const line: CartItem = {
          id: newLineId(product, unitType),
          store_id: get().storeId,
          product,
          quantity: 1,
          unit_price: unitPrice,
          total: lineTotal(unitPrice, 1),
          unit_type: unitType,
        };
        set(withTotal([...items, line]));
      },

      addDelivery: (product) =>
        get().addItem(product, {
          unitType: 'piece',
          unitPrice: product.piece_selling_price ?? product.selling_price,
        }),

      removeItem: (id) => set(withTotal(get().items.filter((item) => item.id !== id))),

      updateQuantity: (id, quantity) => {
        if (!Number.isFinite(quantity) || quantity < 1) return;
        const whole = Math.floor(quantity);
        set(
          withTotal(
            updateLine(get().items, id, (item) => ({
              ...item,
              quantity: whole,
              total: lineTotal(item.unit_price, whole),
            })),
          ),
        );
      },

      updateUnitPrice: (id, unitPrice) => {
        if (!Number.isFinite(unitPrice) || unitPrice < 0) return;
        set(
          withTotal(
            updateLine(get().items, id, (item) => {
              const price = lineTotal(unitPrice, 1);
              return { ...item, unit_price: price, total: lineTotal(price, item.quantity) };
            }),
          ),
        );
      },

      updateUnitType: (id, unitType) =>
        set(
          withTotal(
            updateLine(get().items, id, (item) => {
              const price = unitSellingPrice(item.product, unitType);
              return {
                ...item,
                unit_type: unitType,
                unit_price: price,
                total: lineTotal(price, item.quantity),
              };
            }),
          ),
        ),

      clearCart: () => set(withTotal([])),
    }),
    {
      name: CART_STORAGE_KEY,
      storage: cartStorage,
      partialize: (state): PersistedCart => ({ storeId: state.storeId, items: state.items }),
      merge: (persisted, current) => {
        const items = (persisted as Partial<PersistedCart> | undefined)?.items ?? [];
        return { ...current, storeId: activeStoreId, ...withTotal(items) };
      },
    },
  ),
);
