import type {
  StockCountDetail,
  StockCountLine,
} from '@duka/shared/stock-counts/stock-counts.schemas';
import type { CountProduct } from './count-product';

/** Jogoo flour: kept by the piece, sold in packs of 12 and by the dozen (tests only). */
export const JOGOO: CountProduct = {
  id: 1,
  name: 'Jogoo Maize Flour 2kg',
  sku: 'UNG-JOG2',
  barcode: '6161101600019',
  category_id: 1,
  pack_size: 12,
  stock_unit: 'piece',
  kind: 'goods',
  pack_selling_price: 2131,
  dozen_selling_price: 2109,
};

/** Kabras sugar: pieces only (no pack, no dozen price). */
export const KABRAS: CountProduct = {
  id: 2,
  name: 'Kabras Sugar 2kg',
  sku: 'SUG-KAB2',
  barcode: null,
  category_id: 1,
  pack_size: 1,
  stock_unit: 'piece',
  kind: 'goods',
  pack_selling_price: 0,
  dozen_selling_price: 0,
};

/** A Kasuku book of another category (Stationery). */
export const KASUKU: CountProduct = {
  id: 3,
  name: 'Kasuku Exercise Book A5 96 Pages',
  sku: 'STN-KAS96',
  barcode: '6161102300017',
  category_id: 4,
  pack_size: 1,
  stock_unit: 'dozen',
  kind: 'goods',
  pack_selling_price: 0,
  dozen_selling_price: 513,
};

/** Wanjiku counted 5 pieces of sugar at 08:02 in Nairobi; the books said 6. */
export const KABRAS_LINE: StockCountLine = {
  product_id: KABRAS.id,
  name: KABRAS.name,
  sku: KABRAS.sku,
  unit_type: 'piece',
  counted_quantity: 5,
  counted_pieces: 5,
  expected_pieces: 6,
  difference_pieces: -1,
  difference_value: -190,
  counted_by: { id: 3, name: 'Wanjiku Cashier' },
  counted_at: '2026-11-26T05:02:00.000Z',
};

/** Count #3 of the Flour & Grains and Sugar categories, open, 1 of 12 counted. */
export const OPEN_COUNT: StockCountDetail = {
  id: 3,
  store_id: 1,
  status: 'open',
  categories: [
    { id: 1, name: 'Flour & Grains' },
    { id: 2, name: 'Sugar' },
  ],
  zero_uncounted: false,
  started_by: { id: 9, name: 'Musa Manager' },
  started_at: '2026-11-26T05:00:00.000Z',
  finished_by: null,
  finished_at: null,
  products_in_scope: 12,
  lines_counted: 1,
  total_difference_value: -190,
  lines: [KABRAS_LINE],
};
