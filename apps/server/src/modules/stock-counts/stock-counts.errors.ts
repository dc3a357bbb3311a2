import { COUNT_MESSAGES } from '@duka/shared/stock-counts/stock-counts.schemas';
import { conflict, fieldError, notFound } from '../../lib/errors';

export const stockCountErrors = {
  // Also another store's count (PRODUCT.md §2): 404, never 403.
  notFound: () => notFound(COUNT_MESSAGES.notFound, 'stock_count.not_found'),
  alreadyOpen: () => conflict('stock_count.already_open', COUNT_MESSAGES.alreadyOpen),
  finished: () => conflict('stock_count.finished', COUNT_MESSAGES.finished),
  // The differences' value beyond what the report can hold: a count far off, to count again.
  valueTooLarge: () =>
    conflict(
      'stock_count.value_too_large',
      'The differences are too large to value: count the products far off again',
    ),
  categoryNotFound: (index: number) =>
    fieldError(
      'stock_count.category_not_found',
      `category_ids.${index}`,
      COUNT_MESSAGES.categoryNotFound,
    ),
  notInCount: (index: number) =>
    fieldError('stock_count.not_in_count', `lines.${index}.product_id`, COUNT_MESSAGES.notInCount),
  service: (index: number) =>
    fieldError('stock_count.service', `lines.${index}.product_id`, COUNT_MESSAGES.service),
  // More pieces than any stock may hold (a huge count of big packs): the ledger's bound.
  tooMany: (index: number) =>
    fieldError(
      'stock_count.too_many',
      `lines.${index}.counted_quantity`,
      'Counted quantity is too large for this unit',
    ),
};
