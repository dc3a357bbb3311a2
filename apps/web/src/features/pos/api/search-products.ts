import { apiClient } from '@/lib/api-client';
import type { PosProduct } from '../lib/pos-products';

/** GET /products/search?q= — exact barcode or SKU matches first (spec §7). */
export async function searchProducts(q: string): Promise<PosProduct[]> {
  const response = await apiClient.get<{ data: PosProduct[] }>('/products/search', {
    query: { q },
  });
  return response.data;
}

/** GET /products?kind=service&active=true: the store's services, among them its delivery. */
export async function fetchServices(): Promise<PosProduct[]> {
  const response = await apiClient.get<{ data: PosProduct[] }>('/products', {
    query: { kind: 'service', active: true, pageSize: 100 },
  });
  return response.data;
}
