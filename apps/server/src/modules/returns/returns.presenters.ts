/** A return row and its lines → the API's answer (issue 24). */
import type { EtimsState } from '@duka/shared/etims/etims.schemas';
import { storedMoneyToNumber } from '@duka/shared/money/money';
import type { SaleReturn } from '@duka/shared/returns/returns.schemas';
import { presentTax } from '../etims/etims-read.service';
import type { SaleReturnItemRow, SaleReturnRow } from './returns.table';

export interface SaleReturnWithItems {
  row: SaleReturnRow;
  /** Each returned line with the sale line's name and unit. */
  items: (SaleReturnItemRow & { productName: string; unitType: 'piece' | 'pack' | 'dozen' })[];
  user: { id: number; name: string } | null;
  /** Issue 26: the credit note's state with eTIMS. */
  etims: EtimsState;
}

const money = storedMoneyToNumber;

export function presentSaleReturn({ row, items, user, etims }: SaleReturnWithItems): SaleReturn {
  return {
    id: row.id,
    sale_id: row.saleId,
    amount: money(row.amount),
    refund_method: row.refundMethod,
    mpesa_code: row.mpesaCode,
    reason: row.reason,
    items: items.map((item) => ({
      sale_item_id: item.saleItemId,
      product_id: item.productId,
      product_name: item.productName,
      unit_type: item.unitType,
      quantity: item.quantity,
      pieces: item.pieces,
      amount: money(item.amount),
      restock: item.restock,
    })),
    points_reversed: row.pointsReversed,
    shift_id: row.shiftId,
    User: user,
    created_at: row.createdAt.toISOString(),
    credit_note_no: row.creditNoteNo,
    tax: presentTax(
      items.map((item) => ({
        taxType: item.taxType,
        amount: item.amount,
        taxAmount: item.taxAmount,
      })),
    ),
    etims,
  };
}
