import {
  forbiddenCustomerChangesMessage,
  type ManagerOnlyCustomerField,
} from '@duka/shared/auth/customer-changes';
import { MANAGER_ONLY_FIELD_MESSAGE } from '@duka/shared/auth/product-changes';
import { formatCurrency } from '@duka/shared/money/money';
import { AppError, badRequest, conflict, fieldError, notFound } from '../../lib/errors';

export const customerErrors = {
  // Also another store's customer and an archived one (PRODUCT.md §2): 404, never 403.
  notFound: () => notFound('Customer not found', 'customers.not_found'),
  walkInRename: () =>
    conflict('customers.walk_in_protected', 'The Walk-in Customer cannot be renamed', [
      { path: 'name', message: 'The Walk-in Customer cannot be renamed' },
    ]),
  // Issue 21: a customer's credit limit is a manager's to set.
  managerOnly: (fields: readonly ManagerOnlyCustomerField[]) =>
    new AppError(
      403,
      'customers.manager_only',
      forbiddenCustomerChangesMessage(fields),
      fields.map((path) => ({ path, message: MANAGER_ONLY_FIELD_MESSAGE })),
    ),
  // Issue 21: a debt is never archived out of sight. `balance` is the stored numeric text.
  owes: (name: string, balance: string) =>
    conflict(
      'customers.has_balance',
      `${name} owes ${formatCurrency(balance)}: record the repayment before deleting them`,
    ),
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
  // Issue 21: repayments and statements.
  walkInAccount: () =>
    badRequest('customers.walk_in_account', 'The Walk-in Customer has no credit account'),
  owesNothing: (name: string) =>
    fieldError('customers.owes_nothing', 'amount', `${name} owes nothing`),
  repaymentOverBalance: (balance: string) =>
    fieldError(
      'customers.repayment_over_balance',
      'amount',
      `Amount is more than the balance of ${formatCurrency(balance)}`,
    ),
  repaymentKeyReused: () =>
    conflict(
      'customers.idempotency_key_reused',
      'This Idempotency-Key was used for a different repayment',
    ),
  noPhone: () =>
    fieldError(
      'customers.no_phone',
      'phone',
      'This customer has no phone number. Enter the number to send the statement to.',
    ),
  notEnoughPoints: () =>
    conflict('loyalty.not_enough_points', 'Not enough loyalty points', [
      { path: 'points', message: 'Not enough loyalty points' },
    ]),
};
