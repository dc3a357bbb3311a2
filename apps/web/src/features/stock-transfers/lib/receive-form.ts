/**
 * Receiving a transfer: each line starts at what was sent, in the line's unit; what is typed is
 * turned into pieces at the pack size the line was sent with (pieces ÷ quantity), and the
 * difference (received − sent, in pieces) shows as it is typed. Lines whose product the sender
 * has since deleted cannot be named in the request and arrive as sent.
 */
import {
  receiveStockTransferSchema,
  type ReceiveStockTransferInput,
  type StockTransfer,
  type StockTransferItem,
} from '@duka/shared/stock-transfers/stock-transfers.schemas';
import { wholeNumber } from './send-form';

/** Received quantities as typed, by line id. */
export type ReceiveValues = Record<number, string>;

export function receiveDefaults(transfer: Pick<StockTransfer, 'items'>): ReceiveValues {
  return Object.fromEntries(transfer.items.map((item) => [item.id, String(item.quantity)]));
}

/** Pieces in one of the line's unit, as sent (a pack of 12 sent as 2 → 24 pieces → 12). */
export function piecesPerLineUnit(item: Pick<StockTransferItem, 'quantity' | 'pieces'>): number {
  return item.quantity > 0 ? item.pieces / item.quantity : 1;
}

/** Received − sent in pieces for what is typed, or null while it is not a whole number. */
export function lineDifference(
  item: Pick<StockTransferItem, 'quantity' | 'pieces'>,
  value: string | undefined,
): number | null {
  const received = wholeNumber(value ?? '');
  if (received === null) return null;
  return received * piecesPerLineUnit(item) - item.pieces;
}

/** Every line's difference added up (a line not yet whole counts as sent). */
export function totalDifference(
  items: readonly Pick<StockTransferItem, 'id' | 'quantity' | 'pieces'>[],
  values: ReceiveValues,
): number {
  return items.reduce((sum, item) => sum + (lineDifference(item, values[item.id]) ?? 0), 0);
}

export type ReceiveResult =
  { ok: true; body: ReceiveStockTransferInput } | { ok: false; errors: Record<number, string> };

/** The request: every line the sender still has, at what was typed; else the messages by line. */
export function receiveRequest(
  transfer: Pick<StockTransfer, 'items'>,
  values: ReceiveValues,
): ReceiveResult {
  const lines = transfer.items.filter(
    (item): item is StockTransferItem & { product_id: number } => item.product_id !== null,
  );
  const body = {
    items: lines.map((item) => {
      const text = (values[item.id] ?? '').trim();
      return {
        product_id: item.product_id,
        received_quantity: wholeNumber(text) ?? (text === '' ? Number.NaN : Number(text)),
      };
    }),
  };
  const result = receiveStockTransferSchema.safeParse(body);
  if (result.success) return { ok: true, body: result.data };
  const errors: Record<number, string> = {};
  for (const issue of result.error.issues) {
    const [, index] = issue.path;
    const item = typeof index === 'number' ? lines[index] : undefined;
    if (item) errors[item.id] ??= issue.message;
  }
  return { ok: false, errors };
}
