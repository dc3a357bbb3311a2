import { LABELS_MAX } from '@duka/shared/products/labels.schemas';
import { useCallback, useMemo, useState } from 'react';
import type { InventoryProduct } from './product-types';

/**
 * The products chosen for labels (issue 25), by id in the order they were chosen, kept while
 * paging and searching; at most LABELS_MAX (what one GET /products/labels answers).
 */
export function useProductSelection() {
  const [chosen, setChosen] = useState<readonly number[]>([]);
  const set = useMemo(() => new Set(chosen), [chosen]);

  const setMany = useCallback((products: readonly InventoryProduct[], selected: boolean) => {
    setChosen((current) => {
      if (!selected) {
        const leaving = new Set(products.map((product) => product.id));
        return current.filter((id) => !leaving.has(id));
      }
      const have = new Set(current);
      const adding = products.map((product) => product.id).filter((id) => !have.has(id));
      return [...current, ...adding].slice(0, LABELS_MAX);
    });
  }, []);

  return {
    count: chosen.length,
    full: chosen.length >= LABELS_MAX,
    isSelected: (product: InventoryProduct) => set.has(product.id),
    onToggle: (product: InventoryProduct, selected: boolean) => setMany([product], selected),
    setMany,
    clear: () => setChosen([]),
    ids: () => [...chosen],
  };
}
