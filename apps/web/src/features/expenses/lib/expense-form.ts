import {
  createExpenseSchema,
  DEFAULT_EXPENSE_CATEGORY,
  DEFAULT_EXPENSE_PAYMENT_METHOD,
  nairobiToday,
  type CreateExpenseBody,
} from '@duka/shared/expenses/expenses.schemas';
import { centsToDecimal } from '@duka/shared/money/money';
import type { z } from 'zod';
import { ApiRequestError } from '@/lib/api-client';

/**
 * The add-expense form: the server's own rules (spec §5 Expense), "today" being the shop day in
 * Africa/Nairobi by this device's clock — so tomorrow in Nairobi is refused here too.
 */
export const expenseFormSchema = createExpenseSchema(() => nairobiToday(new Date()));

export const EXPENSE_FORM_FIELDS = [
  'description',
  'amount',
  'category',
  'date',
  'payment_method',
] as const;

/** The form as typed (the amount is the input's text until it is read into cents). */
export type ExpenseFormValues = z.input<typeof expenseFormSchema>;
export type ExpenseFormOutput = z.output<typeof expenseFormSchema>;

/** A blank form: category Other, payment method Cash, today's date in Nairobi (spec §9). */
export function emptyExpenseForm(now = new Date()): ExpenseFormValues {
  return {
    description: '',
    amount: '',
    category: DEFAULT_EXPENSE_CATEGORY,
    date: nairobiToday(now),
    payment_method: DEFAULT_EXPENSE_PAYMENT_METHOD,
  };
}

/** What POST /expenses gets from the checked form: the amount as an exact decimal string. */
export function expenseRequestBody(values: ExpenseFormOutput): CreateExpenseBody {
  return { ...values, amount: centsToDecimal(values.amount) };
}

/** True when the call failed because the session is gone (spec §8). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}
