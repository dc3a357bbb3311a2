import { apiClient } from '@/lib/api-client';
import type { PosProduct } from '../lib/pos-products';

/** GET /products/{id}: the product as it is now (its stock after a 409 at checkout). */
export async function getProduct(id: number): Promise<PosProduct> {
  return (await apiClient.get<{ data: PosProduct }>(`/products/${id}`)).data;
}
