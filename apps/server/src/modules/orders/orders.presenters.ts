/** Online orders as the API answers them (spec §3 Order). */
import { storedMoneyToNumber } from '@duka/shared/money/money';
import type { Order, OrderItem } from '@duka/shared/orders/orders.schemas';
import type { OrderWithParts } from './orders.service';
import type { OrderItemRow } from './orders.table';

/** A money column as the API gives it (shared/money: the stored text read as a number). */
const money = storedMoneyToNumber;

export function presentOrderItem(row: OrderItemRow): OrderItem {
  return {
    id: row.id,
    product_id: row.productId,
    Product: { name: row.productName, sku: row.productSku },
    quantity: row.quantity,
    unit_type: row.unitType,
    unit_price: money(row.unitPrice),
    total: money(row.total),
  };
}

export function presentOrder({ order, items, user }: OrderWithParts): Order {
  return {
    id: order.id,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    status: order.status,
    total_amount: money(order.totalAmount),
    items_count: items.length,
    User: user,
    phone: order.phone,
    fulfilment: order.fulfilment,
    address: order.address,
    items: items.map(presentOrderItem),
  };
}
