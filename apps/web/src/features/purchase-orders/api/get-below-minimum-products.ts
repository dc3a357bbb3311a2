import type { Product } from '@duka/shared/products/products.schemas';
import { PAGE_SIZE_MAX } from '@duka/shared/products/products.schemas';
import type { ProductSupplier } from '@duka/shared/suppliers/product-suppliers.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

interface ProductPage {
  data: Product[];
  total: number;
}

/**
 * The supplier's linked products that are below their minimum: the links
 * (GET /product-suppliers?supplier_id=) met with the low-stock list
 * (GET /products?low_stock=true, every page). Read fresh on each click.
 */
export async function getBelowMinimumProducts(supplierId: number): Promise<Product[]> {
  const links = await apiClient.get<ProductSupplier[]>('/product-suppliers', {
    query: { supplier_id: supplierId },
  });
  if (links.length === 0) return [];
  const linked = new Set(links.map((link) => link.product_id));
  const low: Product[] = [];
  for (let page = 1; ; page += 1) {
    const { data, total } = await apiClient.get<ProductPage>('/products', {
      query: { low_stock: 'true', page, pageSize: PAGE_SIZE_MAX },
    });
    low.push(...data);
    if (data.length === 0 || low.length >= total) break;
  }
  return low.filter((product) => linked.has(product.id));
}

export function useBelowMinimumProducts() {
  return useMutation({ mutationFn: getBelowMinimumProducts });
}
