/**
 * The till with no connection (issue 22): the same calls as the server's, answered from the
 * device's catalogue (features/offline). Loaded with import() when the server cannot be
 * reached, so the till's own chunk stays within its budget. A device that has never downloaded
 * its store answers nothing: the caller shows the connection error as before.
 */
import { isNetworkFailure } from '@/lib/api-client';
import {
  posProductFromDevice,
  tillCustomerFromDevice,
  type TillCustomer,
} from '../lib/device-products';
import { POS_PAGE_SIZE, type PosProduct } from '../lib/pos-products';

const loadCatalogue = () => import('@/features/offline/offline-catalogue');

/** How many results a search of the device gives (as GET /products/search does). */
export const DEVICE_SEARCH_LIMIT = 20;

/**
 * Runs the server call, or the device's answer when there is no connection: the browser says
 * it is offline, or the call failed for network reasons. The device's answer is used only if
 * the device holds a catalogue; otherwise the network error stands.
 */
export async function orFromDevice<T>(
  online: () => Promise<T>,
  offline: () => Promise<T>,
): Promise<T> {
  let failure: unknown = null;
  // The browser knows it has no connection: no need to wait for fetch to fail.
  if (navigator.onLine !== false) {
    try {
      return await online();
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      failure = error;
    }
  }
  const catalogue = await loadCatalogue();
  if (!(await catalogue.catalogueSyncedAt())) {
    throw failure instanceof Error
      ? failure
      : new TypeError('No connection, and no catalogue on this device yet');
  }
  return offline();
}

/** Search and scan: an exact barcode or SKU first, as the server's search answers. */
export async function searchDeviceProducts(q: string): Promise<PosProduct[]> {
  const { searchDeviceProducts: search } = await loadCatalogue();
  const { products } = await search(q, { limit: DEVICE_SEARCH_LIMIT });
  return products.map(posProductFromDevice);
}

/** The store's active services (its delivery among them). */
export async function deviceServices(): Promise<PosProduct[]> {
  const { searchDeviceProducts: search } = await loadCatalogue();
  const { products } = await search('', { kind: 'service', limit: 100 });
  return products.map(posProductFromDevice);
}

/** One page of the grid: goods only, by name, twelve at a time. */
export async function deviceProductPage(q: string, page: number) {
  const { searchDeviceProducts: search } = await loadCatalogue();
  const { products, total } = await search(q, {
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
  const { searchDeviceCustomers } = await loadCatalogue();
  return (await searchDeviceCustomers(q)).map(tillCustomerFromDevice);
}

/** Add customer with no connection: kept on the device until the uploader sends it. */
export async function addDeviceCustomer(input: {
  name: string;
  phone: string;
  client_customer_id: string;
}): Promise<TillCustomer> {
  const { addLocalCustomer } = await loadCatalogue();
  return tillCustomerFromDevice(await addLocalCustomer(input));
}
