/**
 * The payments a store received by M-Pesa (issue 23; decisions/0013 "Received payments and
 * sales"): the till's Received payments list, and the manager's M-Pesa view of a day.
 */
import { storedMoneyToNumber } from '@duka/shared/money/money';
import type { MpesaSummary, ReceivedPayment } from '@duka/shared/payments/mpesa.schemas';
import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { endOfShopDay, startOfShopDay } from '../../lib/shop-day';
import { salePayments, sales } from '../sales/sales.table';
import { users } from '../users/users.table';
import { maskedMsisdn } from './c2b.service';
import { mpesaPayments } from './mpesa.table';

/** The till's list: C2B payments of the last 48 hours (Daraja's Pull window), 100 at most. */
export const RECEIVED_WINDOW_MS = 48 * 60 * 60 * 1000;
export const RECEIVED_MAX = 100;

/** A SHA-256 MSISDN (Daraja v1): 64 hex characters, shown as its first 8. */
const HASHED = /^[0-9a-fA-F]{64}$/;

/**
 * Who paid, as the list shows it: the payer's names, else the number as Safaricom masked it (a
 * hashed one shortened, a whole one — an STK prompt's — masked): never a whole number.
 */
export function phoneOrName(payerName: string | null, phone: string | null): string {
  if (payerName) return payerName;
  if (!phone) return '';
  if (HASHED.test(phone)) return `${phone.slice(0, 8).toLowerCase()}…`;
  return maskedMsisdn(phone);
}

const receivedColumns = {
  id: mpesaPayments.id,
  receipt: mpesaPayments.mpesaReceipt,
  amount: mpesaPayments.amount,
  payerName: mpesaPayments.payerName,
  phone: mpesaPayments.phone,
  receivedAt: sql<Date>`coalesce(${mpesaPayments.completedAt}, ${mpesaPayments.createdAt})`.mapWith(
    (value: string | Date) => new Date(value),
  ),
  saleId: mpesaPayments.saleId,
  reference: mpesaPayments.reference,
  source: mpesaPayments.source,
};

type ReceivedRow = {
  id: number;
  receipt: string | null;
  amount: string;
  payerName: string | null;
  phone: string | null;
  receivedAt: Date;
  saleId: number | null;
  reference: string | null;
};

function presentReceived(row: ReceivedRow): ReceivedPayment {
  return {
    id: row.id,
    trans_id: row.receipt ?? '',
    amount: storedMoneyToNumber(row.amount),
    phone_or_name: phoneOrName(row.payerName, row.phone),
    received_at: row.receivedAt.toISOString(),
    sale_id: row.saleId,
    bill_ref: row.reference,
  };
}

/**
 * GET /payments/mpesa/received: this store's C2B payments of the last 48 hours, newest first, at
 * most 100; `unmatched`: only those no sale has used yet.
 */
export async function listReceived(
  db: Executor,
  storeId: number,
  { unmatched = false }: { unmatched?: boolean | undefined },
  now: Date,
): Promise<ReceivedPayment[]> {
  const rows = await db
    .select(receivedColumns)
    .from(mpesaPayments)
    .where(
      and(
        eq(mpesaPayments.storeId, storeId),
        eq(mpesaPayments.source, 'c2b'),
        eq(mpesaPayments.status, 'paid'),
        gte(mpesaPayments.createdAt, new Date(now.getTime() - RECEIVED_WINDOW_MS)),
        ...(unmatched ? [isNull(mpesaPayments.saleId)] : []),
      ),
    )
    .orderBy(desc(mpesaPayments.createdAt), desc(mpesaPayments.id))
    .limit(RECEIVED_MAX);
  return rows.map(presentReceived);
}

/** A prompt paid a minute after midnight was asked before it: look back this far for it. */
const PROMPT_LEAD_MS = 24 * 60 * 60 * 1000;

/**
 * GET /payments/mpesa/summary: every payment received on the shop day `date` (C2B payments and
 * paid prompts, by when they were paid), each with its sale or none (Unmatched), and the sales of
 * that day whose M-Pesa was not verified (a typed code that matched nothing). Totals, added up in
 * SQL: received = matched + unmatched; unverified = what the unverified sales' M-Pesa parts not
 * linked to a payment claim (money the statement should show and the store has not seen).
 */
export async function mpesaSummary(
  db: Executor,
  storeId: number,
  date: string,
): Promise<MpesaSummary> {
  const from = startOfShopDay(date);
  const to = endOfShopDay(date);
  const paidAt = sql`coalesce(${mpesaPayments.completedAt}, ${mpesaPayments.createdAt})`;
  const received = and(
    eq(mpesaPayments.storeId, storeId),
    eq(mpesaPayments.status, 'paid'),
    // The index's column bounds the search; when it was paid decides the day.
    gte(mpesaPayments.createdAt, new Date(from.getTime() - PROMPT_LEAD_MS)),
    lt(mpesaPayments.createdAt, to),
    sql`${paidAt} >= ${from.toISOString()}::timestamptz`,
    sql`${paidAt} < ${to.toISOString()}::timestamptz`,
  );
  const unverifiedSales = and(
    eq(sales.storeId, storeId),
    eq(sales.mpesaVerified, false),
    gte(sales.createdAt, from),
    lt(sales.createdAt, to),
  );
  const [rows, [totals], unverified, [unverifiedTotal]] = await Promise.all([
    db
      .select(receivedColumns)
      .from(mpesaPayments)
      .where(received)
      .orderBy(desc(paidAt), desc(mpesaPayments.id)),
    db
      .select({
        received: sql<string>`coalesce(sum(${mpesaPayments.amount}), 0)::text`,
        matched: sql<string>`coalesce(sum(${mpesaPayments.amount}) filter (where ${mpesaPayments.saleId} is not null), 0)::text`,
        unmatched: sql<string>`coalesce(sum(${mpesaPayments.amount}) filter (where ${mpesaPayments.saleId} is null), 0)::text`,
      })
      .from(mpesaPayments)
      .where(received),
    db
      .select({
        id: sales.id,
        createdAt: sales.createdAt,
        total: sales.totalAmount,
        code: sales.mpesaCode,
        cashier: users.name,
      })
      .from(sales)
      .leftJoin(users, eq(users.id, sales.userId))
      .where(unverifiedSales)
      .orderBy(desc(sales.createdAt), desc(sales.id)),
    db
      .select({ amount: sql<string>`coalesce(sum(${salePayments.amount}), 0)::text` })
      .from(salePayments)
      .innerJoin(sales, eq(sales.id, salePayments.saleId))
      .where(
        and(unverifiedSales, eq(salePayments.method, 'mpesa'), isNull(salePayments.mpesaPaymentId)),
      ),
  ]);
  return {
    date,
    received: rows.map((row) => ({ ...presentReceived(row), source: row.source })),
    unverified_sales: unverified.map((sale) => ({
      id: sale.id,
      created_at: sale.createdAt.toISOString(),
      total_amount: storedMoneyToNumber(sale.total),
      mpesa_code: sale.code,
      cashier_name: sale.cashier,
    })),
    totals: {
      received: storedMoneyToNumber(totals!.received),
      matched: storedMoneyToNumber(totals!.matched),
      unmatched: storedMoneyToNumber(totals!.unmatched),
      unverified: storedMoneyToNumber(unverifiedTotal!.amount),
    },
  };
}
