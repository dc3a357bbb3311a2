/** Transfers and products as the API answers them, for the feature's tests. */
import type { Product } from '@duka/shared/products/products.schemas';
import type {
  StockTransfer,
  StockTransferItem,
} from '@duka/shared/stock-transfers/stock-transfers.schemas';

export const NAIROBI = { id: 1, name: 'Duka Demo — Nairobi' };
export const MOMBASA = { id: 2, name: 'Duka Demo — Mombasa' };

/** Jogoo maize flour kept by the pack of 12: 48 pieces on the shelf. */
export function buildTransferProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 7,
    name: 'Jogoo Maize Flour 2kg',
    description: '',
    sku: 'UNG-JOG2',
    tax_type: 'B',
    barcode: '6161101600019',
    category_id: 1,
    Category: { id: 1, name: 'Flour & Grains' },
    piece_selling_price: 185,
    pack_selling_price: 2131,
    dozen_selling_price: 2109,
    piece_buying_price: 160,
    pack_buying_price: 1920,
    dozen_buying_price: 1920,
    quantity: 4,
    stock_pieces: 48,
    pack_size: 12,
    stock_unit: 'pack',
    min_quantity: 1,
    image_url: null,
    thumbnail_url: null,
    images: [],
    is_active: true,
    kind: 'goods',
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

export function buildTransferItem(overrides: Partial<StockTransferItem> = {}): StockTransferItem {
  return {
    id: 31,
    product_id: 7,
    to_product_id: null,
    sku: 'UNG-JOG2',
    name: 'Jogoo Maize Flour 2kg',
    quantity: 2,
    unit_type: 'pack',
    pieces: 24,
    received_quantity: null,
    received_pieces: null,
    difference_pieces: null,
    piece_buying_price: 160,
    ...overrides,
  };
}

/** TRANSFER-12: two packs of 12 from Nairobi to Mombasa, in transit. */
export function buildTransfer(overrides: Partial<StockTransfer> = {}): StockTransfer {
  return {
    id: 12,
    from_store_id: NAIROBI.id,
    to_store_id: MOMBASA.id,
    from_store: NAIROBI,
    to_store: MOMBASA,
    status: 'in_transit',
    note: '',
    sent_by: { id: 1, name: 'Sam Super' },
    sent_at: '2026-11-26T07:30:00.000Z',
    received_by: null,
    received_at: null,
    cancelled_by: null,
    cancelled_at: null,
    items: [buildTransferItem()],
    total_pieces: 24,
    total_difference_pieces: 0,
    ...overrides,
  };
}

/** TRANSFER-12 received one pack short. */
export function buildReceivedTransfer(): StockTransfer {
  return buildTransfer({
    status: 'received',
    received_by: { id: 20, name: 'Mwanaisha Admin' },
    received_at: '2026-11-26T12:00:00.000Z',
    items: [
      buildTransferItem({
        to_product_id: 70,
        received_quantity: 1,
        received_pieces: 12,
        difference_pieces: -12,
      }),
    ],
    total_difference_pieces: -12,
  });
}
