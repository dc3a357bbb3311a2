/**
 * Payments customers make to the store's till or paybill from their own phones (issue 23, C2B;
 * decisions/0013 "Received payments and sales"; research notes §1.3, §1.6).
 *
 * Safaricom posts each payment to the store's confirmation URL (its hook token names the store).
 * It is stored once per (store, TransID) as an mpesa_payments row (source 'c2b', status 'paid'):
 * a repeat, or a receipt the store already has as a paid STK prompt (the same money on both
 * channels), changes nothing — the unique (store_id, mpesa_receipt) index decides, also when
 * two deliveries arrive together. A payment to a shortcode that is not the store's changes
 * nothing either. A paybill payment whose account number (BillRefNumber) is a sale's reference
 * (saleReference: 8 hex characters of the checkout's client_sale_id) attaches itself to that
 * sale's first M-Pesa part not yet linked and not more than the payment.
 */
import type { C2bPayment } from '@duka/shared/payments/mpesa.schemas';
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app/deps';
import type { Executor } from '../../db/client';
import { fieldError } from '../../lib/errors';
import { salePayments, sales } from '../sales/sales.table';
import { mpesaPayments, storeMpesaSettings } from './mpesa.table';

/** TransAmount: shillings with at most 2 decimals, above 0; kept as text (exact). */
const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;

/** No M-Pesa payment is near this (the app's money bound): anything above is malformed. */
const AMOUNT_MAX_CENTS = 1_000_000_000;

/** The exact amount Safaricom sent, as numeric text; a malformed one is a 400 (nothing stored). */
export function c2bAmountOf(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const [shillings = '0', cents = ''] = text.split('.');
  const total = Number(shillings) * 100 + Number(cents.padEnd(2, '0'));
  if (!AMOUNT.test(text) || total <= 0 || total > AMOUNT_MAX_CENTS) {
    throw fieldError(
      'mpesa.c2b_amount_invalid',
      'TransAmount',
      'TransAmount must be an amount from 0.01 to 10,000,000',
    );
  }
  return text;
}

/** A full phone number (digits only, 9 to 15) as a masked one: 2547 ***** 149. */
const FULL_NUMBER = /^\+?\d{9,15}$/;

/**
 * The MSISDN as kept: as Safaricom sent it (v2 masked, v1 a SHA-256 hash), except a whole number
 * (the sandbox may send one), which is masked the way v2 masks — no whole number is ever kept.
 */
export function maskedMsisdn(msisdn: string): string {
  const value = msisdn.trim();
  if (!FULL_NUMBER.test(value)) return value;
  const digits = value.replace(/^\+/, '');
  return `${digits.slice(0, 4)} ***** ${digits.slice(-3)}`;
}

/** The payer's names as one, or null when Safaricom gave none. */
export function payerNameOf(payment: C2bPayment): string | null {
  const name = [payment.FirstName, payment.MiddleName, payment.LastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return name === '' ? null : name;
}

/** A sale's reference, as a paybill account number may carry it: 8 hex characters. */
const SALE_REFERENCE = /^[0-9a-fA-F]{8}$/;

export type C2bOutcome = 'stored' | 'matched' | 'duplicate' | 'other_shortcode';

/**
 * A confirmation from Safaricom for `storeId` (the hook token's store): stored once, attached to
 * its sale by reference. The answer says what happened (the hook answers Accepted whatever).
 */
export async function recordC2bConfirmation(
  { db, clock }: AppDeps,
  storeId: number,
  payment: C2bPayment,
): Promise<C2bOutcome> {
  const amount = c2bAmountOf(payment.TransAmount);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [settings] = await tx
      .select({ shortcode: storeMpesaSettings.shortcode, partyB: storeMpesaSettings.partyB })
      .from(storeMpesaSettings)
      .where(eq(storeMpesaSettings.storeId, storeId));
    const shortcode = payment.BusinessShortCode.trim();
    // A till's confirmation may name the store number or the till number: either is the store's.
    if (!settings || (shortcode !== settings.shortcode && shortcode !== settings.partyB)) {
      return 'other_shortcode';
    }
    const receipt = payment.TransID.trim();
    if (await foldIntoReceiptlessPrompt(tx, storeId, { amount, receipt, payment, now })) {
      return 'duplicate';
    }
    const reference = payment.BillRefNumber?.trim() || null;
    const [stored] = await tx
      .insert(mpesaPayments)
      .values({
        storeId,
        source: 'c2b',
        status: 'paid',
        amount,
        phone: maskedMsisdn(payment.MSISDN),
        payerName: payerNameOf(payment),
        reference,
        mpesaReceipt: receipt,
        transactionTime: payment.TransTime,
        createdAt: now,
        completedAt: now,
      })
      .onConflictDoNothing({ target: [mpesaPayments.storeId, mpesaPayments.mpesaReceipt] })
      .returning({ id: mpesaPayments.id });
    if (!stored) return 'duplicate';
    if (reference === null || !SALE_REFERENCE.test(reference)) return 'stored';
    const matched = await attachByReference(tx, storeId, {
      id: stored.id,
      amount,
      receipt,
      reference,
    });
    return matched ? 'matched' : 'stored';
  });
}

