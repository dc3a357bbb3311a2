/**
 * The till's and the shop's cart (spec §4 Cart, §9). Saved to browser storage on every change
 * as { version: 'v2', timestamp, items } and restored only when younger than 24 hours.
 */
import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import {
  DELIVERY_SKU,
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
  items: CartItem[];
}

export interface CartState extends PersistedCart {
  total: number;
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
export const cartStorage: PersistStorage<PersistedCart> = {
  getItem: (name) => {
    try {
      const raw = localStorage.getItem(name);
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
        quietly(() => localStorage.removeItem(name));
        return null;
      }
      return { state: { items: stored.items }, version: 0 } satisfies StorageValue<PersistedCart>;
    } catch {
      quietly(() => localStorage.removeItem(name));
      return null;
    }
  },
  setItem: (name, value) =>
    quietly(() =>
      localStorage.setItem(
        name,
        JSON.stringify({
          version: CART_STORAGE_VERSION,
          timestamp: Date.now(),
          items: value.state.items,
        }),
      ),
    ),
  removeItem: (name) => quietly(() => localStorage.removeItem(name)),
};

let lineCounter = 0;
function newLineId(product: CartProduct, unitType: UnitType): string {
  lineCounter += 1;
  return `${product.id}-${unitType}-${Date.now().toString(36)}-${lineCounter}`;
}

function withTotal(items: CartItem[]): PersistedCart & { total: number } {
  return { items, total: cartTotal(items) };
}

function updateLine(items: CartItem[], id: string, change: (item: CartItem) => CartItem) {
  return items.map((item) => (item.id === id ? change(item) : item));
}

export const useCartStore = create<CartState>()(
  persist(
    (set, get) => ({
      items: [],
      total: 0,

      addItem: (product, options = {}) => {
        const unitType = options.unitType ?? 'piece';
        const items = get().items;
        const isDelivery = product.sku === DELIVERY_SKU;
        if (isDelivery && items.some((item) => item.product.sku === DELIVERY_SKU)) return;

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
      partialize: (state): PersistedCart => ({ items: state.items }),
      merge: (persisted, current) => {
        const items = (persisted as Partial<PersistedCart> | undefined)?.items ?? [];
        return { ...current, ...withTotal(items) };
      },
    },
  ),
);
