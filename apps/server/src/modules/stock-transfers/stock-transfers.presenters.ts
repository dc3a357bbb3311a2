/** Stock transfers as the API answers them (issue 25): stores and people by id and name. */
import { storedMoneyToNumber } from '@duka/shared/money/money';
import type { StockTransfer } from '@duka/shared/stock-transfers/stock-transfers.schemas';
import type { StockTransferItemRow, StockTransferRow } from './stock-transfers.table';

export type Ref = { id: number; name: string };

export interface TransferWithDetails {
  row: StockTransferRow;
  fromStore: Ref;
  toStore: Ref;
  sentBy: Ref | null;
  receivedBy: Ref | null;
  cancelledBy: Ref | null;
  items: StockTransferItemRow[];
}

export function presentTransfer(transfer: TransferWithDetails): StockTransfer {
  const { row, items } = transfer;
  return {
    id: row.id,
    from_store_id: row.fromStoreId,
    to_store_id: row.toStoreId,
    from_store: transfer.fromStore,
    to_store: transfer.toStore,
    status: row.status,
    note: row.note,
    sent_by: transfer.sentBy,
    sent_at: row.sentAt.toISOString(),
    received_by: transfer.receivedBy,
    received_at: row.receivedAt?.toISOString() ?? null,
    cancelled_by: transfer.cancelledBy,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    items: items.map((item) => ({
      id: item.id,
      product_id: item.productId,
      to_product_id: item.toProductId,
      sku: item.sku,
      name: item.name,
      quantity: item.quantity,
      unit_type: item.unitType,
      pieces: item.pieces,
      received_quantity: item.receivedQuantity,
      received_pieces: item.receivedPieces,
      difference_pieces: item.differencePieces,
      piece_buying_price: storedMoneyToNumber(item.pieceBuyingPrice),
    })),
    total_pieces: items.reduce((sum, item) => sum + item.pieces, 0),
    total_difference_pieces: items.reduce((sum, item) => sum + (item.differencePieces ?? 0), 0),
  };
}
