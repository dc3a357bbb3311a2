import { TRANSFER_MESSAGES } from '@duka/shared/stock-transfers/stock-transfers.schemas';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../lib/errors';

export const transferErrors = {
  // Also a transfer between two other stores (PRODUCT.md §2): 404, never 403.
  notFound: () => notFound(TRANSFER_MESSAGES.notFound, 'transfer.not_found'),
  sameStore: () => fieldError('transfer.same_store', 'to_store_id', TRANSFER_MESSAGES.sameStore),
  // No such store, or an inactive one: 404 naming the field the form shows it on.
  destinationNotFound: () =>
    new AppError(404, 'store.not_found', TRANSFER_MESSAGES.destinationNotFound, [
      { path: 'to_store_id', message: TRANSFER_MESSAGES.destinationNotFound },
    ]),
  productNotFound: (index: number) =>
    fieldError(
      'transfer.product_not_found',
      `items.${index}.product_id`,
      TRANSFER_MESSAGES.productNotFound,
    ),
  service: (index: number) =>
    fieldError('transfer.service', `items.${index}.product_id`, TRANSFER_MESSAGES.service),
  insufficientStock: (name: string) =>
    conflict('transfer.insufficient_stock', TRANSFER_MESSAGES.insufficientStock(name)),
  notInTransit: () => conflict('transfer.not_in_transit', TRANSFER_MESSAGES.notInTransit),
  notReceiver: () => forbidden(TRANSFER_MESSAGES.notReceiver, 'transfer.not_receiver'),
  notSender: () => forbidden(TRANSFER_MESSAGES.notSender, 'transfer.not_sender'),
  notInTransfer: (index: number) =>
    fieldError(
      'transfer.not_in_transfer',
      `items.${index}.product_id`,
      TRANSFER_MESSAGES.notInTransfer,
    ),
  // More arrived than any stock can hold (the pieces of a huge count of big packs).
  tooMuchReceived: (index: number) =>
    fieldError(
      'transfer.too_much_received',
      `items.${index}.received_quantity`,
      'Received quantity is too large for this unit',
    ),
  // What arrived would take the destination's stock of that SKU beyond the ledger's bound.
  destinationStockTooLarge: (index: number) =>
    fieldError(
      'transfer.stock_too_large',
      `items.${index}.received_quantity`,
      'Receiving this would take the stock here beyond the limit',
    ),
  cancelStockTooLarge: () =>
    conflict(
      'transfer.cancel_stock_too_large',
      'Cancelling would take the stock here beyond the limit',
    ),
  destinationService: (sku: string) =>
    conflict('transfer.destination_service', TRANSFER_MESSAGES.destinationService(sku)),
};
