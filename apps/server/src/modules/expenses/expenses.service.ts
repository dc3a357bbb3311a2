/**
 * Expenses of a store (spec §3, §7; PRODUCT.md §2, §3). Every query is filtered by the acting
 * store, so another store's expense is simply not found (404). Amounts are exact: cents in,
 * numeric(12,2) stored, cents out.
 */
import type { CreateExpenseInput } from '@duka/shared/expenses/expenses.schemas';
import { centsToDecimal } from '@duka/shared/money/money';
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../users/users.table';
import { expenseErrors } from './expenses.errors';
import { expenses, type ExpenseRow } from './expenses.table';

export type ExpenseWithUser = ExpenseRow & { userName: string | null };

const withUser = (db: Executor) =>
  db
    .select({ expense: expenses, userName: users.name })
    .from(expenses)
    .leftJoin(users, eq(users.id, expenses.userId));

export interface ExpenseFilter {
  from?: string;
  to?: string;
}

/** The store's expenses, newest day first (the latest recorded first within a day). */
export async function listExpenses(
  db: Executor,
  storeId: number,
  filter: ExpenseFilter = {},
): Promise<ExpenseWithUser[]> {
  const conditions: SQL[] = [eq(expenses.storeId, storeId)];
  if (filter.from) conditions.push(gte(expenses.date, filter.from));
  if (filter.to) conditions.push(lte(expenses.date, filter.to));
  const rows = await withUser(db)
    .where(and(...conditions))
    .orderBy(sql`${expenses.date} desc nulls last`, sql`${expenses.id} desc nulls last`);
  return rows.map(({ expense, userName }) => ({ ...expense, userName }));
}

export async function createExpense(
  db: Executor,
  storeId: number,
  userId: number,
  input: CreateExpenseInput,
): Promise<ExpenseWithUser> {
  const [row] = await db
    .insert(expenses)
    .values({
      storeId,
      userId,
      description: input.description,
      amount: centsToDecimal(input.amount),
      category: input.category,
      date: input.date,
      paymentMethod: input.payment_method,
    })
    .returning();
  const [found] = await withUser(db).where(eq(expenses.id, row!.id));
  return { ...found!.expense, userName: found!.userName };
}

/** Deletes one expense of the store; another store's (or none) is 404. */
export async function deleteExpense(db: Executor, storeId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(expenses)
    .where(and(eq(expenses.id, id), eq(expenses.storeId, storeId)))
    .returning({ id: expenses.id });
  if (deleted.length === 0) throw expenseErrors.notFound();
}
