/**
 * A customer's account with the shop (issue 21): the statement, and repayments of credit.
 *
 * The money ledger's rule (docs/decisions, payments and credit): `customers.balance` is what
 * the customer owes; every change of it writes a `customer_account_entries` row with the
 * balance after it, in the same transaction, under a lock of the customer row — a credit sale
 * (write_sale) and a repayment (here) alike, so entries of one customer never interleave and
 * ten repayments at once are applied one after another. A repayment settles the customer's
 * credit sales with something still due, oldest first (created_at, id): each allocation is a
 * `repayment_allocations` row and takes the sale's `balance_due` down; a sale that reaches 0
 * becomes payment_status 'paid'.
 */
import { createHash } from 'node:crypto';
import type {
  CustomerAccount,
  Repayment,
  RepaymentInput,
} from '@duka/shared/customers/customers.schemas';
import { centsToDecimal, centsToNumber, toCents } from '@duka/shared/money/money';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { sales } from '../sales/sales.table';
import {
  customerAccountEntries,
  customerRepayments,
  repaymentAllocations,
} from './customer-accounts.table';
import { customerErrors } from './customers.errors';
import { presentAccountEntry } from './customers.presenters';
import { findCustomer, isUsableCustomer } from './customers.service';
import { customers } from './customers.table';

/** The statement shows the latest this many entries (oldest of them first). */
export const ACCOUNT_ENTRY_LIMIT = 200;
const REPAYMENT_KEY_UNIQUE = 'customer_repayments_store_idempotency_key_unique';

/** Stored numeric text → cents (the column is never null or malformed). */
const cents = (stored: string) => toCents(stored)!;

/**
 * GET /customers/{id}/account: the balance, the customer's own credit limit and the latest
 * entries of the statement, oldest first, each with the balance after it. Read in one
 * REPEATABLE READ transaction (one snapshot), so the balance is the last entry's balance_after
 * even while a credit sale or a repayment commits between the two reads.
 */
export async function getCustomerAccount(
  db: Database,
  storeId: number,
  customerId: number,
): Promise<CustomerAccount> {
  return db.transaction(async (tx) => {
    // First in the transaction, before any read takes the snapshot.
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    return readCustomerAccount(tx, storeId, customerId);
  });
}

async function readCustomerAccount(
  db: Executor,
  storeId: number,
  customerId: number,
): Promise<CustomerAccount> {
  const customer = await findCustomer(db, storeId, customerId);
  if (!customer) throw customerErrors.notFound();
  const latest = await db
    .select()
    .from(customerAccountEntries)
    .where(
      and(
        eq(customerAccountEntries.customerId, customer.id),
        eq(customerAccountEntries.storeId, storeId),
      ),
    )
    // In the order they were written: under the customer's lock, so each id follows the entry
    // whose balance it ran on (a created_at is the transaction's start, taken before the lock).
    .orderBy(desc(customerAccountEntries.id))
    .limit(ACCOUNT_ENTRY_LIMIT);
  return {
    balance: centsToNumber(cents(customer.balance)),
    credit_limit: customer.creditLimit === null ? null : centsToNumber(cents(customer.creditLimit)),
    entries: latest.reverse().map(presentAccountEntry),
  };
}

/**
 * What an Idempotency-Key of a repayment is bound to: the customer and the repayment as the
 * schema read it (amount in cents), so "500" and 500.00 are the same repayment and any other
 * amount, method, code or customer is a different one.
 */
