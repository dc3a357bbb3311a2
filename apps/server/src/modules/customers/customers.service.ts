/**
 * Customers of a store: the till's selector and quick add (issue 7), the customers page's edit
 * and delete (issue 9). Every query is filtered by the acting store, so another store's
 * customer is simply not found (404).
 */
import {
  WALK_IN_CUSTOMER,
  type CreateCustomerInput,
  type Customer,
  type UpdateCustomerInput,
} from '@duka/shared/customers/customers.schemas';
import { storedPhonePrefix } from '@duka/shared/api/phone';
import { storedMoneyToNumber } from '@duka/shared/money/money';
import { and, asc, desc, eq, getTableColumns, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { containsPattern } from '../../lib/like';
import { sales } from '../sales/sales.table';
import { customerErrors } from './customers.errors';
import { customers, type CustomerRow } from './customers.table';
import { loyaltyTransactions } from './loyalty.table';

/** The selector shows this many; the Walk-in Customer always first. */
export const CUSTOMER_LIST_LIMIT = 50;

/** A customer's row with when the oldest sale they still owe on was made (issue 21). */
export type CustomerWithDebt = CustomerRow & { oldestUnpaidAt: Date | null };

/**
 * The oldest of the customer's sales with a balance due (sales_customer_unpaid_idx), or null:
 * a column of any select or returning of `customers`.
 */
const oldestUnpaidAt = sql<Date | null>`(select min(${sales.createdAt}) from ${sales}
  where ${sales.storeId} = ${customers.storeId} and ${sales.customerId} = ${customers.id}
  and ${sales.balanceDue} > 0)`.mapWith(customers.createdAt);

/** Every column of a customer, with oldestUnpaidAt. */
export const customerWithDebtColumns = { ...getTableColumns(customers), oldestUnpaidAt };

export function presentCustomer(row: CustomerWithDebt): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    notes: row.notes,
    is_walk_in: row.isWalkIn,
    loyalty_points: row.loyaltyPoints,
    balance: storedMoneyToNumber(row.balance),
    credit_limit: row.creditLimit === null ? null : storedMoneyToNumber(row.creditLimit),
    oldest_unpaid_at: row.oldestUnpaidAt === null ? null : row.oldestUnpaidAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The store's customers (not archived) whose name, phone or email contains `q`, the Walk-in
 * Customer first, then by name. A phone typed the local way ('0712 345') finds '+254712345…'.
 */
export async function listCustomers(
  db: Executor,
  storeId: number,
  q: string | undefined,
): Promise<CustomerWithDebt[]> {
  const conditions: SQL[] = [eq(customers.storeId, storeId), isNull(customers.archivedAt)];
  const text = q?.trim();
  if (text) {
    const matches: SQL[] = [
      ilike(customers.name, containsPattern(text)),
      ilike(customers.email, containsPattern(text)),
    ];
    const stored = storedPhonePrefix(text);
    if (stored !== null) matches.push(ilike(customers.phone, containsPattern(stored)));
    conditions.push(or(...matches)!);
  }
  return db
    .select(customerWithDebtColumns)
    .from(customers)
    .where(and(...conditions))
    .orderBy(desc(customers.isWalkIn), asc(customers.name), asc(customers.id))
    .limit(CUSTOMER_LIST_LIMIT);
}

/** The store's customer `id`, unless archived: one a sale or an order may name. */
export function isUsableCustomer(storeId: number, id: number): SQL {
  return and(eq(customers.id, id), eq(customers.storeId, storeId), isNull(customers.archivedAt))!;
}

/** A customer of the store that may buy (not archived), or undefined. */
export async function findCustomer(
  db: Executor,
  storeId: number,
  id: number,
): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(isUsableCustomer(storeId, id)).limit(1);
  return row;
}

export async function createCustomer(
  db: Executor,
  storeId: number,
  input: CreateCustomerInput,
): Promise<CustomerWithDebt> {
  const [row] = await db
    .insert(customers)
    .values({
      storeId,
      name: input.name,
      phone: input.phone,
      email: input.email ? input.email : null,
      address: input.address ? input.address : null,
      notes: input.notes ? input.notes : null,
    })
    .returning();
  // A new customer owes nothing.
  return { ...row!, oldestUnpaidAt: null };
}

/** Blank optional text is stored as null (the page shows nothing for it). */
const blankToNull = (value: string | undefined) => (value ? value : null);

/**
 * PUT /customers/{id}: changes the fields sent. The Walk-in Customer keeps its name (409): sales
 * fall back to it by that name (spec §3).
 */
export async function updateCustomer(
  db: Executor,
  storeId: number,
  id: number,
  input: UpdateCustomerInput,
): Promise<CustomerWithDebt> {
  const current = await findCustomer(db, storeId, id);
  if (!current) throw customerErrors.notFound();
  if (current.isWalkIn && input.name !== undefined && input.name !== WALK_IN_CUSTOMER) {
    throw customerErrors.walkInRename();
  }
  const changes: Partial<typeof customers.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.email !== undefined) changes.email = blankToNull(input.email);
  if (input.address !== undefined) changes.address = blankToNull(input.address);
  if (input.notes !== undefined) changes.notes = blankToNull(input.notes);
  const [row] = await db
    .update(customers)
    .set(changes)
    .where(and(eq(customers.id, id), eq(customers.storeId, storeId), isNull(customers.archivedAt)))
    .returning(customerWithDebtColumns);
  if (!row) throw customerErrors.notFound();
  return row;
}

/**
 * DELETE /customers/{id}. A customer that sales or loyalty history name (orders from /shop name a user, not a customer) is archived
 * instead (hidden from lists, kept for that history); otherwise the row is deleted. The row is
 * locked first, so a sale made meanwhile cannot lose its customer. True when archived.
 */
export async function deleteCustomer(db: Database, storeId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: customers.id, isWalkIn: customers.isWalkIn })
      .from(customers)
      .where(
        and(eq(customers.id, id), eq(customers.storeId, storeId), isNull(customers.archivedAt)),
      )
      .for('update');
    if (!current) throw customerErrors.notFound();
    if (current.isWalkIn) throw customerErrors.walkInDelete();
    const [sale] = await tx
      .select({ id: sales.id })
      .from(sales)
      .where(eq(sales.customerId, id))
      .limit(1);
    const [loyalty] = await tx
      .select({ id: loyaltyTransactions.id })
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.customerId, id))
      .limit(1);
    const history = sale ?? loyalty;
    if (history) {
      await tx
        .update(customers)
        .set({ archivedAt: new Date(), updatedAt: new Date() })
        .where(eq(customers.id, id));
      return true;
    }
    await tx.delete(customers).where(eq(customers.id, id));
    return false;
  });
}
