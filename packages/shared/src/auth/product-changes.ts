/**
 * Who may change which field of an existing product (issue 20, PRODUCT.md §1): any staff member
 * may add products and edit names, codes, descriptions and photos; prices, the stock and the
 * kind are for managers (and admins, super_admins), who change stock with a reason. The server
 * refuses a cashier's change of them (403, PUT /products/{id} and the CSV import); the product
 * form shows them read-only to a cashier. Pure: both apps call it with what they hold.
 */
import { toCents } from '../money/money';
import { toPieces, wholeUnits, type UnitType } from '../money/units';
import { can } from './permissions';
import type { Role } from './roles';

/** The six prices of a product, with the labels of the product form (spec §5). */
export const PRODUCT_PRICE_LABELS = {
  piece_buying_price: 'Piece Buying Price',
  piece_selling_price: 'Piece Selling Price',
  pack_buying_price: 'Pack Buying Price',
  pack_selling_price: 'Pack Selling Price',
  dozen_buying_price: 'Dozen Buying Price',
  dozen_selling_price: 'Dozen Selling Price',
} as const;
export type ProductPriceField = keyof typeof PRODUCT_PRICE_LABELS;
const PRICE_FIELDS = Object.keys(PRODUCT_PRICE_LABELS) as ProductPriceField[];

/**
 * THE list of fields only a manager may change, each with its label for the refusal. Prices
 * compare as money (120 = "120.00"), `quantity` by the stock it leaves (stockPiecesAfter), any
 * other field by plain equality — a new manager-only field (the product's `kind`) is one line.
 */
export const MANAGER_ONLY_PRODUCT_FIELDS = {
  ...PRODUCT_PRICE_LABELS,
  quantity: 'Quantity',
  // A pack's size prices its pieces: a pack of 6 sold at the pack price as a pack of 60 is a
  // price cut that no discount would show.
  pack_size: 'Pack Size',
  kind: 'Kind',
  // Issue 26: the tax letter decides the VAT on every sale of it.
  tax_type: 'Tax type',
} as const;
export type ManagerOnlyProductField = keyof typeof MANAGER_ONLY_PRODUCT_FIELDS;

/** What the policy needs of the product as it stands (the API's product answer fits). */
export interface ProductAsStored {
  stock_pieces: number;
  stock_unit: UnitType;
  pack_size: number;
  [field: string]: unknown;
}

/** The fields of an edit that bear on stock (the rest of the body may be anything). */
export interface StockEdit {
  quantity?: number;
  stock_unit?: UnitType;
  pack_size?: number;
}

/**
 * The exact pieces an edit leaves. `quantity` is read in the stock unit the product has after
 * the edit; the quantity the product already reports, in a unit of the same size, keeps its
 * exact pieces (a form sending every field back does not round away pieces sold singly).
 */
export function stockPiecesAfter(current: ProductAsStored, edit: StockEdit): number {
  if (edit.quantity === undefined) return current.stock_pieces;
  const unit = edit.stock_unit ?? current.stock_unit;
  const packSize = edit.pack_size ?? current.pack_size;
  const reported = wholeUnits(current.stock_pieces, current.stock_unit, current.pack_size);
  const sameUnitSize =
    toPieces(1, unit, packSize) === toPieces(1, current.stock_unit, current.pack_size);
  if (sameUnitSize && edit.quantity === reported) return current.stock_pieces;
  return toPieces(edit.quantity, unit, packSize);
}

function changes(
  field: ManagerOnlyProductField,
  current: ProductAsStored,
  edit: StockEdit & Record<string, unknown>,
): boolean {
  if (edit[field] === undefined) return false;
  if ((PRICE_FIELDS as string[]).includes(field)) {
    return toCents(edit[field]) !== toCents(current[field]);
  }
  if (field === 'quantity') return stockPiecesAfter(current, edit) !== current.stock_pieces;
  return edit[field] !== current[field];
}

/** True when `role` may change prices, stock and kind (managers, admins, super_admins). */
export function mayChangePricesAndStock(role: Role | null | undefined): boolean {
  return can(role, 'products:prices-and-stock');
}

/**
 * The manager-only fields an edit by `role` would change and the role may not: empty when the
 * edit is allowed. Sending a field with the value it already has is no change.
 */
export function forbiddenProductChanges(
  role: Role,
  current: ProductAsStored,
  edit: StockEdit & Record<string, unknown>,
): ManagerOnlyProductField[] {
  if (mayChangePricesAndStock(role)) return [];
  return (Object.keys(MANAGER_ONLY_PRODUCT_FIELDS) as ManagerOnlyProductField[]).filter((field) =>
    changes(field, current, edit),
  );
}

/** The refusal, naming the fields: 'Only a manager can change Piece Selling Price, Quantity'. */
export function forbiddenProductChangesMessage(fields: readonly ManagerOnlyProductField[]): string {
  const labels = fields.map((field) => MANAGER_ONLY_PRODUCT_FIELDS[field]);
  return `Only a manager can change ${labels.join(', ')}`;
}

/** Each refused field's own error (a fixed text the web app translates). */
export const MANAGER_ONLY_FIELD_MESSAGE = 'Only a manager can change this';
