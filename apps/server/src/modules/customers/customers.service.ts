/**
 * Customers of a store: what the till's selector reads and its quick add (issue 7). Every query
 * is filtered by the acting store, so another store's customer is simply not found.
 */
import type { CreateCustomerInput, Customer } from '@duka/shared/customers/customers.schemas';
import { storedPhonePrefix } from '@duka/shared/api/phone';
import { and, asc, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../lib/like';
import { customers, type CustomerRow } from './customers.table';

/** The selector shows this many; the Walk-in Customer always first. */
export const CUSTOMER_LIST_LIMIT = 50;

export function presentCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    notes: row.notes,
    is_walk_in: row.isWalkIn,
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
): Promise<CustomerRow[]> {
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
    .select()
    .from(customers)
    .where(and(...conditions))
    .orderBy(desc(customers.isWalkIn), asc(customers.name), asc(customers.id))
    .limit(CUSTOMER_LIST_LIMIT);
}

/** A customer of the store that may buy (not archived), or undefined. */
export async function findCustomer(
  db: Executor,
  storeId: number,
  id: number,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.storeId, storeId), isNull(customers.archivedAt)))
    .limit(1);
  return row;
}

export async function createCustomer(
  db: Executor,
  storeId: number,
  input: CreateCustomerInput,
): Promise<CustomerRow> {
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
  return row!;
}
