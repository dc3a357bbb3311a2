/**
 * The receipt of a sale kept on the device (issue 22): the outbox entry read as a sale, so the
 * receipt view prints it as any other — numbered by the device (T3-0042) and, once the server
 * has it, with the sale's own number too. The server recomputes every total the same way (in
 * cents), so what this receipt says is what the sale will say.
 */
import { centsToNumber, toCents } from '@duka/shared/money/money';
import type { Sale, SalePaymentMethod } from '@duka/shared/sales/sales.schemas';
import type { UnitType } from '@duka/shared/money/units';
import { DEFAULT_TAX_TYPE } from '@duka/shared/tax/tax';
import type { OutboxEntry } from './outbox-types';

interface PayloadLine {
  product_id: number;
  quantity: number;
  unit_price: number;
  total?: number;
  unit_type?: UnitType;
}

const cents = (value: unknown) => toCents(value) ?? 0;

/** The entry as the receipt view's sale: id 0 until the server gives the sale its number. */
export function receiptSale(entry: OutboxEntry): Sale {
  const payload = entry.payload;
  const lines = (Array.isArray(payload.items) ? payload.items : []) as PayloadLine[];
  const items = lines.map((line, index) => {
    const named = entry.receipt.lines[index];
    const totalCents = cents(line.unit_price) * line.quantity;
    return {
      id: index + 1,
      product_id: line.product_id,
      Product: { name: named?.name ?? '', sku: named?.sku ?? '' },
      quantity: line.quantity,
      unit_type: line.unit_type ?? 'piece',
      unit_price: centsToNumber(cents(line.unit_price)),
      total: centsToNumber(totalCents),
      list_price: centsToNumber(cents(line.unit_price)),
      discount: 0,
      buying_price: 0,
      returned_quantity: 0,
      // Issue 26: the line's tax is the server's to work out once uploaded; the receipt made on
      // the device prints none (its tax table and eTIMS block show only with the server's sale).
      tax_type: DEFAULT_TAX_TYPE,
      tax_amount: 0,
    };
  });
  const subtotalCents = items.reduce((sum, item) => sum + cents(item.total), 0);
  const method: SalePaymentMethod = payload.payment_method ?? 'cash';
  const mpesaCode = typeof payload.mpesa_code === 'string' ? payload.mpesa_code : null;
  const paidCents = cents(payload.amount_paid);
  const changeCents = cents(payload.change_amount);
  return {
    id: entry.sale_id ?? 0,
    createdAt: entry.sold_at,
    total_amount: centsToNumber(cents(payload.total)),
    subtotal: centsToNumber(subtotalCents),
    delivery_fee: centsToNumber(cents(payload.delivery_fee)),
    payment_method: method,
    payments: [
      {
        method: method === 'mpesa' ? 'mpesa' : 'cash',
        amount: centsToNumber(method === 'cash' ? paidCents - changeCents : paidCents),
        mpesa_code: mpesaCode,
        mpesa_payment_id: null,
      },
    ],
    balance_due: 0,
    status: 'completed',
    payment_status: 'paid',
    amount_paid: centsToNumber(paidCents),
    change_amount: centsToNumber(changeCents),
    mpesa_code: mpesaCode,
    mpesa_verified: null,
    discount_total: centsToNumber(cents(payload.cart_discount)),
    discount_approved_by: null,
    receipt_status: { sms: false, whatsapp: false, sms_state: null, sms_error: null },
    customer_id: payload.customer_id ?? null,
    Customer: entry.receipt.customer
      ? { name: entry.receipt.customer.name, email: null, phone: entry.receipt.customer.phone }
      : null,
    User: { name: entry.user_name, email: '' },
    items,
    client_sale_id: entry.client_sale_id,
    sold_at: entry.sold_at,
    received_at: entry.created_at,
    offline: true,
    device_receipt_number: entry.device_receipt_number,
    needs_review: false,
    review_reasons: [],
    reviewed_at: null,
    reviewed_by: null,
    review_note: null,
    // Not uploaded yet: no returns, and the shift it joins is the server's to say (issue 24).
    returned_amount: 0,
    returns: [],
    shift_id: null,
    // Issue 26: numbered, taxed and sent to eTIMS by the server when uploaded — none of it yet.
    invoice_no: 0,
    tax: [],
    buyer_kra_pin: null,
    store_kra_pin: null,
    etims: { status: 'not_registered' },
  };
}
