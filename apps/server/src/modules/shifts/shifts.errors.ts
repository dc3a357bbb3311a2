import { EXPENSE_MESSAGES } from '@duka/shared/expenses/expenses.schemas';
import { SHIFT_MESSAGES } from '@duka/shared/shifts/shifts.schemas';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors';

export const shiftErrors = {
  // Also another store's shift (PRODUCT.md §2): 404, never 403.
  notFound: () => notFound('Shift not found', 'shift.not_found'),
  alreadyOpen: () => conflict('shift.already_open', SHIFT_MESSAGES.alreadyOpen),
  closed: () => conflict('shift.closed', SHIFT_MESSAGES.closed),
  notYours: () => forbidden(SHIFT_MESSAGES.notYours, 'shift.not_yours'),
  // A pay-out recorded as an expense is an expense: the expenses' own ceiling holds for it.
  expenseTooLarge: () =>
    fieldError('shift.expense_too_large', 'amount', EXPENSE_MESSAGES.amountTooLarge),
};
