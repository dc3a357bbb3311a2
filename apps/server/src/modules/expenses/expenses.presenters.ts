/** Expenses as the API answers them (spec §3 Expense): the amount in shillings, who spent it. */
import type {
  Expense,
  ExpenseCategory,
  ExpensePaymentMethod,
} from '@duka/shared/expenses/expenses.schemas';
import { centsToNumber, toCents } from '@duka/shared/money/money';
import type { ExpenseWithUser } from './expenses.service';

export function presentExpense(row: ExpenseWithUser): Expense {
  return {
    id: row.id,
    description: row.description,
    amount: centsToNumber(toCents(row.amount) ?? 0),
    category: row.category as ExpenseCategory,
    date: row.date,
    payment_method: row.paymentMethod as ExpensePaymentMethod,
    createdAt: row.createdAt.toISOString(),
    User:
      row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName } : null,
  };
}
