/**
 * What the rest of the app asks of the outbox (issue 22), loaded lazily (never up front): the
 * header's dialog lists the sales waiting and refused, retries one, exports them as CSV and
 * sends now; the till keeps a sale; sign-out counts what is waiting.
 */
import { i18n } from '@/lib/i18n';
import { formatDate } from '@/lib/format-date';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { receiptSale } from './local-receipt';
import { enqueueSale, getOutboxEntry, outboxOldestFirst, updateEntries } from './outbox';
import type { EnqueueSaleInput } from './outbox';
import { outboxChanged } from './outbox-status';
import type { OutboxEntry } from './outbox-types';
import { uploadNow } from './uploader';

export { getOutboxEntry, uploadNow };

/** The sales not yet on the server (waiting, sending, refused), oldest first. */
export async function listOutbox(): Promise<OutboxEntry[]> {
  return (await outboxOldestFirst()).filter((entry) => entry.state !== 'sent');
}

/** A refused sale goes back to waiting (after a fix on the server) and is sent again now. */
export async function retryEntry(clientSaleId: string): Promise<void> {
  const entry = await getOutboxEntry(clientSaleId);
  if (entry?.state !== 'refused') return;
  await updateEntries(new Map([[clientSaleId, { state: 'waiting', message: null }]]));
  await outboxChanged();
  await uploadNow();
}

/** Keeps a sale the till could not send, then tries to send it at once. */
export async function keepSale(input: EnqueueSaleInput): Promise<OutboxEntry> {
  const entry = await enqueueSale(input);
  await outboxChanged();
  void uploadNow().catch(() => undefined);
  return entry;
}

/** A sale kept on the device as its receipt shows it (app/ hands it to the receipt dialog). */
export interface KeptSaleReceipt {
  sale: Sale;
  state: OutboxEntry['state'];
  message: string | null;
}

/** The receipt of the sale kept under `clientSaleId`, or null when the device has no such sale. */
export async function localReceipt(clientSaleId: string): Promise<KeptSaleReceipt | null> {
  const entry = await getOutboxEntry(clientSaleId);
  if (!entry) return null;
  return {
    sale: receiptSale(entry),
    state: entry.state,
    message: entry.message,
  };
}

/** The person's sales still on the device, not yet sent (what sign-out warns about). */
export async function waitingCount(userId: number): Promise<number> {
  return (await outboxOldestFirst()).filter(
    (entry) => entry.user_id === userId && (entry.state === 'waiting' || entry.state === 'sending'),
  ).length;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A CSV cell (the reports' rules): numbers as they are; text guarded against formulas (a
 * leading apostrophe) and quoted when it holds a comma, semicolon, quote or line break.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The sales waiting and refused as a CSV file (UTF-8 with BOM, CRLF): time, receipt number,
 * person, total, state and the server's reason, for the shop's own records when a sale cannot
 * be sent.
 */
export async function exportOutboxCsv(): Promise<Blob> {
  const t = i18n.getFixedT(null, 'common', 'outbox');
  const header = [
    t('csv.time'),
    t('csv.receipt'),
    t('csv.person'),
    t('csv.total'),
    t('csv.state'),
    t('csv.reason'),
  ];
  const rows = (await listOutbox()).map((entry) => [
    formatDate(entry.sold_at, 'mediumWithTime'),
    entry.device_receipt_number,
    entry.user_name,
    entry.total.toFixed(2),
    t(`state.${entry.state}`),
    entry.message,
  ]);
  const lines = [header, ...rows].map((cells) => `${cells.map(csvCell).join(',')}\r\n`);
  return new Blob([`\uFEFF${lines.join('')}`], { type: 'text/csv;charset=utf-8' });
}
