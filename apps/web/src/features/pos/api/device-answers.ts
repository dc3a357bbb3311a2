/**
 * The till's calls answered from the device's catalogue (issue 22), as the server answers them.
 * Loaded with import() by device-catalogue.ts only when the server cannot be reached.
 */
import {
  addLocalCustomer,
  catalogueSyncedAt,
  searchDeviceCustomers,
  searchDeviceProducts as searchCatalogue,
} from '@/features/offline/offline-catalogue';
import { posProductFromDevice, tillCustomerFromDevice } from '../lib/device-mapping';
import type { TillCustomer } from '../lib/device-products';
import { POS_PAGE_SIZE, type PosProduct } from '../lib/pos-products';

/** How many results a search of the device gives (as GET /products/search does). */
export const DEVICE_SEARCH_LIMIT = 20;

/** Whether the device holds a complete download of its store. */
export async function holdsCatalogue(): Promise<boolean> {
  return Boolean(await catalogueSyncedAt());
}

/** Search and scan: an exact barcode or SKU first, as the server's search answers. */
export async function searchDeviceProducts(q: string): Promise<PosProduct[]> {
  const { products } = await searchCatalogue(q, { limit: DEVICE_SEARCH_LIMIT });
  return products.map(posProductFromDevice);
}

/** The store's active services (its delivery among them). */
export async function deviceServices(): Promise<PosProduct[]> {
  const { products } = await searchCatalogue('', { kind: 'service', limit: 100 });
  return products.map(posProductFromDevice);
}

/** One page of the grid: goods only, by name, twelve at a time. */
export async function deviceProductPage(q: string, page: number) {
  const { products, total } = await searchCatalogue(q, {
    kind: 'goods',
    limit: POS_PAGE_SIZE,
    offset: (page - 1) * POS_PAGE_SIZE,
  });
  return {
    data: products.map(posProductFromDevice),
    total,
    page,
    pageSize: POS_PAGE_SIZE,
    fromDevice: true as const,
  };
}

/** The customer selector: the device's customers and those added offline. */
export async function deviceCustomers(q: string): Promise<TillCustomer[]> {
  return (await searchDeviceCustomers(q)).map(tillCustomerFromDevice);
}

/** Add customer with no connection: kept on the device until the uploader sends it. */
export async function addDeviceCustomer(input: {
  name: string;
  phone: string;
  client_customer_id: string;
}): Promise<TillCustomer> {
  return tillCustomerFromDevice(await addLocalCustomer(input));
}
