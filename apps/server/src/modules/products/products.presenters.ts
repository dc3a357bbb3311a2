/**
 * How a product and its stock history are answered (spec §3): prices as numbers, the quantity
 * in the product's stock unit, and a shopper's view parsed through the shopper schema.
 */
import type { Role } from '@duka/shared/auth/roles';
import { storedMoneyToNumber } from '@duka/shared/money/money';
import { wholeUnits } from '@duka/shared/money/units';
import {
  shopperProductSchema,
  type Product,
  type ShopperProduct,
  type StockMovement,
} from '@duka/shared/products/products.schemas';
import { presentImage, type ImageRef } from './product-images.presenters';
import type { ProductRow } from './products.table';
import type { StockMovementRow } from './stock-movements.table';

export type CategoryRef = { id: number; name: string } | null;
export type ProductWithCategory = ProductRow & { category: CategoryRef; images: ImageRef[] };

const price = storedMoneyToNumber;

/** A product as staff see it: prices as numbers with two decimals, quantity in its stock unit. */
export function presentProduct(row: ProductWithCategory): Product {
  const images = row.images.map(presentImage);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sku: row.sku,
    barcode: row.barcode,
    category_id: row.categoryId,
    Category: row.category,
    piece_buying_price: price(row.pieceBuyingPrice),
    piece_selling_price: price(row.pieceSellingPrice),
    pack_buying_price: price(row.packBuyingPrice),
    pack_selling_price: price(row.packSellingPrice),
    dozen_buying_price: price(row.dozenBuyingPrice),
    dozen_selling_price: price(row.dozenSellingPrice),
    quantity: wholeUnits(row.stockPieces, row.stockUnit, row.packSize),
    stock_pieces: row.stockPieces,
    min_quantity: row.minQuantity,
    pack_size: row.packSize,
    stock_unit: row.stockUnit,
    image_url: images[0]?.url ?? null,
    thumbnail_url: images[0]?.thumbnail_url ?? null,
    images,
    is_active: row.isActive,
    kind: row.kind,
    tax_type: row.taxType,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * What a caller of `role` may see: shoppers get the shopper schema's fields only — parsed
 * through it, so buying prices and minimums cannot leak (PRODUCT.md §1). The exact stock is
 * theirs to see (issue 20: the shop shows it as on the shelf).
 */
export function presentFor(role: Role, row: ProductWithCategory): Product | ShopperProduct {
  const product = presentProduct(row);
  return role === 'user' ? shopperProductSchema.parse(product) : product;
}

export function presentMovement(
  row: StockMovementRow & {
    user: { id: number; name: string } | null;
    /** Issue 25: the other store of a transfer's movement. */
    otherStore?: { id: number; name: string } | null;
  },
): StockMovement {
  return {
    id: row.id,
    product_id: row.productId,
    change_pieces: row.changePieces,
    reason: row.reason,
    adjustment_reason: row.adjustmentReason,
    reference: row.reference,
    other_store: row.otherStore ?? null,
    User: row.user,
    created_at: row.createdAt.toISOString(),
  };
}
