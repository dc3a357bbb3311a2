/**
 * How an STK push request ends (issue 23, decisions/0013 "STK push"): Safaricom's callback and
 * the status query job both come here, in one transaction holding the request's row lock, so a
 * duplicate callback, a replay, or a callback racing the job changes the row once.
 *
 * - ResultCode 0 → 'paid' (with the receipt number when the callback brings one: the query
 *   does not); 1032/1031 → 'cancelled'; any other code → 'failed'. The code (as text) and
 *   Safaricom's description are kept.
 * - Only a pending request is settled. Two exceptions, both for a payment that did happen: a
 *   paid request the query settled takes the receipt number a later callback brings (and the
 *   sale it already paid takes it too), and a request the job gave up on (no answer: failed
 *   with no result code) becomes paid when a late success callback arrives — the money is in
 *   the till's account, so the M-Pesa view must count it.
 * - The same receipt may already be a received (C2B) payment of the store (research notes
 *   §1.6): the prompt absorbs it — the received row is removed, and a sale it already paid is
 *   the prompt's sale — so the money is one row and pays one sale (receipt unique per store).
 */
import {
  STK_CANCELLED_CODES,
  type StkCallback,
  type StkStatus,
} from '@duka/shared/payments/mpesa.schemas';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { postgresErrorOf } from '../../lib/errors';
import { salePayments, sales } from '../sales/sales.table';
import { mpesaPayments } from './mpesa.table';

export type MpesaPaymentRow = typeof mpesaPayments.$inferSelect;

/** What Daraja said of a request: its ResultCode as text, and the rest when a callback said it. */
export interface StkResult {
  resultCode: string;
  resultDesc: string;
  receipt?: string | null;
  transactionTime?: string | null;
}

export type Warn = (message: string, details?: Record<string, unknown>) => void;

export function stkStatusOf(resultCode: string): Exclude<StkStatus, 'pending'> {
  if (resultCode === '0') return 'paid';
  return STK_CANCELLED_CODES.has(resultCode) ? 'cancelled' : 'failed';
}

/** The request's row, locked for the rest of the transaction. */
export async function lockStkRow(tx: Transaction, id: number) {
  const [row] = await tx
    .select()
    .from(mpesaPayments)
    .where(and(eq(mpesaPayments.id, id), eq(mpesaPayments.source, 'stk')))
    .for('update');
  return row;
}

export type SettleOutcome = 'settled' | 'receipt_added' | 'unchanged';

/**
 * Settles a locked STK row with what Daraja said (see the file's comment for the rules);
 * 'unchanged' for a repeat or anything that would rewrite a settled request.
 */
export async function settleStk(
  tx: Transaction,
  row: MpesaPaymentRow,
  result: StkResult,
  now: Date,
  warn: Warn,
): Promise<SettleOutcome> {
  const status = stkStatusOf(result.resultCode);
  const gaveUp = row.status === 'failed' && row.resultCode === null;
  if (row.status === 'pending' || (gaveUp && status === 'paid')) {
    await tx
      .update(mpesaPayments)
      .set({
        status,
        resultCode: result.resultCode,
        resultDesc: result.resultDesc.slice(0, 500),
        completedAt: now,
        ...(status === 'paid' && result.transactionTime
          ? { transactionTime: result.transactionTime }
          : {}),
      })
      .where(eq(mpesaPayments.id, row.id));
    if (status === 'paid' && result.receipt) await addReceipt(tx, row, result.receipt, warn);
    return 'settled';
  }
  if (row.status === 'paid' && row.mpesaReceipt === null && status === 'paid' && result.receipt) {
    if (result.transactionTime) {
      await tx
        .update(mpesaPayments)
        .set({ transactionTime: result.transactionTime })
        .where(eq(mpesaPayments.id, row.id));
    }
    await addReceipt(tx, row, result.receipt, warn);
    return 'receipt_added';
  }
  return 'unchanged';
}

/**
 * Gives a paid request its receipt number. A received (C2B) payment of the store with the same
 * number is the same money: it is folded into the request (removed; the sale it paid, if any,
 * becomes the request's, its payment part pointing at the request). Only when both already
 * paid a sale — two sales on one payment, which nothing here can undo — is the number left on
 * the received payment, with a warning for the manager's log. A sale the request paid before
 * its number was known takes it: on its M-Pesa part and as the sale's mpesa_code.
 */
