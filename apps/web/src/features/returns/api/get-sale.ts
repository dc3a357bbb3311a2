import type { Sale } from '@duka/shared/sales/sales.schemas';
import { apiClient } from '@/lib/api-client';

/** GET /sales/{id}: the sale whose receipt number was typed or scanned at the till (issue 24). */
export async function getSaleForReturn(saleId: number): Promise<Sale> {
  const response = await apiClient.get<{ success: boolean; data: Sale }>(`/sales/${saleId}`);
  return response.data;
}
