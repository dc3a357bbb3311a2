import type { InventoryProduct } from './product-types';

/** A product as GET /products answers it, for tests. */
export function buildProduct(overrides: Partial<InventoryProduct> = {}): InventoryProduct {
  return {
    id: 7,
    name: 'Sugar 1kg',
    description: 'Mumias white sugar',
    sku: 'SUG-1KG',
    barcode: '6161101230017',
    category_id: 2,
    Category: { id: 2, name: 'Sugar' },
    piece_buying_price: 140,
    piece_selling_price: 160.5,
    pack_buying_price: 1650,
    pack_selling_price: 1850,
    dozen_buying_price: 1650,
    dozen_selling_price: 1850,
    quantity: 24,
    min_quantity: 5,
    pack_size: 12,
    stock_unit: 'piece',
    stock_pieces: 24,
    image_url: null,
    images: [],
    thumbnail_url: null,
    is_active: true,
    kind: 'goods',
    tax_type: 'B',
    created_at: '2025-01-15T09:30:00.000Z',
    updated_at: '2025-01-15T09:30:00.000Z',
    ...overrides,
  };
}
