import type { OrderStatus } from '@duka/shared/orders/orders.schemas';
import { QUANTITY_MAX } from '@duka/shared/products/products.schemas';
import { conflict, fieldError, notFound } from '../../lib/errors';

export const orderErrors = {
  // Also another store's order, and another shopper's (PRODUCT.md §2): 404, never 403.
  notFound: () => notFound('Order not found', 'order.not_found'),
  // A product that is gone, inactive, of another store, or the delivery service.
  productUnavailable: (index: number) =>
    fieldError(
      'order.product_unavailable',
      `items.${index}.product_id`,
      'This product is no longer available',
    ),
  // No selling price for that unit (pack or dozen): never ordered for nothing.
  unitNotSold: (index: number) =>
    fieldError(
      'order.unit_not_sold',
      `items.${index}.unit_type`,
      'This product is not sold in this unit',
    ),
  // The same product and unit sent on several lines add up beyond one quantity's limit.
  quantityTooLarge: (index: number) =>
    fieldError(
      'order.quantity_too_large',
      `items.${index}.quantity`,
      `Quantity must be at most ${QUANTITY_MAX.toLocaleString('en-KE')}`,
    ),
  // Checked when the order is placed and again when it is fulfilled (stock leaves then).
  insufficientStock: (name: string) =>
    conflict('order.insufficient_stock', `Insufficient stock for ${name}`),
  totalTooLarge: () => fieldError('order.total_too_large', 'items', 'The order total is too large'),
  badTransition: (from: OrderStatus, to: OrderStatus) => {
    if (from === to) return conflict('order.same_status', SAME_STATUS[from]);
    if (from === 'fulfilled') {
      return conflict('order.final_status', 'Order is already fulfilled');
    }
    if (from === 'cancelled') {
      return conflict('order.final_status', 'Cannot move a cancelled order');
    }
    return conflict('order.bad_transition', 'This status change is not allowed');
  },
};

const SAME_STATUS: Record<OrderStatus, string> = {
  pending: 'Order is already pending',
  shipped: 'Order is already shipped',
  fulfilled: 'Order is already fulfilled',
  cancelled: 'Order is already cancelled',
};
