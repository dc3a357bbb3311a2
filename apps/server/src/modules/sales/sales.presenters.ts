/**
 * A sale as the API gives it (spec §3 Sale; issue 21): its rows read into the shared shapes.
 * Money columns are read as numbers of shillings (shared/money).
 */
import { storedMoneyToNumber } from '@duka/shared/money/money';
import type { EtimsState } from '@duka/shared/etims/etims.schemas';
import type { Sale, SaleItem, SalePayment } from '@duka/shared/sales/sales.schemas';
import { presentTax } from '../etims/etims-read.service';
import type { CustomerRow } from '../customers/customers.table';
import { presentSaleReturn, type SaleReturnWithItems } from '../returns/returns.presenters';
import { receiptStatusOf } from './receipt-status';
import type { SaleItemRow, SalePaymentRow, SaleRow } from './sales.table';

/** A sale with what its receipt and its answers show. */
export interface SaleWithParts {
  sale: SaleRow;
  items: SaleItemRow[];
  /** The parts of its payment, in the order written (cash net of change). */
  payments: SalePaymentRow[];
  customer: Pick<CustomerRow, 'name' | 'email' | 'phone'> | null;
  user: { name: string; email: string } | null;
  /** The manager who approved a cashier's discount over the cap. */
  approver: { id: number; name: string } | null;
  /** The manager who reviewed an offline sale that needed it (issue 22); none when left out. */
  reviewer?: { id: number; name: string } | null;
  /** Issue 24: the sale's returns with their lines, oldest first (none when it has none). */
  returns?: SaleReturnWithItems[];
  /** Issue 26: the store's KRA PIN (its eTIMS settings), and the sale's state with eTIMS. */
  storeKraPin: string | null;
  etims: EtimsState;
}

const money = storedMoneyToNumber;

export function presentSaleItem(row: SaleItemRow): SaleItem {
  return {
    id: row.id,
    product_id: row.productId,
    Product: { name: row.productName, sku: row.productSku },
    quantity: row.quantity,
    unit_type: row.unitType,
    unit_price: money(row.unitPrice),
    total: money(row.total),
    // Lines sold before issue 20 kept no list price: their own price stands for it.
    list_price: money(row.listPrice ?? row.unitPrice),
    discount: money(row.discount),
    buying_price: money(row.buyingPrice),
    returned_quantity: row.returnedQuantity,
    tax_type: row.taxType,
    tax_amount: money(row.taxAmount),
  };
}

export function presentSalePayment(row: SalePaymentRow): SalePayment {
  return {
    method: row.method,
    amount: money(row.amount),
    mpesa_code: row.mpesaCode,
    mpesa_payment_id: row.mpesaPaymentId,
  };
}

export function presentSale({
  sale,
  items,
  payments,
  customer,
  user,
  approver,
  reviewer = null,
  returns = [],
  storeKraPin,
  etims,
}: SaleWithParts): Sale {
  return {
    id: sale.id,
    createdAt: sale.createdAt.toISOString(),
    total_amount: money(sale.totalAmount),
    subtotal: money(sale.subtotal),
    delivery_fee: money(sale.deliveryFee),
    payment_method: sale.paymentMethod,
    payments: payments.map(presentSalePayment),
    balance_due: money(sale.balanceDue),
    status: sale.status,
    payment_status: sale.paymentStatus,
    amount_paid: money(sale.amountPaid),
    change_amount: money(sale.changeAmount),
    mpesa_code: sale.mpesaCode,
    mpesa_verified: sale.mpesaVerified,
    discount_total: money(sale.discountTotal),
    discount_approved_by: approver,
    receipt_status: receiptStatusOf(sale),
    customer_id: sale.customerId,
    Customer: customer,
    User: user,
    items: items.map(presentSaleItem),
    client_sale_id: sale.clientSaleId,
    sold_at: sale.createdAt.toISOString(),
    received_at: (sale.receivedAt ?? sale.createdAt).toISOString(),
    offline: sale.offline,
    device_receipt_number: sale.deviceReceiptNumber,
    needs_review: sale.needsReview,
    review_reasons: sale.reviewReasons,
    reviewed_at: sale.reviewedAt?.toISOString() ?? null,
    reviewed_by: reviewer,
    review_note: sale.reviewNote,
    returned_amount: money(sale.returnedAmount),
    returns: returns.map(presentSaleReturn),
    shift_id: sale.shiftId,
    invoice_no: sale.invoiceNo,
    // The delivery fee is a service at the standard rate (B), taxed as a line of its own.
    tax: presentTax([
      ...items.map((item) => ({
        taxType: item.taxType,
        amount: item.total,
        taxAmount: item.taxAmount,
      })),
      ...(Number(sale.deliveryFee) === 0
        ? []
        : [{ taxType: 'B' as const, amount: sale.deliveryFee, taxAmount: sale.deliveryTax }]),
    ]),
    buyer_kra_pin: sale.buyerKraPin,
    store_kra_pin: storeKraPin,
    etims,
  };
}
