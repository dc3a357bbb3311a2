import { apiClient } from '@/lib/api-client';
import type { PosProduct } from '../lib/pos-products';
import { orFromDevice } from './device-catalogue';

/**
 * GET /products/search?q= — exact barcode or SKU matches first (spec §7). With no connection,
 * the device's catalogue answers the same way (issue 22).
 */
export async function searchProducts(q: string): Promise<PosProduct[]> {
  return orFromDevice(
    async () => {
      const response = await apiClient.get<{ data: PosProduct[] }>('/products/search', {
        query: { q },
      });
      return response.data;
    },
    (device) => device.searchDeviceProducts(q),
  );
}

/** GET /products?kind=service&active=true: the store's services, among them its delivery. */
export async function fetchServices(): Promise<PosProduct[]> {
  return orFromDevice(
    async () => {
      const response = await apiClient.get<{ data: PosProduct[] }>('/products', {
        query: { kind: 'service', active: true, pageSize: 100 },
      });
      return response.data;
    },
    (device) => device.deviceServices(),
  );
}
