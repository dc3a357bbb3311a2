/**
 * Customers of a store: the till's selector and quick add (issue 7), the customers page's edit
 * and delete (issue 9), what they owe (issue 21: balance, credit limit, the oldest unpaid sale,
 * the Debtors list). Every query is filtered by the acting store, so another store's customer
 * is simply not found (404).
 */
import {
  forbiddenCustomerChanges,
  type ManagerOnlyCustomerField,
} from '@duka/shared/auth/customer-changes';
import type { Role } from '@duka/shared/auth/roles';
import {
  WALK_IN_CUSTOMER,
  type CreateCustomerInput,
  type UpdateCustomerInput,
} from '@duka/shared/customers/customers.schemas';
import { storedPhonePrefix } from '@duka/shared/api/phone';
import { centsToDecimal } from '@duka/shared/money/money';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { containsPattern } from '../../lib/like';
import { sales } from '../sales/sales.table';
import { customerErrors } from './customers.errors';
import type { CustomerWithDebt } from './customers.presenters';
import { customers, type CustomerRow } from './customers.table';
import { loyaltyTransactions } from './loyalty.table';

/** The selector shows this many; the Walk-in Customer always first. */
export const CUSTOMER_LIST_LIMIT = 50;
/** The Debtors view (owing=true) lists this many, the largest balances first. */
export const OWING_LIST_LIMIT = 500;

/**
 * When the customer's oldest sale with credit still owed was made: the first entry of the
 * partial index on unpaid sales (store, customer, created_at, id where balance_due > 0). Only
 * looked up for a customer with a balance.
 */
// Written with its own alias and the customers table named: drizzle leaves a one-table
// select's columns unqualified, which inside the subquery would name the sale's own.
const oldestUnpaidAt = sql<Date | null>`case when ${customers}.balance > 0 then (
    select min(s.created_at) from ${sales} s
    where s.store_id = ${customers}.store_id
      and s.customer_id = ${customers}.id
      and s.balance_due > 0
  ) end`.mapWith(sales.createdAt);

/** Every column of the customer and its oldest unpaid sale's time: what presentCustomer takes. */
export const customerWithDebtColumns = { ...getTableColumns(customers), oldestUnpaidAt };

/**
 * The store's customers (not archived) whose name, phone or email contains `q`, the Walk-in
 * Customer first, then by name. A phone typed the local way ('0712 345') finds '+254712345…'.
 * With `owing` (the Debtors view), only those with a balance: the largest first, and of equal
 * balances the one unpaid the longest.
 */
export async function listCustomers(
  db: Executor,
  storeId: number,
  query: { q?: string | undefined; owing?: boolean | undefined } = {},
): Promise<CustomerWithDebt[]> {
  const conditions: SQL[] = [eq(customers.storeId, storeId), isNull(customers.archivedAt)];
  if (query.owing) conditions.push(gt(customers.balance, '0'));
  const text = query.q?.trim();
  if (text) {
    const matches: SQL[] = [
      ilike(customers.name, containsPattern(text)),
      ilike(customers.email, containsPattern(text)),
    ];
    const stored = storedPhonePrefix(text);
    if (stored !== null) matches.push(ilike(customers.phone, containsPattern(stored)));
    conditions.push(or(...matches)!);
  }
  const selected = db
    .select(customerWithDebtColumns)
    .from(customers)
    .where(and(...conditions));
  if (query.owing) {
    return selected
      .orderBy(desc(customers.balance), sql`${oldestUnpaidAt} asc nulls last`, asc(customers.id))
      .limit(OWING_LIST_LIMIT);
  }
  return selected
    .orderBy(desc(customers.isWalkIn), asc(customers.name), asc(customers.id))
    .limit(CUSTOMER_LIST_LIMIT);
}

