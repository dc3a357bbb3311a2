import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { saleReturns } from '../returns/returns.table';
import { sales } from '../sales/sales.table';
import { stores } from '../stores/stores.table';

/**
 * A store's gap-free document numbers (issue 26, decisions/0017): the last number given in each
 * series — 'invoice' (sales.invoice_no), 'credit_note' (sale_returns.credit_note_no) and
 * 'etims' (the invcNo sent to OSCU, shared by a branch's sales and credit notes). A number is
 * taken by next_document_no() (migration 0042) in the writing transaction: the row stays locked
 * until it commits, so a rolled-back sale gives its number back and the store's next sale gets
 * it — consecutive, with no gap, at the price of serialising a store's sales from that moment
 * (write_sale takes it last) to their commit.
 */
export const storeDocumentNumbers = pgTable(
  'store_document_numbers',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    series: text('series', { enum: ['invoice', 'credit_note', 'etims'] }).notNull(),
    lastNo: integer('last_no').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.storeId, table.series] }),
    check(
      'store_document_numbers_series_valid',
      sql`${table.series} in ('invoice', 'credit_note', 'etims')`,
    ),
  ],
);

/**
 * A store's eTIMS (OSCU) registration (issue 26): what the manager typed, and what
 * selectInitOsdcInfo answered. `cmc_key` is a secret: never answered, never logged. A store
 * whose `registered_at` is set sends every sale and credit note made from then on.
 */
export const storeEtimsSettings = pgTable('store_etims_settings', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  kraPin: text('kra_pin').notNull(),
  branchId: text('branch_id').notNull(),
  deviceSerial: text('device_serial').notNull(),
  environment: text('environment', { enum: ['sandbox', 'production'] }).notNull(),
  cmcKey: text('cmc_key'),
  sdcId: text('sdc_id'),
  mrcNo: text('mrc_no'),
  registeredAt: timestamp('registered_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An invoice to send to eTIMS (issue 26): a sale (rcptTyCd S) or a credit note for a return (R,
 * orgInvcNo the sale's etims_no). Written in the sale's or the return's own transaction by
 * triggers (migration 0042) when the store is registered — a sale of an unregistered store has
 * no row and reads as 'not_registered' — and sent by the etims-send job in etims_no order per
 * store. `status`: pending (waiting, or KRA unreachable: tried again later), sent (KRA's
 * answer kept, with the PIN, branch, environment and control unit it was signed under),
 * failed (KRA refused: its resultCd and resultMsg kept; Retry makes it pending).
 */
export const etimsInvoices = pgTable(
  'etims_invoices',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['sale', 'credit_note'] }).notNull(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    returnId: integer('return_id').references(() => saleReturns.id, { onDelete: 'cascade' }),
    /** OSCU's invcNo: consecutive per store across sales and credit notes. */
    etimsNo: integer('etims_no').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    /** OSCU's answer: curRcptNo, totRcptNo, intrlData, rcptSign, sdcDateTime. */
    receiptNo: integer('receipt_no'),
    totalReceiptNo: integer('total_receipt_no'),
    internalData: text('internal_data'),
    signature: text('signature'),
    sdcDateTime: text('sdc_date_time'),
    /** KRA's resultCd and resultMsg of a refusal, or why the last try did not reach KRA. */
    resultCode: text('result_code'),
    message: text('message'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * The registration it was signed under, kept when KRA signs it (null before): its receipt's
     * CU number and QR code are these, whatever the store's settings become later.
     */
    kraPin: text('kra_pin'),
    branchId: text('branch_id'),
    environment: text('environment', { enum: ['sandbox', 'production'] }),
    sdcId: text('sdc_id'),
  },
  (table) => [
    uniqueIndex('etims_invoices_store_no_unique').on(table.storeId, table.etimsNo),
    uniqueIndex('etims_invoices_sale_unique')
      .on(table.saleId)
      .where(sql`${table.kind} = 'sale'`),
    uniqueIndex('etims_invoices_return_unique').on(table.returnId),
    // The store's invoices still to send, in order (the job's read).
    index('etims_invoices_store_pending_idx')
      .on(table.storeId, table.etimsNo)
      .where(sql`${table.status} = 'pending'`),
    check('etims_invoices_kind_valid', sql`${table.kind} in ('sale', 'credit_note')`),
    check('etims_invoices_status_valid', sql`${table.status} in ('pending', 'sent', 'failed')`),
    check(
      'etims_invoices_environment_valid',
      sql`${table.environment} is null or ${table.environment} in ('sandbox', 'production')`,
    ),
  ],
);

export type EtimsInvoiceRow = typeof etimsInvoices.$inferSelect;
export type StoreEtimsSettingsRow = typeof storeEtimsSettings.$inferSelect;
