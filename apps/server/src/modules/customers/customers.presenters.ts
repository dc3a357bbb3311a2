/**
 * Customers as the API gives them (spec §3 Customer; issue 21): money columns (numeric text)
 * become numbers of shillings, times ISO strings. `oldest_unpaid_at` is not a column: the
 * services read it with the row (withOldestUnpaid), null for a customer who owes nothing.
 */
import type { AccountEntry, Customer } from '@duka/shared/customers/customers.schemas';
import { storedMoneyToNumber } from '@duka/shared/money/money';
import type { CustomerRow } from './customers.table';

/** A customer row with the time of its oldest sale still (partly) unpaid. */
export type CustomerWithDebt = CustomerRow & { oldestUnpaidAt: Date | null };

export function presentCustomer(row: CustomerWithDebt): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    notes: row.notes,
    kra_pin: row.kraPin,
    is_walk_in: row.isWalkIn,
    loyalty_points: row.loyaltyPoints,
    balance: storedMoneyToNumber(row.balance),
    credit_limit: row.creditLimit === null ? null : storedMoneyToNumber(row.creditLimit),
    oldest_unpaid_at: row.oldestUnpaidAt === null ? null : row.oldestUnpaidAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

/** One line of a customer's statement (customer_account_entries). */
export function presentAccountEntry(row: {
  type: AccountEntry['type'];
  amount: string;
  saleId: number | null;
  method: string;
  mpesaCode: string | null;
  createdAt: Date;
  balanceAfter: string;
}): AccountEntry {
  return {
    type: row.type,
    amount: storedMoneyToNumber(row.amount),
    sale_id: row.saleId,
    method: row.method,
    mpesa_code: row.mpesaCode,
    created_at: row.createdAt.toISOString(),
    balance_after: storedMoneyToNumber(row.balanceAfter),
  };
}