export function repaymentRequestHash(customerId: number, input: RepaymentInput): string {
  const request = [
    customerId,
    input.amount,
    input.method,
    input.method === 'mpesa' ? (input.mpesa_code ?? null) : null,
  ];
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

/**
 * POST /customers/{id}/repayments. With an Idempotency-Key, a repayment already taken with it
 * in this store is the answer (`replayed`), also when both requests arrive together: the
 * second waits for the customer's lock, then meets the key's unique index (or a balance the
 * first already paid) and returns the first. The key sent with another body is refused (409).
 */
export async function recordRepayment(
  db: Database,
  storeId: number,
  userId: number,
  customerId: number,
  input: RepaymentInput,
  idempotencyKey: string | undefined,
): Promise<{ repayment: Repayment; replayed: boolean }> {
  const requestHash = idempotencyKey === undefined ? null : repaymentRequestHash(customerId, input);
  const replay = async () => {
    if (idempotencyKey === undefined) return null;
    const [earlier] = await db
      .select()
      .from(customerRepayments)
      .where(
        and(
          eq(customerRepayments.storeId, storeId),
          eq(customerRepayments.idempotencyKey, idempotencyKey),
        ),
      )
      .limit(1);
    if (!earlier) return null;
    if (earlier.requestHash !== requestHash) throw customerErrors.repaymentKeyReused();
    return { repayment: await presentStoredRepayment(db, earlier), replayed: true };
  };

  const earlier = await replay();
  if (earlier) return earlier;
  try {
    const repayment = await db.transaction((tx) =>
      writeRepayment(tx, storeId, userId, customerId, input, idempotencyKey ?? null, requestHash),
    );
    return { repayment, replayed: false };
  } catch (error) {
    if (
      idempotencyKey !== undefined &&
      (isUniqueViolation(error, REPAYMENT_KEY_UNIQUE) || error instanceof AppError)
    ) {
      const raced = await replay();
      if (raced) return raced;
    }
    throw error;
  }
}

/**
 * Writes one repayment in the caller's transaction (the demo seed uses it too): the customer
 * locked, the amount checked against the balance, allocated to the oldest unpaid credit sales,
 * the balance taken down, the statement entry written.
 */
export async function writeRepayment(
  tx: Executor,
  storeId: number,
  userId: number | null,
  customerId: number,
  input: RepaymentInput,
  idempotencyKey: string | null = null,
  requestHash: string | null = null,
  createdAt?: Date,
): Promise<Repayment> {
  const [customer] = await tx
    .select({
      id: customers.id,
      name: customers.name,
      isWalkIn: customers.isWalkIn,
      balance: customers.balance,
    })
    .from(customers)
    .where(isUsableCustomer(storeId, customerId))
    .for('update');
  if (!customer) throw customerErrors.notFound();
  if (customer.isWalkIn) throw customerErrors.walkInAccount();
  const owed = cents(customer.balance);
  if (owed === 0) throw customerErrors.owesNothing(customer.name);
  if (input.amount > owed) throw customerErrors.repaymentOverBalance(customer.balance);

  const mpesaCode = input.method === 'mpesa' ? (input.mpesa_code ?? null) : null;
  const [repayment] = await tx
    .insert(customerRepayments)
    .values({
      storeId,
      customerId: customer.id,
      amount: centsToDecimal(input.amount),
      method: input.method,
      mpesaCode,
      userId,
      idempotencyKey,
      requestHash,
      // Issue 24: cash taken into the drawer of the taker's open shift, held FOR SHARE as a
      // sale holds it (migration 0040), so a close waits for the repayment and counts it.
      shiftId:
        input.method === 'cash' && userId !== null
          ? sql`(select s.id from shifts s where s.store_id = ${storeId} and s.user_id = ${userId} and s.closed_at is null for share)`
          : null,
      // Its time once the customer is locked, so the statement's times run in its order too.
      createdAt: createdAt ?? sql`clock_timestamp()`,
    })
    .returning({ id: customerRepayments.id, createdAt: customerRepayments.createdAt });

  const allocations = await settleSalesDue(tx, storeId, customer.id, input.amount);
  for (const { saleId, amount } of allocations) {
    await tx
      .insert(repaymentAllocations)
      .values({ repaymentId: repayment!.id, saleId, storeId, amount: centsToDecimal(amount) });
  }
  const settled = allocations.filter((part) => part.settled).map((part) => part.saleId);

  const balanceAfter = await lowerBalance(tx, {
    storeId,
    customerId: customer.id,
    amount: input.amount,
    type: 'repayment',
    saleId: null,
    repaymentId: repayment!.id,
    method: input.method,
    mpesaCode,
    createdAt: repayment!.createdAt,
  });
  return {
    id: repayment!.id,
    amount: centsToNumber(input.amount),
    balance: centsToNumber(cents(balanceAfter)),
    settled_sale_ids: settled,
  };
}

/** What took a sale's balance_due down: `settled` when it reached 0 (the sale is 'paid'). */
export interface DueAllocation {
  saleId: number;
  amount: number;
  settled: boolean;
}

/**
 * Takes `amount` cents off what the customer's credit sales still owe, oldest first (created_at,
 * id) — `firstSaleId` first when given (a refund off credit lowers its own sale's debt before
 * any other) — in the caller's transaction, the customer already locked. Each sale is locked
 * too: whatever else changes a sale's balance_due then queues behind this. A sale that reaches
 * 0 becomes payment_status 'paid'. Used by repayments and by returns refunded off credit.
 */
export async function settleSalesDue(
  tx: Executor,
  storeId: number,
  customerId: number,
  amount: number,
  firstSaleId?: number,
): Promise<DueAllocation[]> {
  const unpaid = await tx
    .select({ id: sales.id, balanceDue: sales.balanceDue })
    .from(sales)
    .where(
      and(eq(sales.storeId, storeId), eq(sales.customerId, customerId), gt(sales.balanceDue, '0')),
    )
    .orderBy(
      ...(firstSaleId === undefined ? [] : [sql`${sales.id} = ${firstSaleId} desc`]),
      asc(sales.createdAt),
      asc(sales.id),
    )
    .for('update');
  let left = amount;
  const allocations: DueAllocation[] = [];
  for (const sale of unpaid) {
    if (left === 0) break;
    const due = cents(sale.balanceDue);
    const part = Math.min(left, due);
    left -= part;
    await tx
      .update(sales)
      .set({
        balanceDue: centsToDecimal(due - part),
        ...(part === due ? { paymentStatus: 'paid' } : {}),
      })
      .where(eq(sales.id, sale.id));
    allocations.push({ saleId: sale.id, amount: part, settled: part === due });
  }
  // The balance is the sum of what the sales still owe; an amount it allows always finds
  // enough of them. If not, the ledger is broken: nothing is written (500, logged).
  if (left > 0) {
    throw new Error(`customer ${customerId}: balance exceeds the credit its sales still owe`);
  }
  return allocations;
}

/**
 * Lowers the customer's balance by `amount` cents and writes the statement entry with the
 * balance after it (the customer locked by the caller); the balance after, as stored.
 */
export async function lowerBalance(
  tx: Executor,
  entry: {
    storeId: number;
    customerId: number;
    amount: number;
    type: 'repayment' | 'refund';
    saleId: number | null;
    repaymentId: number | null;
    method: string;
    mpesaCode: string | null;
    createdAt: Date;
  },
): Promise<string> {
  const [after] = await tx
    .update(customers)
    .set({ balance: sql`${customers.balance} - ${centsToDecimal(entry.amount)}::numeric` })
    .where(eq(customers.id, entry.customerId))
    .returning({ balance: customers.balance });
  await tx.insert(customerAccountEntries).values({
    storeId: entry.storeId,
    customerId: entry.customerId,
    type: entry.type,
    amount: centsToDecimal(entry.amount),
    saleId: entry.saleId,
    repaymentId: entry.repaymentId,
    method: entry.method,
    mpesaCode: entry.mpesaCode,
    balanceAfter: after!.balance,
    createdAt: entry.createdAt,
  });
  return after!.balance;
}

/**
 * A repayment taken earlier, answered as when it was taken: the balance after it (its
 * statement entry) and the sales it finished paying — those it paid the last of.
 */
async function presentStoredRepayment(
  db: Executor,
  row: typeof customerRepayments.$inferSelect,
): Promise<Repayment> {
  const [entry] = await db
    .select({ balanceAfter: customerAccountEntries.balanceAfter })
    .from(customerAccountEntries)
    .where(eq(customerAccountEntries.repaymentId, row.id))
    .limit(1);
  const settled = await db
    .select({ saleId: repaymentAllocations.saleId })
    .from(repaymentAllocations)
    .innerJoin(sales, eq(sales.id, repaymentAllocations.saleId))
    .where(
      and(
        eq(repaymentAllocations.repaymentId, row.id),
        eq(sales.balanceDue, '0'),
        sql`not exists (
          select 1 from ${repaymentAllocations} later
          where later.sale_id = ${repaymentAllocations.saleId}
            and later.repayment_id > ${repaymentAllocations.repaymentId}
        )`,
      ),
    )
    .orderBy(asc(sales.createdAt), asc(sales.id));
  return {
    id: row.id,
    amount: centsToNumber(cents(row.amount)),
    balance: centsToNumber(cents(entry!.balanceAfter)),
    settled_sale_ids: settled.map(({ saleId }) => saleId),
  };
}
