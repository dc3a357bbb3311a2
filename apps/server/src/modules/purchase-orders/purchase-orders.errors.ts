import { PURCHASE_ORDER_ITEMS_MAX } from '@duka/shared/purchase-orders/purchase-orders.schemas';
import { AppError, badRequest, conflict, fieldError, forbidden, notFound } from '../../lib/errors';

export const purchaseOrderErrors = {
  // Also another store's order (PRODUCT.md §2): 404, never 403.
  notFound: () => notFound('Purchase order not found', 'purchase_orders.not_found'),
  supplierNotFound: () =>
    fieldError('purchase_orders.supplier_not_found', 'supplier_id', 'Please select a supplier'),
  productNotFound: (index: number, id: number) =>
    badRequest('purchase_orders.product_not_found', `Product with id ${id} not found`, [
      { path: `items.${index}.product_id`, message: `Product with id ${id} not found` },
    ]),
  // Spec §8: a 400 whose message contains 'Product with id' is shown in an alert dialog.
  receivedProductGone: (id: number) =>
    badRequest('purchase_orders.product_not_found', `Product with id ${id} not found`),
  badTransition: (from: string, to: string) =>
    conflict('purchase_orders.bad_transition', `Cannot change status from ${from} to ${to}`),
  tooMuchStock: (id: number) =>
    new AppError(
      400,
      'purchase_orders.stock_too_large',
      `Receiving this order would take the stock of product ${id} beyond the limit`,
    ),
  totalTooLarge: () =>
    fieldError('purchase_orders.total_too_large', 'items', 'The order total is too large'),
  forbidden: () => forbidden(),
  notReceivable: (status: string) =>
    conflict(
      'purchase_orders.not_receivable',
      `Only an approved or partially received purchase order can be received (this one is ${status})`,
    ),
  itemNotOnOrder: (index: number, id: number) =>
    badRequest('purchase_orders.item_not_on_order', `Item ${id} is not on this purchase order`, [
      { path: `items.${index}.item_id`, message: `Item ${id} is not on this purchase order` },
    ]),
  // Never more than ordered: what remains is named, so the person can correct the count.
  overReceipt: (index: number, product: string, remaining: number) =>
    conflict(
      'purchase_orders.over_receipt',
      `Only ${remaining} of ${product} remain to be received`,
      [
        {
          path: `items.${index}.received_quantity`,
          message: `Only ${remaining} of ${product} remain to be received`,
        },
      ],
    ),
  notPending: (status: string) =>
    conflict(
      'purchase_orders.not_pending',
      `Items can only be added to a pending purchase order (this one is ${status})`,
    ),
  itemProductNotFound: (id: number) =>
    fieldError(
      'purchase_orders.product_not_found',
      'product_id',
      `Product with id ${id} not found`,
    ),
  // Decision 0006: a service has no stock, so nothing of it can be bought in or received.
  serviceOrdered: (path: string, name: string) =>
    fieldError(
      'purchase_orders.service_ordered',
      path,
      `${name} is a service: a purchase order buys goods only`,
    ),
  // Ordered as goods, made a service since: a service holds no stock to receive.
  serviceReceived: (name: string) =>
    badRequest(
      'purchase_orders.service_received',
      `${name} is now a service: it has no stock to receive`,
    ),
  alreadyOnOrder: () =>
    conflict('purchase_orders.item_exists', 'This product is already on the order', [
      { path: 'product_id', message: 'This product is already on the order' },
    ]),
  tooManyItems: () =>
    fieldError(
      'purchase_orders.too_many_items',
      'product_id',
      `A purchase order holds at most ${PURCHASE_ORDER_ITEMS_MAX} items`,
    ),
};
