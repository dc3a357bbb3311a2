import { conflict, fieldError, notFound } from '../../lib/errors';

export const customerErrors = {
  // Also another store's customer and an archived one (PRODUCT.md §2): 404, never 403.
  notFound: () => notFound('Customer not found', 'customers.not_found'),
  walkInRename: () =>
    conflict('customers.walk_in_protected', 'The Walk-in Customer cannot be renamed', [
      { path: 'name', message: 'The Walk-in Customer cannot be renamed' },
    ]),
  walkInDelete: () =>
    conflict('customers.walk_in_protected', 'The Walk-in Customer cannot be deleted'),
  walkInLoyalty: () =>
    fieldError(
      'loyalty.walk_in',
      'customer_id',
      'The Walk-in Customer does not collect loyalty points',
    ),
  balanceTooLarge: () =>
    fieldError(
      'loyalty.balance_too_large',
      'points',
      'A loyalty balance cannot exceed 2,147,483,647 points',
    ),
  notEnoughPoints: () =>
    conflict('loyalty.not_enough_points', 'Not enough loyalty points', [
      { path: 'points', message: 'Not enough loyalty points' },
    ]),
};