async function addReceipt(
  tx: Transaction,
  row: MpesaPaymentRow,
  receipt: string,
  warn: Warn,
  again = false,
): Promise<void> {
  let saleId = row.saleId;
  const [twin] = await tx
    .select()
    .from(mpesaPayments)
    .where(
      and(
        eq(mpesaPayments.storeId, row.storeId),
        eq(mpesaPayments.mpesaReceipt, receipt),
        ne(mpesaPayments.id, row.id),
      ),
    )
    .for('update');
  if (twin) {
    if (twin.source !== 'c2b' || (twin.saleId !== null && saleId !== null)) {
      warn('M-Pesa receipt already recorded on another payment: the prompt keeps no receipt', {
        paymentId: row.id,
        otherPaymentId: twin.id,
        saleId,
        otherSaleId: twin.saleId,
      });
      return;
    }
    saleId = saleId ?? twin.saleId;
    await tx
      .update(salePayments)
      .set({ mpesaPaymentId: row.id })
      .where(eq(salePayments.mpesaPaymentId, twin.id));
    await tx.delete(mpesaPayments).where(eq(mpesaPayments.id, twin.id));
  }
  try {
    // A savepoint: a C2B confirmation of the same receipt committed since the look-up above
    // (Safaricom posts both at once) breaks the unique index — then it is the twin, looked up
    // again and folded, instead of a 500 that loses the callback.
    await tx.transaction((savepoint) =>
      savepoint
        .update(mpesaPayments)
        .set({ mpesaReceipt: receipt, saleId })
        .where(eq(mpesaPayments.id, row.id)),
    );
  } catch (error) {
    if (twin || again || postgresErrorOf(error)?.code !== '23505') throw error;
    return addReceipt(tx, row, receipt, warn, true);
  }
  if (saleId === null) return;
  await tx
    .update(salePayments)
    .set({ mpesaCode: receipt })
    .where(eq(salePayments.mpesaPaymentId, row.id));
  await tx
    .update(sales)
    .set({ mpesaCode: receipt })
    .where(and(eq(sales.id, saleId), isNull(sales.mpesaCode)));
}

/** A callback item's value by its Name (never by position); numbers become text. */
function item(callback: StkCallback['Body']['stkCallback'], name: string): string | null {
  const found = callback.CallbackMetadata?.Item.find((entry) => entry.Name === name);
  if (found?.Value === undefined) return null;
  return String(found.Value);
}

export type CallbackOutcome = SettleOutcome | 'unknown_request' | 'other_store' | 'amount_mismatch';

/**
 * Safaricom's STK callback, posted to the hook of store `storeId`: settles the request it names
 * when that request is this store's and, for a payment, the amount is the one the phone was
 * asked for. Anything else changes nothing (a warning says why).
 */
export async function applyStkCallback(
  tx: Transaction,
  storeId: number,
  body: StkCallback,
  now: Date,
  warn: Warn,
): Promise<CallbackOutcome> {
  const callback = body.Body.stkCallback;
  const checkoutRequestId = callback.CheckoutRequestID;
  const [found] = await tx
    .select({ id: mpesaPayments.id, storeId: mpesaPayments.storeId })
    .from(mpesaPayments)
    .where(
      and(eq(mpesaPayments.checkoutRequestId, checkoutRequestId), eq(mpesaPayments.source, 'stk')),
    );
  if (!found) {
    warn('STK callback for an unknown CheckoutRequestID: ignored', { checkoutRequestId });
    return 'unknown_request';
  }
  if (found.storeId !== storeId) {
    warn("STK callback for another store's request: ignored", { checkoutRequestId, storeId });
    return 'other_store';
  }
  const row = (await lockStkRow(tx, found.id))!;
  const resultCode = String(callback.ResultCode).trim();
  if (resultCode === '0') {
    const amount = item(callback, 'Amount');
    if (amount === null || Number(amount) !== row.promptAmount) {
      warn('STK callback amount differs from the prompt: ignored', {
        checkoutRequestId,
        amount,
        promptAmount: row.promptAmount,
      });
      return 'amount_mismatch';
    }
  }
  return settleStk(
    tx,
    row,
    {
      resultCode,
      resultDesc: callback.ResultDesc,
      receipt: resultCode === '0' ? item(callback, 'MpesaReceiptNumber') : null,
      transactionTime: resultCode === '0' ? item(callback, 'TransactionDate') : null,
    },
    now,
    warn,
  );
}
