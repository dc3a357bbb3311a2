import { notFound } from '../../lib/errors';

export const expenseErrors = {
  // Also another store's expense (PRODUCT.md §2): 404, never 403.
  notFound: () => notFound('Expense not found', 'expenses.not_found'),
};