/** How long after a prompt was found paid its C2B twin may still arrive. */
const TWIN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Whether Safaricom's MSISDN (v2 masked '2547 ***** 149', v1 a SHA-256 hash, or whole) can be
 * `phone` (+2547…, the number a prompt was sent to).
 */
export function msisdnCanBe(msisdn: string, phone: string): boolean {
  const digits = phone.replace(/^\+/, '');
  const value = msisdn.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) {
    return createHash('sha256').update(digits).digest('hex') === value.toLowerCase();
  }
  if (FULL_NUMBER.test(value)) return value.replace(/^\+/, '') === digits;
  const masked = /^(\d{3,6})\s*\*+\s*(\d{2,4})$/.exec(value);
  return masked !== null && digits.startsWith(masked[1]!) && digits.endsWith(masked[2]!);
}

/**
 * The same money as a prompt the status query found paid (research notes §1.6): the query
 * gives no receipt number, and when Safaricom's callback never comes, the payment may still
 * arrive as a C2B confirmation. A paid prompt of this store without a receipt, asked for exactly
 * this amount in whole shillings within the last 15 minutes from a number the MSISDN can be, is
 * that payment: it takes the receipt (and so does its sale, if it paid one), and no second row is
 * stored — one payment, countable once, able to pay one sale.
 */
async function foldIntoReceiptlessPrompt(
  tx: Executor,
  storeId: number,
  {
    amount,
    receipt,
    payment,
    now,
  }: { amount: string; receipt: string; payment: C2bPayment; now: Date },
): Promise<boolean> {
  const [shillings = '0', cents = ''] = amount.split('.');
  if (Number(cents.padEnd(2, '0')) !== 0) return false;
  const prompts = await tx
    .select({ id: mpesaPayments.id, phone: mpesaPayments.phone, saleId: mpesaPayments.saleId })
    .from(mpesaPayments)
    .where(
      and(
        eq(mpesaPayments.storeId, storeId),
        eq(mpesaPayments.source, 'stk'),
        eq(mpesaPayments.status, 'paid'),
        isNull(mpesaPayments.mpesaReceipt),
        eq(mpesaPayments.promptAmount, Number(shillings)),
        gte(mpesaPayments.completedAt, new Date(now.getTime() - TWIN_WINDOW_MS)),
      ),
    )
    .orderBy(asc(mpesaPayments.completedAt), asc(mpesaPayments.id))
    .for('update');
  const prompt = prompts.find(
    (row) => row.phone !== null && msisdnCanBe(payment.MSISDN, row.phone),
  );
  if (!prompt) return false;
  await tx
    .update(mpesaPayments)
    .set({ mpesaReceipt: receipt, transactionTime: payment.TransTime })
    .where(eq(mpesaPayments.id, prompt.id));
  if (prompt.saleId !== null) {
    await tx
      .update(salePayments)
      .set({ mpesaCode: receipt })
      .where(eq(salePayments.mpesaPaymentId, prompt.id));
    await tx
      .update(sales)
      .set({ mpesaCode: receipt })
      .where(and(eq(sales.id, prompt.saleId), isNull(sales.mpesaCode)));
  }
  return true;
}

/**
 * The sale whose reference a paybill payment carries: its first M-Pesa part not yet linked and
 * not more than the payment (the newest such sale, should two share a reference), locked, then
 * linked: the part's payment and code, the payment's sale, the sale's code if it had none, and
 * the sale verified once every M-Pesa part of it is linked. Case-insensitive: client sale ids
 * are kept in lower case; the range lets sales_store_client_sale_id_unique find them.
 */
async function attachByReference(
  tx: Executor,
  storeId: number,
  payment: { id: number; amount: string; receipt: string; reference: string },
): Promise<boolean> {
  const prefix = payment.reference.toLowerCase();
  const [part] = await tx
    .select({ id: salePayments.id, saleId: salePayments.saleId })
    .from(salePayments)
    .innerJoin(sales, eq(sales.id, salePayments.saleId))
    .where(
      and(
        eq(sales.storeId, storeId),
        gte(sales.clientSaleId, prefix),
        lt(sales.clientSaleId, `${prefix}g`),
        sql`left(${sales.clientSaleId}, 8) = ${prefix}`,
        eq(salePayments.method, 'mpesa'),
        isNull(salePayments.mpesaPaymentId),
        lte(salePayments.amount, payment.amount),
      ),
    )
    .orderBy(desc(sales.createdAt), asc(salePayments.id))
    .limit(1)
    .for('update', { of: salePayments });
  if (!part) return false;
  await tx
    .update(salePayments)
    .set({ mpesaPaymentId: payment.id, mpesaCode: payment.receipt })
    .where(eq(salePayments.id, part.id));
  await tx
    .update(mpesaPayments)
    .set({ saleId: part.saleId })
    .where(eq(mpesaPayments.id, payment.id));
  await tx
    .update(sales)
    .set({
      mpesaCode: sql`coalesce(${sales.mpesaCode}, ${payment.receipt})`,
      mpesaVerified: sql`case when exists (
        select from ${salePayments} sp
        where sp.sale_id = ${sales.id} and sp.method = 'mpesa' and sp.mpesa_payment_id is null)
        then ${sales.mpesaVerified} else true end`,
    })
    .where(eq(sales.id, part.saleId));
  return true;
}
