/** Test data for the outbox's tests (not loaded by the app). */
import type { EnqueueSaleInput } from './outbox';

/** A cash sale of one Jogoo 2 kg by Amina (user 5) in store 1, as the till keeps it. */
export function saleInput(
  overrides: {
    userId?: number;
    userName?: string;
    storeId?: number;
    localCustomerId?: string | null;
  } = {},
): EnqueueSaleInput {
  return {
    payload: {
      items: [{ product_id: 3, quantity: 1, unit_price: 185, total: 185, unit_type: 'piece' }],
      total: 185,
      delivery_fee: 0,
      customer_id: 1,
      status: 'completed',
      payment_status: 'paid',
      payment_method: 'cash',
      amount_paid: 200,
      change_amount: 15,
      client_sale_id: crypto.randomUUID(),
      sold_at: '2026-11-26T14:05:00.000+03:00',
    },
    user: { id: overrides.userId ?? 5, name: overrides.userName ?? 'Amina Cashier' },
    storeId: overrides.storeId ?? 1,
    localCustomerId: overrides.localCustomerId ?? null,
    receipt: {
      lines: [{ name: 'Jogoo Maize Flour 2kg', sku: 'JOG-2KG' }],
      customer: { name: 'Walk-in Customer', phone: null },
    },
  };
}
