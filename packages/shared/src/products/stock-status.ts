/** Spec §9: low stock is below 10. */
export const LOW_STOCK_BELOW = 10;

export type StockStatus = 'outOfStock' | 'lowStock' | 'inStock';

/** Spec §4 Stock label: 0 or below Out of Stock; below 10 Low Stock; otherwise In Stock. */
export function stockStatus(quantity: number): StockStatus {
  if (quantity <= 0) return 'outOfStock';
  if (quantity < LOW_STOCK_BELOW) return 'lowStock';
  return 'inStock';
}

/** The spec's words for each status, as the reports send them. */
export const STOCK_STATUS_LABELS = {
  outOfStock: 'Out of Stock',
  lowStock: 'Low Stock',
  inStock: 'In Stock',
} as const satisfies Record<StockStatus, string>;
