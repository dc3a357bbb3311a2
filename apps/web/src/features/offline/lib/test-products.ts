/** Products and customers as GET /sync/* answers them, for the offline tests and the bench. */
import type { SyncCustomer, SyncProduct } from '@duka/shared/sync/sync.schemas';

export function syncProduct(id: number, fields: Partial<SyncProduct> = {}): SyncProduct {
  return {
    id,
    name: `Product ${id}`,
    sku: `SKU-${id}`,
    barcode: String(6_000_000_000_000 + id),
    category: null,
    piece_selling_price: 100,
    pack_selling_price: 0,
    dozen_selling_price: 0,
    pack_size: 1,
    stock_unit: 'piece',
    quantity: 10,
    stock_pieces: 10,
    is_active: true,
    kind: 'goods',
    thumbnail_url: null,
    ...fields,
  };
}

export function syncCustomer(id: number, fields: Partial<SyncCustomer> = {}): SyncCustomer {
  return {
    id,
    name: `Customer ${id}`,
    phone: `+2547000000${String(id).padStart(2, '0')}`,
    email: null,
    is_walk_in: false,
    loyalty_points: 0,
    balance: 0,
    credit_limit: null,
    ...fields,
  };
}

const BRANDS = ['Kabras', 'Mumias', 'Brookside', 'Jogoo', 'Pembe', 'Kimbo', 'Ketepa', 'Exe'];
const GOODS = ['Sugar', 'Milk', 'Maize Flour', 'Wheat Flour', 'Cooking Fat', 'Tea Leaves'];
const SIZES = ['250g', '500g', '1kg', '2kg', '5kg', '500ml', '1l'];

/**
 * `count` products with names like a Kenyan shop's ("Kabras Sugar 1kg #123"), SKUs SKU-<id>
 * and 13-digit barcodes 600…<id>; the same every run.
 */
export function shopProducts(count: number): SyncProduct[] {
  return Array.from({ length: count }, (_, index) => {
    const id = index + 1;
    const name = `${BRANDS[id % BRANDS.length]} ${GOODS[id % GOODS.length]} ${SIZES[id % SIZES.length]} #${id}`;
    return syncProduct(id, { name });
  });
}
