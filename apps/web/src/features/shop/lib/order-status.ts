import type { OrderStatus } from '@duka/shared/orders/orders.schemas';

/**
 * Each order status its own colour (issue 8, spec §4 status colours: pending yellow, done
 * green, refused red, anything else its own hue). Dark text on light tints and light text on
 * dark tints keep 4.5:1 in both themes.
 */
export const ORDER_STATUS_CLASSES: Record<OrderStatus, string> = {
  pending:
    'border-amber-300 bg-amber-100 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200',
  shipped:
    'border-sky-300 bg-sky-100 text-sky-900 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-200',
  fulfilled:
    'border-emerald-300 bg-emerald-100 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200',
  cancelled:
    'border-red-300 bg-red-100 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-200',
};
