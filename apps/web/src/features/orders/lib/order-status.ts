import { canMoveOrder, type OrderStatus } from '@duka/shared/orders/orders.schemas';
import type { BadgeProps } from '@/components/ui/badge';

/** Order status colours: waiting yellow, on its way blue, done green, cancelled red. */
export const ORDER_STATUS_VARIANTS: Record<OrderStatus, NonNullable<BadgeProps['variant']>> = {
  pending: 'warning',
  shipped: 'info',
  fulfilled: 'success',
  cancelled: 'danger',
};

/**
 * Which buttons an order's dialog enables (spec §2: Mark as Shipped is disabled when shipped or
 * fulfilled; Mark as Fulfilled when fulfilled; a cancelled order is final, issue 8). The moves
 * themselves are the contract's (ORDER_TRANSITIONS); the server refuses any other.
 */
export function orderActions(status: OrderStatus) {
  return {
    ship: canMoveOrder(status, 'shipped'),
    fulfil: canMoveOrder(status, 'fulfilled'),
    cancel: canMoveOrder(status, 'cancelled'),
  };
}