/** A customer of the store (not archived) with its oldest unpaid sale, for an answer. */
export async function getCustomerWithDebt(
  db: Executor,
  storeId: number,
  id: number,
): Promise<CustomerWithDebt> {
  const [row] = await db
    .select(customerWithDebtColumns)
    .from(customers)
    .where(isUsableCustomer(storeId, id))
    .limit(1);
  if (!row) throw customerErrors.notFound();
  return row;
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

/**
 * POST /customers. With `client_customer_id` (a customer added on an offline till, issue 22)
 * the customer is made once per store: sent again — a retried upload, or two at once — the
 * answer is the customer made the first time (even if archived since) and nothing is created
 * (`created` false). The unique index decides under concurrency: the second insert waits for
 * the first and then does nothing. Phones are not unique (two customers may share one), with or
 * without a client id.
 */
export async function createCustomer(
  db: Executor,
  storeId: number,
  input: CreateCustomerInput,
): Promise<{ row: CustomerWithDebt; created: boolean }> {
  const clientCustomerId = input.client_customer_id ?? null;
  const [row] = await db
    .insert(customers)
    .values({
      storeId,
      name: input.name,
      phone: input.phone,
      email: input.email ? input.email : null,
      address: input.address ? input.address : null,
      notes: input.notes ? input.notes : null,
      kraPin: input.kra_pin ? input.kra_pin : null,
      clientCustomerId,
    })
    .onConflictDoNothing({ target: [customers.storeId, customers.clientCustomerId] })
    .returning();
  // A new customer owes nothing.
  if (row) return { row: { ...row, oldestUnpaidAt: null }, created: true };
  const [first] = await db
    .select(customerWithDebtColumns)
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.clientCustomerId, clientCustomerId!)))
    .limit(1);
  // Only a client id can conflict, and its row cannot be gone: deleting one frees the id.
  if (!first) throw new Error('customer insert conflicted but no customer has its client id');
  return { row: first, created: false };
}

/** Blank optional text is stored as null (the page shows nothing for it). */
const blankToNull = (value: string | undefined) => (value ? value : null);

/** An edit in the policy's terms (customer-changes.ts): amounts back from cents to shillings. */
function asEdit(input: UpdateCustomerInput): Record<string, unknown> {
  const edit: Record<string, unknown> = { ...input };
  if (typeof input.credit_limit === 'number')
    edit.credit_limit = centsToDecimal(input.credit_limit);
  return edit;
}

/**
 * PUT /customers/{id}: changes the fields sent. The Walk-in Customer keeps its name (409): sales
 * fall back to it by that name (spec §3). The credit limit (issue 21) is a manager's to set
 * (403 for anyone else, naming it); null or blank clears it, and the store's default applies.
 */
export async function updateCustomer(
  db: Executor,
  storeId: number,
  id: number,
  input: UpdateCustomerInput,
  role: Role,
): Promise<CustomerWithDebt> {
  const current = await findCustomer(db, storeId, id);
  if (!current) throw customerErrors.notFound();
  const refused: ManagerOnlyCustomerField[] = forbiddenCustomerChanges(
    role,
    { credit_limit: current.creditLimit },
    asEdit(input),
  );
  if (refused.length > 0) throw customerErrors.managerOnly(refused);
  if (current.isWalkIn && input.name !== undefined && input.name !== WALK_IN_CUSTOMER) {
    throw customerErrors.walkInRename();
  }
  const changes: Partial<typeof customers.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.email !== undefined) changes.email = blankToNull(input.email);
  if (input.address !== undefined) changes.address = blankToNull(input.address);
  if (input.notes !== undefined) changes.notes = blankToNull(input.notes);
  if (input.kra_pin !== undefined) changes.kraPin = blankToNull(input.kra_pin);
  if (input.credit_limit !== undefined) {
    changes.creditLimit = input.credit_limit === null ? null : centsToDecimal(input.credit_limit);
  }
  const [row] = await db
    .update(customers)
    .set(changes)
    .where(and(eq(customers.id, id), eq(customers.storeId, storeId), isNull(customers.archivedAt)))
    .returning(customerWithDebtColumns);
  if (!row) throw customerErrors.notFound();
  return row;
}

/**
 * DELETE /customers/{id}. A customer that sales or loyalty history name (orders from /shop name
 * a user, not a customer) is archived instead (hidden from lists, kept for that history);
 * otherwise the row is deleted. A customer who owes is neither (409 naming the balance, issue
 * 21): the debt would vanish from the Debtors view. The row is locked first, so a sale made
 * meanwhile (a credit sale locks it too) cannot lose its customer. True when archived.
 */
export async function deleteCustomer(db: Database, storeId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        id: customers.id,
        name: customers.name,
        isWalkIn: customers.isWalkIn,
        balance: customers.balance,
      })
      .from(customers)
      .where(
        and(eq(customers.id, id), eq(customers.storeId, storeId), isNull(customers.archivedAt)),
      )
      .for('update');
    if (!current) throw customerErrors.notFound();
    if (current.isWalkIn) throw customerErrors.walkInDelete();
    if (Number(current.balance) > 0) throw customerErrors.owes(current.name, current.balance);
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
