/**
 * What a device keeps (issue 22; packages/shared/src/sync/sync.schemas.ts): a product with its
 * selling prices only, its quantity in its stock unit and its thumbnail's URL; a customer with
 * what the till's selector shows. Money as numbers of shillings, as every answer has it.
 */
import { storedMoneyToNumber } from '@duka/shared/money/money';
import { wholeUnits } from '@duka/shared/money/units';
import type { SyncCustomer, SyncProduct } from '@duka/shared/sync/sync.schemas';
import { fileUrl } from '../products/product-images.presenters';
import type { SyncCustomerRow, SyncProductRow } from './sync.service';

export function presentSyncProduct(row: SyncProductRow): SyncProduct {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    barcode: row.barcode,
    category:
      row.categoryId !== null && row.categoryName !== null
        ? { id: row.categoryId, name: row.categoryName }
        : null,
    piece_selling_price: storedMoneyToNumber(row.pieceSellingPrice),
    pack_selling_price: storedMoneyToNumber(row.packSellingPrice),
    dozen_selling_price: storedMoneyToNumber(row.dozenSellingPrice),
    pack_size: row.packSize,
    stock_unit: row.stockUnit,
    quantity: wholeUnits(row.stockPieces, row.stockUnit, row.packSize),
    stock_pieces: row.stockPieces,
    is_active: row.isActive,
    kind: row.kind,
    thumbnail_url: row.thumbnailName === null ? null : fileUrl(row.storeId, row.thumbnailName),
  };
}

export function presentSyncCustomer(row: SyncCustomerRow): SyncCustomer {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    is_walk_in: row.isWalkIn,
    loyalty_points: row.loyaltyPoints,
    balance: storedMoneyToNumber(row.balance),
    credit_limit: row.creditLimit === null ? null : storedMoneyToNumber(row.creditLimit),
  };
}
