/**
 * The till's view of the device's data (issue 22): a product or customer kept on the device,
 * shaped as the server's answers are, so the grid, the cart and the checkout take it unchanged.
 * Loaded with the device's answers only (api/device-answers.ts).
 */
import type { SyncCustomer, SyncProduct } from '@duka/shared/sync/sync.schemas';
import type { TillCustomer } from './device-products';
import type { PosProduct } from './pos-products';

/** A product from the device: its one thumbnail, no description or other photos. */
export function posProductFromDevice(product: SyncProduct): PosProduct {
  return {
    id: product.id,
    name: product.name,
    description: '',
    sku: product.sku,
    barcode: product.barcode,
    category_id: product.category?.id ?? null,
    Category: product.category,
    piece_selling_price: product.piece_selling_price,
    pack_selling_price: product.pack_selling_price,
    dozen_selling_price: product.dozen_selling_price,
    quantity: product.quantity,
    stock_pieces: product.stock_pieces,
    pack_size: product.pack_size,
    stock_unit: product.stock_unit,
    image_url: product.thumbnail_url,
    thumbnail_url: product.thumbnail_url,
    images: [],
    is_active: product.is_active,
    kind: product.kind,
  };
}

export function tillCustomerFromDevice(
  customer: SyncCustomer & { client_customer_id: string | null },
): TillCustomer {
  return {
    ...customer,
    address: null,
    notes: null,
    // The device's customers carry no KRA PIN (issue 26): the till asks for it online only.
    kra_pin: null,
    oldest_unpaid_at: null,
    created_at: '',
  };
}
