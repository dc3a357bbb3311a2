/** Purchase orders as the API answers them (spec §3, §7): money as numbers of shillings. */
import { centsToNumber, toCents } from '@duka/shared/money/money';
import type {
  PurchaseOrder,
  PurchaseOrderItem,
} from '@duka/shared/purchase-orders/purchase-orders.schemas';
import type { OrderWithParts } from './purchase-orders.service';
import type { PurchaseOrderItemRow } from './purchase-orders.table';

const cents = (value: string) => toCents(value) ?? 0;
const amount = (value: string) => centsToNumber(cents(value));

export function presentItem(row: PurchaseOrderItemRow): PurchaseOrderItem {
  const buying = cents(row.buyingPrice);
  return {
    id: row.id,
    product_id: row.productId,
    product_name: row.productName,
    Product: { name: row.productName },
    unit_type: row.unitType,
    quantity: row.quantity,
    received_quantity: row.receivedQuantity,
    buying_price: centsToNumber(buying),
    unit_price: centsToNumber(buying),
    selling_price: amount(row.sellingPrice),
    total: centsToNumber(buying * row.quantity),
  };
}

export function presentPurchaseOrder(row: OrderWithParts): PurchaseOrder {
  return {
    id: row.id,
    supplier_id: row.supplierId,
    supplier: row.supplier,
    status: row.status,
    expected_delivery_date: row.expectedDeliveryDate,
    notes: row.notes,
    total_amount: amount(row.total),
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    received_at: row.receivedAt ? row.receivedAt.toISOString() : null,
    items: row.items.map(presentItem),
  };
}
