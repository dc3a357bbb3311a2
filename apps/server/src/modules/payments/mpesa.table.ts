import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sales } from '../sales/sales.table';
import { stores } from '../stores/stores.table';
import { users } from '../users/users.table';

/**
 * A store's M-Pesa (Daraja) settings (issue 23, decisions/0013). The row is made the first time
 * a manager reads the settings (hook_token, the unguessable part of the three hook URLs, is made
 * then: hex, so it never holds a word Safaricom refuses); the Daraja fields stay null until the
 * first save. Secrets are never answered or logged: GET says only whether each is set.
 */
export const storeMpesaSettings = pgTable(
  'store_mpesa_settings',
  {
    storeId: integer('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    hookToken: text('hook_token').notNull(),
    shortcode: text('shortcode'),
    kind: text('kind', { enum: ['till', 'paybill'] }),
    partyB: text('party_b'),
    environment: text('environment', { enum: ['sandbox', 'production'] }),
    passkey: text('passkey'),
    consumerKey: text('consumer_key'),
    consumerSecret: text('consumer_secret'),
    /** When Daraja last accepted the C2B URLs: the store then receives confirmations. */
    c2bRegisteredAt: timestamp('c2b_registered_at', { withTimezone: true }),
    c2bRegistrationError: text('c2b_registration_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('store_mpesa_settings_hook_token_unique').on(table.hookToken)],
);

/**
 * Every M-Pesa payment the store asked for or received, in one id space (mpesa_payment_id):
 * - source 'stk': a prompt sent to a phone (status pending → paid | failed | cancelled), keyed by
 *   Daraja's CheckoutRequestID; mpesa_receipt comes with the paid callback.
 * - source 'c2b': a payment the customer made to the till or paybill from their own phone
 *   (status 'paid' on arrival), keyed by its TransID, kept in mpesa_receipt.
 * A receipt number is the same money on both channels (research notes §1.6), so it is unique per
 * store. sale_id: the one sale it paid (a payment pays one sale only).
 */
export const mpesaPayments = pgTable(
  'mpesa_payments',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    source: text('source', { enum: ['stk', 'c2b'] }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'cancelled'] }).notNull(),
    /** KSh exact: the sale's amount for a prompt (asked rounded up), TransAmount for C2B. */
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    /** STK: the whole shillings the phone was asked for. */
    promptAmount: integer('prompt_amount'),
    /** STK: +2547… as asked; C2B: the masked or hashed MSISDN as Safaricom sent it. */
    phone: text('phone'),
    /** C2B: the payer's names as Safaricom sent them (may be empty). */
    payerName: text('payer_name'),
    /** STK: AccountReference; C2B: BillRefNumber (paybill account number). */
    reference: text('reference'),
    merchantRequestId: text('merchant_request_id'),
    checkoutRequestId: text('checkout_request_id'),
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    /** MpesaReceiptNumber (STK) or TransID (C2B). */
    mpesaReceipt: text('mpesa_receipt'),
    /** TransactionDate (STK, a number kept as text) or TransTime (C2B), as Safaricom sent it. */
    transactionTime: text('transaction_time'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    saleId: integer('sale_id').references(() => sales.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was paid, failed or cancelled (C2B: when the confirmation arrived). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('mpesa_payments_checkout_request_unique').on(table.checkoutRequestId),
    uniqueIndex('mpesa_payments_store_receipt_unique').on(table.storeId, table.mpesaReceipt),
    index('mpesa_payments_store_created_idx').on(table.storeId, table.createdAt),
    index('mpesa_payments_store_unmatched_idx')
      .on(table.storeId, table.createdAt)
      .where(sql`${table.saleId} is null and ${table.status} = 'paid'`),
    index('mpesa_payments_sale_idx').on(table.saleId),
    check('mpesa_payments_source_valid', sql`${table.source} in ('stk', 'c2b')`),
    check(
      'mpesa_payments_status_valid',
      sql`${table.status} in ('pending', 'paid', 'failed', 'cancelled')`,
    ),
    check('mpesa_payments_amount_positive', sql`${table.amount} > 0`),
  ],
);
