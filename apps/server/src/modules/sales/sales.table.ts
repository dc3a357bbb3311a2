import type { ReviewReason } from '@duka/shared/sync/sync.schemas';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from '../customers/customers.table';
import { products } from '../products/products.table';
import { shifts } from '../shifts/shifts.table';
import { stores } from '../stores/stores.table';
import { users } from '../users/users.table';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 }).notNull();

/**
 * A completed sale at the till (spec §3 Sale; PRODUCT.md §3). Totals are the server's own sums
 * in exact decimals. `idempotency_key` (unique per store) makes a retried checkout return the
 * first sale; `request_hash` binds the key to the request it came with (saleRequestHash), so the
 * key sent with another body is refused (409). The receipt columns record when a receipt last went out by SMS or WhatsApp.
 */
export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subtotal: money('subtotal'),
    deliveryFee: money('delivery_fee').default('0'),
    totalAmount: money('total_amount'),
    // The single method of the sale's parts, or 'split' when more than one (issue 21); the parts
    // themselves are its sale_payments rows.
    paymentMethod: text('payment_method', { enum: ['cash', 'mpesa', 'credit', 'split'] }).notNull(),
    status: text('status').notNull().default('completed'),
    paymentStatus: text('payment_status').notNull().default('paid'),
    amountPaid: money('amount_paid'),
    changeAmount: money('change_amount').default('0'),
    mpesaCode: text('mpesa_code'),
    /** Issue 23: see saleSchema.mpesa_verified (null: not checked). */
    mpesaVerified: boolean('mpesa_verified'),
    // What is still owed of the sale's credit part (issue 21): payment_status is 'pending' while
    // it is above 0; repayments (customers' accounts) take it down to 0, then 'paid'.
    balanceDue: money('balance_due').default('0'),
    // Issue 20: the lines' discounts added up, and who approved a cashier's over the cap.
    // Wider than a sale's total: a line given away free can be worth more than any total.
    discountTotal: numeric('discount_total', { precision: 18, scale: 2 }).notNull().default('0'),
    discountApprovedBy: integer('discount_approved_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    receiptSmsAt: timestamp('receipt_sms_at', { withTimezone: true }),
    receiptWhatsappAt: timestamp('receipt_whatsapp_at', { withTimezone: true }),
    // Issue 21: the latest SMS through the provider — queued, sent, delivered or failed — and
    // why it failed (receipt-send.service.ts).
    receiptSmsState: text('receipt_sms_state', {
      enum: ['queued', 'sent', 'delivered', 'failed'],
    }),
    receiptSmsError: text('receipt_sms_error'),
    // When the sale was made: for a sale made offline, the device's time (sold_at), so lists
    // and reports place it on the day it was made (issue 22).
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Issue 22, the offline till (decisions/0012). When the server recorded the sale; null for
    // the sales recorded before this column (made online: the same as created_at).
    receivedAt: timestamp('received_at', { withTimezone: true }).defaultNow(),
    // The device's UUID of the sale, unique per store: sent again, the first sale answers.
    clientSaleId: text('client_sale_id'),
    offline: boolean('offline').notNull().default(false),
    // The receipt number the device printed while offline (T3-0042).
    deviceReceiptNumber: text('device_receipt_number'),
    // An offline sale that took a product below the server's count: flagged until a manager
    // reviews it; the reasons name each short product.
    needsReview: boolean('needs_review').notNull().default(false),
    reviewReasons: jsonb('review_reasons').$type<ReviewReason[]>().notNull().default([]),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    // What the manager noted when reviewing it (a count made, a transfer), or null.
    reviewNote: text('review_note'),
    // Issue 24: the refunds of the sale's returns added up; status follows them
    // (partially_returned, returned).
    returnedAmount: money('returned_amount').default('0'),
    // Issue 24: the seller's cash-drawer shift open when the sale was made, or null.
    shiftId: integer('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    // Issue 26: the invoice number, consecutive per store from 1 with no gap (given by a trigger
    // from store_document_numbers, migration 0042); the VAT in the delivery fee (always B,
    // 16%); the buyer's KRA PIN printed on the invoice.
    // The trigger replaces whatever an insert says (0 here, so an insert need not say it).
    invoiceNo: integer('invoice_no')
      .notNull()
      .$defaultFn(() => 0),
    deliveryTax: money('delivery_tax').default('0'),
    buyerKraPin: text('buyer_kra_pin'),
  },
  (table) => [
    // The key its lines, payment parts, receipt sends and repayment allocations reference
    // with their own store_id: a row under a sale is always the sale's store's (issue 27).
    unique('sales_id_store_unique').on(table.id, table.storeId),
    uniqueIndex('sales_store_invoice_no_unique').on(table.storeId, table.invoiceNo),
    uniqueIndex('sales_store_client_sale_id_unique').on(table.storeId, table.clientSaleId),
    // The few sales waiting for a manager's review (GET /sales?needs_review=true).
    index('sales_store_needs_review_idx')
      .on(table.storeId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.needsReview}`),
    index('sales_store_created_idx').on(table.storeId, table.createdAt.desc(), table.id.desc()),
    // The few cancelled sales, for the reports to leave out without reading every sale.
    index('sales_store_cancelled_idx')
      .on(table.storeId, table.createdAt)
      .where(sql`${table.status} = 'cancelled'`),
    uniqueIndex('sales_store_idempotency_key_unique').on(table.storeId, table.idempotencyKey),
    // A customer's sales still owed, oldest first: where a repayment goes (issue 21).
    index('sales_customer_unpaid_idx')
      .on(table.storeId, table.customerId, table.createdAt, table.id)
      .where(sql`${table.balanceDue} > 0`),
    check(
      'sales_payment_method_valid',
      sql`${table.paymentMethod} in ('cash', 'mpesa', 'credit', 'split')`,
    ),
    check('sales_balance_due_not_negative', sql`${table.balanceDue} >= 0`),
    check('sales_total_not_negative', sql`${table.totalAmount} >= 0`),
    index('sales_shift_idx')
      .on(table.shiftId)
      .where(sql`${table.shiftId} is not null`),
  ],
);

/**
 * A line of a sale. Name and SKU are copied so the sale still reads after the product changes
 * or goes; `buying_price` is the product's buying price for this unit at the time of sale, so
 * profit stays true after price changes; `pieces` is what left the shelf. `store_id` and
 * `sold_at` are the sale's own, copied when the line is written (a sale never changes store or
 * time), so product performance reads a range's lines from one index without joining every
 * line to its sale (issue 10).
 */
export const saleItems = pgTable(
  'sale_items',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productSku: text('product_sku').notNull(),
    // The product's kind when sold: a service's line takes no stock and is not product revenue.
    productKind: text('product_kind', { enum: ['goods', 'service'] })
      .notNull()
      .default('goods'),
    unitType: text('unit_type', { enum: ['piece', 'pack', 'dozen'] }).notNull(),
    quantity: integer('quantity').notNull(),
    pieces: integer('pieces').notNull(),
    unitPrice: money('unit_price'),
    buyingPrice: money('buying_price'),
    total: money('total'),
    // Issue 20: the product's selling price of the line's unit at the time (null on lines sold
    // before it was kept: read as the unit price), and list × quantity − total when above 0.
    listPrice: numeric('list_price', { precision: 12, scale: 2 }),
    discount: numeric('discount', { precision: 16, scale: 2 }).notNull().default('0'),
    storeId: integer('store_id').notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull(),
    // Issue 24: how much of the quantity has come back; never more than was sold.
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    // Issue 26: the product's tax letter when sold, and the VAT inside `total` (line_tax(),
    // migration 0042: total × rate / (100 + rate), to the cent), set by a trigger.
    taxType: text('tax_type', { enum: ['A', 'B', 'C', 'D', 'E'] })
      .notNull()
      .default('B'),
    taxAmount: numeric('tax_amount', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (table) => [
    foreignKey({
      name: 'sale_items_sale_store_fk',
      columns: [table.saleId, table.storeId],
      foreignColumns: [sales.id, sales.storeId],
    }).onDelete('cascade'),
    index('sale_items_sale_idx').on(table.saleId),
    // A store's lines in a time range (product performance), without the sale.
    index('sale_items_store_sold_idx').on(table.storeId, table.soldAt),
    index('sale_items_product_idx').on(table.productId),
    check('sale_items_quantity_positive', sql`${table.quantity} >= 1`),
    check(
      'sale_items_returned_quantity_range',
      sql`${table.returnedQuantity} between 0 and ${table.quantity}`,
    ),
  ],
);

/**
 * The parts of a sale's payment (issue 21, the money ledger): one row per part, cash, M-Pesa
 * (with its code) or credit (what the named customer owes). Cash is net of the change given, so
 * the parts of a sale add up to its total. `store_id` and `created_at` are the sale's, copied,
 * so the sales summary reads a range's parts from one index.
 */
export const salePayments = pgTable(
  'sale_payments',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id').notNull(),
    storeId: integer('store_id').notNull(),
    method: text('method', { enum: ['cash', 'mpesa', 'credit'] }).notNull(),
    amount: money('amount'),
    mpesaCode: text('mpesa_code'),
    /** Issue 23: the mpesa_payments row (STK request or received payment) that paid this part. */
    mpesaPaymentId: integer('mpesa_payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'sale_payments_sale_store_fk',
      columns: [table.saleId, table.storeId],
      foreignColumns: [sales.id, sales.storeId],
    }).onDelete('cascade'),
    index('sale_payments_sale_idx').on(table.saleId),
    index('sale_payments_store_created_idx').on(table.storeId, table.createdAt),
    check('sale_payments_method_valid', sql`${table.method} in ('cash', 'mpesa', 'credit')`),
    check('sale_payments_amount_positive', sql`${table.amount} > 0`),
  ],
);

/** Every receipt sent by SMS or WhatsApp: to whom, by whom, and the provider's answer. */
export const receiptSends = pgTable(
  'receipt_sends',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id').notNull(),
    // The sale's store (issue 27).
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    channel: text('channel', { enum: ['sms', 'whatsapp'] }).notNull(),
    phone: text('phone').notNull(),
    // 'link' (wa.me / sms: opened on the device), 'confirmed'; through the provider (issue 21)
    // 'queued', 'sent', 'delivered' or 'failed' (`error` says why).
    status: text('status').notNull(),
    providerMessageId: text('provider_message_id'),
    // The background job that sends it (modules/jobs), and the reason it finally failed.
    jobId: integer('job_id'),
    error: text('error'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'receipt_sends_sale_store_fk',
      columns: [table.saleId, table.storeId],
      foreignColumns: [sales.id, sales.storeId],
    }).onDelete('cascade'),
    index('receipt_sends_sale_idx').on(table.saleId),
    index('receipt_sends_job_idx').on(table.jobId),
    // A delivery report names the message by the provider's id.
    index('receipt_sends_provider_message_idx').on(table.providerMessageId),
  ],
);

export type SaleRow = typeof sales.$inferSelect;
export type SaleItemRow = typeof saleItems.$inferSelect;
export type SalePaymentRow = typeof salePayments.$inferSelect;
