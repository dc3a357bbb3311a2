/**
 * A sale kept on the device until the server has it (issue 22, decision 0012). web-outbox owns
 * the outbox and may add fields; this file is the contract the device database (device-db.ts),
 * the uploader and the header's dialog share. No runtime code: importing it costs nothing.
 */
import type { createSaleSchema } from '@duka/shared/sales/sales.schemas';
import type { z } from 'zod';

/** waiting → sending → sent | refused (refused stays until retried or exported). */
export type OutboxState = 'waiting' | 'sending' | 'sent' | 'refused';

/**
 * One sale of a POST /sales/sync body: the till's sale (features/pos SalePayload is assignable)
 * plus what the device adds. The offline feature never imports the till; the till imports it.
 */
export type OutboxSalePayload = Omit<z.input<typeof createSaleSchema>, 'customer_id'> & {
  /** null while the sale's customer is a local one not yet on the server (local_customer_id). */
  customer_id: number | null;
  client_sale_id: string;
  /** The device's time when the sale was made, ISO 8601 with offset. */
  sold_at: string;
  offline: true;
  device_receipt_number: string;
};

/** What the device's own receipt shows that the payload does not hold (web-outbox). */
export interface LocalReceiptInfo {
  /** Each payload line's product name and SKU, in the payload's order. */
  lines: { name: string; sku: string }[];
  customer: { name: string; phone: string | null } | null;
}

export interface OutboxEntry {
  /** crypto.randomUUID() made at checkout; also the Idempotency-Key. */
  client_sale_id: string;
  state: OutboxState;
  /** When the entry was written on the device (ISO); the upload order. */
  created_at: string;
  sold_at: string;
  /** The sale's total in shillings, as in the payload, for the status dialog. */
  total: number;
  /** Who made the sale: it uploads only under this person's session. */
  user_id: number;
  user_name: string;
  store_id: number;
  /** T<device number>-<seq>, e.g. T3-0042. */
  device_receipt_number: string;
  /** Why the server refused it, when it did. */
  message: string | null;
  /** The server's sale id once sent. */
  sale_id: number | null;
  /**
   * A customer added on the device while offline (local_customers.client_customer_id), or null.
   * While it is set, `payload.customer_id` is null: the uploader POSTs the customer first
   * (POST /customers with client_customer_id) and puts its server id in the payload.
   */
  local_customer_id: string | null;
  /** The names the receipt prints (T3-0042 printed offline, and again later). */
  receipt: LocalReceiptInfo;
  payload: OutboxSalePayload;
}
