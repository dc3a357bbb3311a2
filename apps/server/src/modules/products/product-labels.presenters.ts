/** How a label is answered (labels.schemas labelSchema): prices set, barcode drawn. */
import { storedMoneyToNumber } from '@duka/shared/money/money';
import type { UnitType } from '@duka/shared/money/units';
import type { Label } from '@duka/shared/products/labels.schemas';
import { drawBarcode } from './barcode-svg';
import type { LabelRow } from './product-labels.service';
import type { ProductRow } from './products.table';

const SELLING_PRICES = [
  ['piece', 'pieceSellingPrice'],
  ['pack', 'packSellingPrice'],
  ['dozen', 'dozenSellingPrice'],
] as const satisfies readonly (readonly [UnitType, keyof ProductRow])[];

export function presentLabel({ product, copies }: LabelRow): Label {
  const barcode = product.barcode || null;
  const drawn = barcode ? drawBarcode(barcode) : null;
  return {
    product_id: product.id,
    name: product.name,
    sku: product.sku,
    barcode,
    symbology: drawn?.symbology ?? null,
    svg: drawn?.svg ?? null,
    // A price of 0 is one the shop does not sell the product by.
    prices: SELLING_PRICES.map(([unit_type, column]) => ({
      unit_type,
      price: storedMoneyToNumber(product[column]),
    })).filter(({ price }) => price > 0),
    copies,
  };
}
